"""Every clause of the chase (ER-21…ER-34, EX-ER-04, EX-ER-05) is cited by a test here,
every tagged one has a ruling, and every ruling id the mode's code or data cites is written
down in docs/RULINGS.md."""

import re
from pathlib import Path

HERE = Path(__file__).parent
ROOT = HERE.parent.parent
CLAUSES = [f"ER-{i}" for i in range(21, 35)] + ["EX-ER-04", "EX-ER-05"]
TAGGED = ["ER-21", "ER-23", "ER-24", "ER-25", "ER-29", "ER-30", "ER-33", "ER-34"]


def _chase_rulings() -> list[str]:
    text = (ROOT / "docs" / "RULINGS.md").read_text(encoding="utf-8")
    return text[text.index("## Enchanted Realms chase mode"):].split("- **")[1:]


def test_every_chase_clause_is_cited_by_a_test() -> None:
    text = "".join(p.read_text(encoding="utf-8") for p in HERE.glob("test_*.py")
                   if p.name != Path(__file__).name)
    missing = [c for c in CLAUSES if not re.search(r"(?<![A-Z-])" + re.escape(c) + r"(?!\d)",
                                                   text)]
    assert missing == []


def test_every_table_ambiguity_and_gm_choice_of_the_chase_is_ruled() -> None:
    rulings = _chase_rulings()
    assert [c for c in TAGGED if not any(re.search(re.escape(c) + r"(?!\d)", r)
                                         for r in rulings)] == []


def test_every_ruling_the_chase_cites_is_written_down() -> None:
    code = "".join(p.read_text(encoding="utf-8") for p in
                   (ROOT / "rules" / "systems" / "enchanted_realms" / "chase").glob("*.*"))
    written = set(re.findall(r"R-ER-CHASE-[A-Z0-9-]*[A-Z0-9]", "".join(_chase_rulings())))
    cited = set(re.findall(r"R-ER-CHASE-[A-Z0-9-]*[A-Z0-9]", code))
    assert cited and sorted(cited - written) == []
