"""Every ruling id the Tarnished Tale code cites is written down in docs/RULINGS.md, every
[TABLE] and [AMBIG] clause has a ruling there, and every clause TT-01 ... TT-27 and EX-TT-01
is cited by a Tarnished Tale test, so none of the lists can drift from the truth."""

import re
from pathlib import Path

HERE = Path(__file__).parent
ROOT = HERE.parent.parent
CLAUSES = [f"TT-{i:02d}" for i in range(1, 28)] + ["EX-TT-01"]
TAGGED = ["TT-02", "TT-05", "TT-08", "TT-09", "TT-12", "TT-15", "TT-18", "TT-24", "TT-25",
          "TT-26", "TT-27"]


def _tests() -> str:
    return "".join(p.read_text(encoding="utf-8") for p in HERE.glob("test_*.py")
                   if p.name != Path(__file__).name)


def _ours() -> str:
    text = (ROOT / "docs" / "RULINGS.md").read_text(encoding="utf-8")
    return text[text.index("## Tarnished Tale"):]


def test_every_clause_is_cited_by_a_test() -> None:
    text = _tests()
    missing = [c for c in CLAUSES if not re.search(r"(?<!EX-)" + re.escape(c) + r"(?!\d)",
                                                   text)]
    assert missing == []


def test_every_clause_is_cited_in_the_code() -> None:
    code = "".join(p.read_text(encoding="utf-8")
                   for p in (ROOT / "rules" / "systems" / "tarnished_tale").glob("*.*"))
    missing = [c for c in CLAUSES[:-1] if not re.search(re.escape(c) + r"(?!\d)", code)]
    assert missing == []


def test_every_ruling_the_code_cites_is_in_the_rulings_file() -> None:
    code = "".join(p.read_text(encoding="utf-8")
                   for p in (ROOT / "rules" / "systems" / "tarnished_tale").glob("*.*"))
    written = set(re.findall(r"R-TT-[A-Z0-9-]*[A-Z0-9]", _ours()))
    cited = set(re.findall(r"R-TT-[A-Z0-9-]*[A-Z0-9]", code))
    assert sorted(cited - written) == []


def test_every_table_and_ambiguity_is_ruled() -> None:
    rulings = _ours().split("- **")[1:]
    missing = [c for c in TAGGED
               if not any(re.search(re.escape(c) + r"(?!\d)", r) for r in rulings)]
    assert missing == []


def test_the_shipped_options_equal_the_models_defaults() -> None:
    from rules.systems.tarnished_tale.config import Config
    from rules.systems.tarnished_tale.tables import load_tables

    assert load_tables().config == Config()
