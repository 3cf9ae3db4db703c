"""Write the lessons' small Tiled maps (.tmx) beside this script, the way maps/make_maps.py
writes the bundled scenarios (and with its writer, so both stay one format).

    python3 maps/lessons/make_lessons.py            # (re)write them, then load each to check
    python3 maps/lessons/make_lessons.py --check    # exit 1 if any file differs

Each map is one lesson's board (maps/lessons/lessons.toml says what is taught on it): a few
hexes of open ground, the player's figures on the side `pc_side` names, and the foe.  The
maps live one folder down, so their tileset is `../../assets/terrain_<pointy|flat>.tsx`.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))



def _maps_module():  # maps/make_maps.py: MapSpec and its TMX writer
    spec = importlib.util.spec_from_file_location("flank_make_maps", HERE.parent / "make_maps.py")
    module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    sys.modules[spec.name] = module  # type: ignore[union-attr]
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


MAPS = _maps_module()
MapSpec = MAPS.MapSpec
SIDES = {"pupil": "Your side", "foe": "The enemy"}  # one each, as the log words them


def _board(file: str, title: str, text: str, width: int = 8, height: int = 5,
           ruleset: str = "fallen_empire") -> MapSpec:
    m = MapSpec(file, title, text, "pointy", "odd", width, height, "pupil", dict(SIDES),
                ruleset=ruleset)
    m.fill("grass")
    return m


def rear_attack() -> MapSpec:
    """The orc watches the road to the west; the pupil walks round to its back."""
    m = _board("rear_attack.tmx", "Facing and the rear attack",
               "An orc stands guard, looking west. Come at it from behind.")
    m.unit("fighter", "pupil", "fighting_man", 3, 4, 1, "Bram")
    m.unit("orc", "foe", "orc", 3, 2, 3, "Orc sentry")
    return m


def reach() -> MapSpec:
    """A halberd against a sword: the longer weapon strikes first (Empress)."""
    m = _board("reach.tmx", "Reach and the first blow",
               "Your halberdier faces a swordsman. The longer weapon strikes first.",
               ruleset="empress")
    m.unit("halberd", "pupil", "halberdier", 2, 2, 0, "Hild")
    m.unit("sword", "foe", "swordsman", 4, 2, 3, "Swordsman")
    return m


def free_attack() -> MapSpec:
    """Engaged with an orc: walk away and be struck, then withdraw and be spared."""
    m = _board("free_attack.tmx", "The free attack and the fighting withdrawal",
               "Bram and Edda stand toe to toe with two orcs. Leaving carelessly "
               "gives a free blow.")
    m.unit("bram", "pupil", "fighting_man", 3, 1, 0, "Bram")
    m.unit("edda", "pupil", "fighting_man", 3, 3, 0, "Edda")
    m.unit("orc1", "foe", "orc", 4, 1, 3, "Grish")
    m.unit("orc2", "foe", "orc", 4, 3, 3, "Lug")
    return m


def charge() -> MapSpec:
    """An orc charges across open ground at a spearman who sets his spear."""
    m = _board("charge.tmx", "The charge and the set spear",
               "An orc is about to charge your spearman. Brace the spear.", width=10)
    m.unit("spear", "pupil", "man_at_arms_spear", 2, 2, 0, "Osric")
    m.unit("orc", "foe", "orc", 8, 2, 3, "Charging orc")
    return m


def shields() -> MapSpec:
    """Two shield-bearers: close up side by side before the orc arrives."""
    m = _board("shields.tmx", "Shields side by side",
               "Your two shield-bearers stand apart. Close up before the orc strikes.")
    m.unit("left", "pupil", "fighting_man", 3, 1, 0, "Bram")
    m.unit("right", "pupil", "fighting_man", 3, 4, 0, "Edda")
    m.unit("orc", "foe", "orc", 5, 2, 3, "Orc")
    return m


def shield_wall() -> MapSpec:
    """Empress's shields side by side: a wall needs three shield-bearers in one rank
    (EMP-22 (a)), so Edda waits behind the gap between Bram and Cole and steps into it,
    facing the orc as she comes."""
    m = _board("shields_wall.tmx", "Shields side by side: the shield wall",
               "Bram and Cole stand with a gap between them. Close it before the orc strikes.",
               ruleset="empress")
    m.unit("left", "pupil", "fighting_man", 3, 1, 0, "Bram")
    m.unit("cole", "pupil", "fighting_man", 3, 3, 0, "Cole")
    m.unit("right", "pupil", "fighting_man", 1, 2, 0, "Edda")
    m.unit("orc", "foe", "orc", 5, 2, 3, "Orc")
    return m


# --- Enchanted Realms and Tarnished Tale (issue #35: two lessons of each one's own ideas) ----


def at_the_ready() -> MapSpec:
    """A wall with one door (ER-11's "if someone steps out of this corridor"): Bram stands
    just inside it, and the orc must step onto the doorway to reach him."""
    m = _board("at_the_ready.tmx", "At the ready",
               "An orc comes for the door Bram holds. Be ready for him.", width=9,
               ruleset="enchanted_realms")
    for row in (0, 1, 3, 4):
        m.terrain[(4, row)] = "wall"
    m.unit("bram", "pupil", "fighting_man", 3, 2, 0, "Bram")
    m.unit("grish", "foe", "orc", 7, 2, 3, "Grish")
    return m


def run_past() -> MapSpec:
    """An orc holds the middle of a field; Edda and Bram must get past it to the east, one
    at a walk (15 feet or less), one at a run (ER-19)."""
    m = _board("run_past.tmx", "Running past a foe",
               "An orc holds the middle of the field. Get past it: at a walk, then at a run.",
               width=9, ruleset="enchanted_realms")
    m.unit("edda", "pupil", "fighting_man", 2, 1, 0, "Edda", "female")
    m.unit("bram", "pupil", "fighting_man", 0, 3, 0, "Bram")
    m.unit("lug", "foe", "orc", 4, 2, 3, "Lug")
    return m


def defences() -> MapSpec:
    """An orc comes for Bram, who has a shield, armour and a longsword: every defence is
    open to him (TT-06)."""
    m = _board("defences.tmx", "Declared defences",
               "An orc comes for Bram. Choose how he meets each blow.",
               ruleset="tarnished_tale")
    m.unit("bram", "pupil", "fighting_man", 2, 2, 0, "Bram")
    m.unit("ugluk", "foe", "orc", 5, 2, 3, "Ugluk")
    return m


def knock_back() -> MapSpec:
    """An orc with its back to a rock (TT-18: a man knocked back into a taken or blocked
    cell stays): Bram comes at it so that open ground lies behind it instead."""
    m = _board("knock_back.tmx", "Knock-back",
               "An orc holds its shield up, its back to a rock. Drive it off.",
               ruleset="tarnished_tale")
    m.terrain[(5, 2)] = "wall"
    m.unit("bram", "pupil", "fighting_man", 1, 2, 0, "Bram")
    m.unit("shagrat", "foe", "orc", 4, 2, 3, "Shagrat")
    return m


def zefrs_shield_side() -> MapSpec:
    """ZeFRS: a legionary with his large shield on his left arm, looking west; the pupil
    walks round to his right, his sword side, where the shield is not brought across
    (ZEF-48, R-ZEF-SHIELD-ARC)."""
    m = _board("zefrs_shield_side.tmx", "The shield's side",
               "A Nemedian legionary bars the way, his shield on his left arm. Come at "
               "his other side.", ruleset="zefrs")
    m.unit("hero", "pupil", "cimmerian", 1, 2, 0, "Conan")
    m.unit("legion", "foe", "legionary", 4, 2, 3, "Nemedian legionary")
    return m


def zefrs_aiming() -> MapSpec:
    """ZeFRS: a veteran in scale, splints on his arms and his shield on his left, but no
    armour on his legs; the pupil, face to face with him, aims where he is bare (ZEF-24,
    ZEF-47, ZEF-48)."""
    m = _board("zefrs_aiming.tmx", "Aiming points",
               "A veteran captain in scale and splints faces Conan. Aim where he is bare.",
               ruleset="zefrs")
    m.unit("hero", "pupil", "cimmerian", 3, 2, 0, "Conan")
    m.unit("veteran", "foe", "veteran", 4, 2, 3, "Veteran captain")
    return m


def zefrs_rush() -> MapSpec:
    """ZeFRS: a guard holds the one gap in a wall, an archer shooting from behind him; the
    pupil rushes through the guard to the archer (ZEF-28, ZEF-29, R-ZEF-RUSH)."""
    m = _board("zefrs_rush.tmx", "The rush",
               "A guard holds the gap in the wall; behind him an archer shoots. Rush "
               "through the guard.", ruleset="zefrs")
    for row in range(5):
        if row != 2:
            m.terrain[(3, row)] = "wall"
    m.unit("hero", "pupil", "cimmerian", 1, 2, 0, "Conan")
    m.unit("guard", "foe", "guard", 3, 2, 3, "City guard")
    m.unit("archer", "foe", "archer", 5, 2, 3, "Bossonian archer")
    return m


def zefrs_rider() -> MapSpec:
    """ZeFRS: a Hyrkanian raider in the saddle beside Conan on foot, whose sword reaches only
    the rider's chest, gut and legs, striking up at him (ZEF-25, ZEF-41, R-ZEF-LOWER)."""
    m = _board("zefrs_rider.tmx", "On foot against a rider",
               "A Hyrkanian raider reins in beside Conan. Aim at what you can reach.",
               ruleset="zefrs")
    m.unit("hero", "pupil", "cimmerian", 3, 2, 0, "Conan")
    m.unit("raider", "foe", "raider", 4, 2, 3, "Hyrkanian raider")
    return m


LESSON_MAPS = (rear_attack, reach, free_attack, charge, shields, shield_wall, at_the_ready,
               run_past, defences, knock_back, zefrs_shield_side, zefrs_aiming, zefrs_rush,
               zefrs_rider)


def build() -> dict[str, bytes]:
    """Every file this script makes: file name -> bytes."""
    out = {}
    for make in LESSON_MAPS:
        m = make()
        text = MAPS.to_tmx(m).replace('source="../assets/', 'source="../../assets/')
        out[m.file] = text.encode()
    return out


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    return MAPS.write_or_check(build(), HERE, "maps/lessons", "maps/lessons/make_lessons.py",
                               "--check" in args)


if __name__ == "__main__":
    raise SystemExit(main())
