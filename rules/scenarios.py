"""Small built-in positions, for the demo and the benchmarks (bundled maps live in maps/)."""

from __future__ import annotations

from rules.builder import Scenario
from rules.engine import BattleSetup, ruleset_of


def demo_setup(ruleset: str, seed: int = 1) -> BattleSetup:
    """The demo battle of a ruleset: under Fallen Empire a patrol of men meets a band of orcs
    and their ogre, under Empress a legion patrol meets raiders; any other ruleset is asked
    for its own small skirmish (`Ruleset.sample_setup`), so a ruleset added later (bundled or
    installed beside Flank) needs no line here.  KeyError, saying so, for an unknown ruleset
    or one that offers no skirmish."""
    if ruleset == "empress":
        return _empress_demo(seed)
    if ruleset != "fallen_empire":
        setup = ruleset_of(ruleset).sample_setup("skirmish", seed)
        if setup is None:
            raise KeyError(f"{ruleset!r} offers no demo skirmish (Ruleset.sample_setup)")
        return setup
    return (Scenario(ruleset, seed=seed, radius=8, title="Patrol meets orcs")
            .side("patrol", player_characters=True).side("orcs")
            .unit("sergeant", "fighting_man", "patrol", (-3, 0), facing=0)
            .unit("spear", "man_at_arms_spear", "patrol", (-3, 1), facing=0)
            .unit("xbow", "crossbowman", "patrol", (-4, 1), facing=0)
            .unit("orc1", "orc", "orcs", (3, 0), facing=3)
            .unit("orc2", "orc", "orcs", (3, -1), facing=3)
            .unit("ogre", "ogre", "orcs", (4, -1), facing=3)
            .build())


def _empress_demo(seed: int) -> BattleSetup:
    """Empress: a legionary (the §3 example's Agility 13, light mail and medium shield), a
    halberdier and a crossbowman meet a duelist with two blades, an orc and a
    hobgoblin: reach, parrying, shields, holds and segments all come up in a few rounds."""
    return (Scenario("empress", seed=seed, radius=4, title="Legion patrol meets raiders")
            .side("legion", player_characters=True).side("raiders")
            .unit("legionary", "legionary", "legion", (-1, 0), facing=0)
            .unit("halberdier", "halberdier", "legion", (-2, 1), facing=0)
            .unit("xbow", "crossbowman", "legion", (-3, 0), facing=0)
            .unit("duelist", "duelist", "raiders", (1, -1), facing=3)
            .unit("orc", "orc", "raiders", (1, 0), facing=3)
            .unit("hob", "hobgoblin", "raiders", (2, -1), facing=3)
            .options(max_rounds=20)
            .build())


def open_field(ruleset: str, per_side: int = 12, seed: int = 0) -> BattleSetup:
    """Two lines of `per_side` men facing each other across open ground (benchmarks)."""
    pcs = ["fighting_man", "man_at_arms_spear", "crossbowman", "pikeman", "veteran", "elf"]
    foes = ["orc", "orc", "hobgoblin", "goblin", "gnoll", "orc"]
    sc = Scenario(ruleset, seed=seed, radius=14, title="Open field").side("men", True)
    sc.side("orcs")
    for i in range(per_side):
        r = i - per_side // 2
        sc.unit(f"m{i:02d}", pcs[i % len(pcs)], "men", (-4 - (r + 1) // 2, r), facing=0)
        sc.unit(f"o{i:02d}", foes[i % len(foes)], "orcs", (4 - (r + 1) // 2, r), facing=3)
    return sc.build()


# The AI strength games (bench/ai.py): two identical bands eight hexes apart on open ground.
#   heroes  a party of player characters a side (fighter, elf, dwarf, cleric, thief,
#           magic-user): spells, bows, bandages, charges; nobody checks morale (FE-04 exempts
#           player characters), so the fighting decides the battle
#   mixed   fighter, spearman, pikeman, veteran, crossbowman, orc: set spears and reach, and
#           the hirelings check morale -- in Fallen Empire one failed 2d6 at the first
#           casualty (28% with a veteran's 8) ends a battle, so luck weighs far more
MIRROR_BANDS = {
    "heroes": ["fighting_man", "elf", "dwarf", "cleric", "thief", "magic_user"],
    "mixed": ["fighting_man", "man_at_arms_spear", "pikeman", "veteran", "crossbowman", "orc"],
}


def mirror_skirmish(ruleset: str, per_side: int = 6, kind: str = "heroes") -> BattleSetup:
    """Two identical bands facing each other across open ground, eight hexes apart."""
    band = MIRROR_BANDS[kind]
    sc = Scenario(ruleset, seed=0, radius=10, title=f"Mirror skirmish ({kind})").side("a")
    sc.side("b")
    for i in range(per_side):
        r = i - per_side // 2
        t = band[i % len(band)]
        sc.unit(f"a{i}", t, "a", (-4 - (r + 1) // 2, r), facing=0)
        sc.unit(f"b{i}", t, "b", (4 - (r + 1) // 2, r), facing=3)
    return sc.build()
