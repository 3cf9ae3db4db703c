"""ZeFRS (seed 002, the free re-release of the 1985 Conan RPG's rules): one colour chart
read by every check, declared actions, d10 initiative, aiming points."""
