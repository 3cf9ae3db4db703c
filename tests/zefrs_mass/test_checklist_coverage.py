"""Every clause of the mass-combat text (ZEF-58…80, EX-ZEF-11, EX-ZEF-12) is cited by a test
here, every tagged one has a ruling, and every ruling id the mode's code cites is written
down in docs/RULINGS.md."""

import re
from pathlib import Path

HERE = Path(__file__).parent
ROOT = HERE.parent.parent
CLAUSES = [f"ZEF-{i:02d}" for i in range(58, 81)] + ["EX-ZEF-11", "EX-ZEF-12"]
TAGGED = ["ZEF-61", "ZEF-65", "ZEF-67", "ZEF-68", "ZEF-70", "ZEF-71", "ZEF-72", "ZEF-73",
          "ZEF-74", "ZEF-75", "ZEF-76", "ZEF-78", "ZEF-80"]


def _mass_rulings() -> list[str]:
    text = (ROOT / "docs" / "RULINGS.md").read_text(encoding="utf-8")
    return text[text.index("## ZeFRS mass combat"):].split("- **")[1:]


def test_every_mass_clause_is_cited_by_a_test() -> None:
    text = "".join(p.read_text(encoding="utf-8") for p in HERE.glob("test_*.py")
                   if p.name != Path(__file__).name)
    missing = [c for c in CLAUSES if not re.search(r"(?<!EX-)" + re.escape(c) + r"(?!\d)",
                                                   text)]
    assert missing == []


def test_every_table_ambiguity_and_gm_choice_of_the_mode_is_ruled() -> None:
    rulings = _mass_rulings()
    assert [c for c in TAGGED if not any(re.search(re.escape(c) + r"(?!\d)", r)
                                         for r in rulings)] == []


def test_every_ruling_the_mode_cites_is_written_down() -> None:
    code = "".join(p.read_text(encoding="utf-8")
                   for p in (ROOT / "rules" / "systems" / "zefrs" / "mass").glob("*.*"))
    written = set(re.findall(r"R-ZEF-MASS-[A-Z0-9-]*[A-Z0-9]", "".join(_mass_rulings())))
    cited = set(re.findall(r"R-ZEF-MASS-[A-Z0-9-]*[A-Z0-9]", code))
    assert sorted(cited - written) == []
