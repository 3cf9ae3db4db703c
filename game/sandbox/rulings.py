"""The rulings panel: every value a GM may override for this battle, its data-file default,
the clause or ruling it implements (the data.toml comment) and whether the text leaves it to
the GM.  Overriding one is `Sandbox.override`, an entry like any other."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from game.sandbox.ruleset_parts import ruleset_tables
from rules.engine import Ruleset, ruleset_of
from rules.state import Battle


@dataclass(frozen=True)
class Ruling:
    """One value a GM may override for this battle (`Ruleset.option_values`)."""

    key: str
    value: Any  # now (plain JSON form: dice as text)
    default: Any  # the data file's value (None when not from the data file)
    overridden: bool  # this battle's value differs from the data file (scenario or GM)
    gm_call: bool  # the text leaves it to the GM, or it is a ruling/reading of ours
    kind: str  # "gm" (the text says the GM decides), "ruling" (R-... ours), "reading"
    #            (one reading of an ambiguous clause), "rule" (the text's own number),
    #            "setting" (Flank's, e.g. max_rounds)
    source: str  # the data file's comment: the clause or ruling it implements


def _plain(value: Any) -> Any:
    if isinstance(value, (bool, int, float, str)) or value is None:
        return value
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return str(value)


def _split_comment(line: str) -> tuple[str, str]:
    quote = ""
    for i, ch in enumerate(line):
        if quote:
            if ch == quote:
                quote = ""
        elif ch in "\"'":
            quote = ch
        elif ch == "#":
            return line[:i], line[i + 1:].strip()
    return line, ""


_CONFIG_LINE = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)\s*=")


def config_comments(rs: Ruleset) -> dict[str, str]:
    """The comment of each `[config]` key in the ruleset's data.toml (continuation comment
    lines joined), which names the clause or ruling the value implements."""
    path = rs.data_file()
    if path is None:
        return {}
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        return {}
    out: dict[str, str] = {}
    section = ""
    last = ""
    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith("["):
            section = line.strip("[] ")
            last = ""
            continue
        if section != "config":
            continue
        body, comment = _split_comment(line)
        m = _CONFIG_LINE.match(body.strip())
        if m:
            last = m.group(1)
            out[last] = comment
        elif not body.strip() and comment and last:
            out[last] = f"{out[last]} {comment}".strip()
    return out


def _ruling_kind(comment: str) -> str:
    if "[GM]" in comment:
        return "gm"
    if re.search(r"\bR-[A-Z]", comment):
        return "ruling"
    if re.search(r"reading|\([ab]\)", comment):
        return "reading"
    return "rule" if comment else "setting"


def rulings(state: Battle) -> list[Ruling]:
    """Every ruling the GM may override now (the ruleset's `option_values`), with its data-file
    default and whether it is a GM call.  A GM call is a value the text leaves to the GM
    ("[GM]" in the data file), a ruling of ours (R-...) or one reading of an ambiguous clause;
    the text's own numbers are "rule"s.  Sorted: GM calls first, then by key."""
    rs = ruleset_of(state)
    values = rs.option_values(state)
    comments = config_comments(rs)
    config = getattr(ruleset_tables(rs), "config", None)
    out = []
    for key, value in values.items():
        comment = comments.get(key, "")
        kind = _ruling_kind(comment) if key in comments else "setting"
        default = _plain(getattr(config, key)) if config is not None and hasattr(
            config, key) else None
        now = _plain(value)
        out.append(Ruling(key, now, default, default is not None and now != default,
                          kind in ("gm", "ruling", "reading"), kind, comment))
    return sorted(out, key=lambda r: (not r.gm_call, r.key))
