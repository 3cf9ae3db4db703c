"""`python -m game.maps PATH...`: check maps; exit status 1 if any is bad."""

from game.maps.validate import main

raise SystemExit(main())
