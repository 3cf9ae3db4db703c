"""Computer players for Flank (headless: never imports pygame).

    from game.ai import make_controller
    ctl = make_controller("tactician", seed=7)      # or "greedy", "random", "ai:tactician"
    cmd = ctl.choose(state, side, legal)            # the turn manager's Controller protocol

Players:
    random      any legal command, uniformly
    greedy      the attack or move with the best immediate expected value from the exact odds
    tactician   (the default) one exchange of look-ahead with the exact odds as chance
                outcomes, weighing position: threat, arcs, reach, free attacks, charges, set
                spears, focus fire, withdrawal and the answer to each reaction prompt

Every player sees the battle only as its side may (`RulesetHooks.visible`), keeps its own
random generator and dice, and changes nothing outside itself, so `choose` may run in a
worker thread.  Rulesets without hooks of their own get the generic ones
(`game.ai.hooks.RulesetHooks`).
"""

from __future__ import annotations

from game.ai.players import AIPlayer, GreedyAI, RandomAI, Tactician

PLAYERS: dict[str, type[AIPlayer]] = {"random": RandomAI, "greedy": GreedyAI,
                                      "tactician": Tactician}
DEFAULT = "tactician"


def parse_spec(spec: str) -> str:
    """The player name in a spec ("tactician", "ai:greedy", "AI", "ai"); ValueError if none."""
    if not isinstance(spec, str):
        raise ValueError(f"a player is named by a string, not {type(spec).__name__}")
    text = spec.strip().lower()
    if text.startswith("ai:"):
        text = text[3:].strip()
    elif text in ("ai", "computer"):
        text = DEFAULT
    if text not in PLAYERS:
        raise ValueError(f"unknown player {spec!r} (known: ai, "
                         f"{', '.join('ai:' + p for p in PLAYERS)})")
    return text


def make_controller(spec: str, seed: int = 0) -> AIPlayer:
    """A fresh computer player for `spec` ("random", "greedy", "tactician", "ai:NAME", "ai"),
    seeded with `seed`.  Raises ValueError naming the known players for anything else."""
    return PLAYERS[parse_spec(spec)](seed)


__all__ = ["DEFAULT", "PLAYERS", "AIPlayer", "GreedyAI", "RandomAI", "Tactician",
           "make_controller", "parse_spec"]
