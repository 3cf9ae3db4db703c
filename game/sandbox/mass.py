"""The GM sandbox on the mass-combat grid (ZeFRS, ZEF-58..80), headless.

Why a session of its own: the hex sandbox (`session.Sandbox`) places single figures built by
a ruleset's `build_unit` and steps through one exchange; on the grid a GM places *units* of
fighters (a troop type, how many, their talent, Will, armour kit and leader), gives every
unit its order, and steps through a round the way the text fights it: the moves, the
leaders' duels (segment 1), each unit-check segment (2, 3, 4), the withdrawals, morale, the
end of the round.  The rules core fights the whole round at once; the sandbox shows it a
stage at a time by folding the round's events up to each stage's end (evolving needs no
dice), so each stage is a position the GM can look at, undo and redo.

    sb = MassSandbox.from_map("maps/mass/border_battle.tmx")   # the units where the map drew them
    uid = sb.place("pikemen", "aquilonians", (2, 4), facing=0, fighters=100)
    sb.edit(uid, fighters=80, talent=6, kit="steel helmet, mail shirt; small shield")
    sb.override("duels", "every_round")                     # any ruling of mass/data.toml
    sb.order(uid, "attack", facing=0)                        # the others: stand and defend
    sb.declare(leader, "fight:<foe>:head:ko")                # a duel's blow (sb.duels())
    sb.fight_round(dice)                                     # the first stage: orders, moves
    while sb.stages_ahead: sb.next_stage()                   # duels, segments, morale, end
    sb.undo(); sb.redo()
    text = sb.transcript("Tonight's battle")                 # Markdown, every line cited

Every GM change is a new position (states are immutable, keeping them is keeping pointers);
anything refused raises `SandboxError` and changes nothing.  The units are edited in the
state directly, as the GM's hand (the battle on the grid is the GM's to set, not a game
to replay).

    mass_log         the positions and undo (`MassLog`, `MassMoment`)
    mass_orders      the orders, the rides and the round fought (`MassOrders`)
    mass_duels       the leaders who will duel and the GM's declarations (`MassDuels`)
    mass_round       a round cut into its stages
    mass_fields      what the edit form's words mean (a weapon, a kit, a facing)
    mass_transcript  the battle told in Markdown
    mass             `MassSandbox`: the log plus every GM tool (this module)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from game.maps import load_map
from game.sandbox.common import SandboxError
from game.sandbox.mass_duels import MassDuels
from game.sandbox.mass_fields import HAND_TO_HAND, facing_of, kit_value, weapon_fields, whole
from game.sandbox.mass_log import MassMoment
from game.sandbox.mass_orders import MassOrders
from rules.commands import Command
from rules.dice import Dice
from rules.engine import BattleSetup, start
from rules.hexgrid import Hex
from rules.setup import UnitSpec
from rules.state import Battle
from rules.systems.zefrs.mass.combat import rulings_of
from rules.systems.zefrs.mass.events import mass_frame, square_word
from rules.systems.zefrs.mass.grid import FACING_WORDS, on_grid
from rules.systems.zefrs.mass.tables import MassRulings, load_mass
from rules.systems.zefrs.mass.units import (
    MassUnit,
    build_leader,
    build_mass_unit,
    mass_units,
)
from rules.systems.zefrs.tables import load_tables
from rules.wording import Words

__all__ = ["EDITABLE", "MassMoment", "MassRuling", "MassSandbox"]

EDITABLE = ("name", "side", "fighters", "talent", "will", "weapon", "kit", "armour",
            "leader", "leader_name", "facing")
"""What the GM's edit form changes of a unit (`MassSandbox.edit`)."""

@dataclass(frozen=True)
class MassRuling:
    """One value of mass/data.toml's [rulings] as this battle has it."""

    key: str
    value: Any
    default: Any
    clause: str

    @property
    def overridden(self) -> bool:
        return self.value != self.default


# The clause each ruling answers (docs/RULINGS.md, R-ZEF-MASS-*).
CLAUSES = {"casualty_percent": "ZEF-73", "casualties_of": "ZEF-72",
           "armour_cut_per_point": "ZEF-75", "outnumbered": "ZEF-65", "defend_shift": "ZEF-67",
           "leader_down_shift": "ZEF-71", "commander_present_shift": "ZEF-80",
           "shoot_shift": "ZEF-68", "duels": "ZEF-70", "duel_turn": "ZEF-18",
           "extreme_odds": "ZEF-78",
           "start_gap": "ZEF-61", "max_rounds": "R-ZEF-MASS-END"}


class MassSandbox(MassDuels, MassOrders):
    """A GM session over a mass battle: the positions so far, where it is, every tool."""

    def __init__(self, setup: BattleSetup, *, scenario: Any = None,
                 dice: Dice | None = None) -> None:
        options = {**setup.options, "mode": "mass", "mass_deploy": "as_placed"}
        setup = setup.model_copy(update={"options": options})
        try:
            state, events = start(setup, dice)
        except (ValueError, KeyError) as exc:
            raise SandboxError(f"this cannot be a mass battle: "
                               f"{exc.args[0] if exc.args else exc}") from None
        self.setup = setup
        self.scenario = scenario
        super().__init__(MassMoment(f"Opening: {setup.title or 'mass battle'}", state,
                                    tuple(events), "opening"))
        self.drafts: dict[str, Command] = {}  # the orders the GM has given for the round

    @classmethod
    def from_map(cls, path: str | Path, seed: int = 0) -> MassSandbox:
        sc = load_map(path, seed=seed)
        return cls(sc.setup, scenario=sc)

    def _gm(self, label: str, state: Battle) -> MassMoment:
        f = mass_frame(self.state)
        if f is not None and f.step != "orders" and self.state.outcome is None:
            raise SandboxError("the round is being shown: step to its end (Space) or undo "
                               "to its start before changing the position")
        self._problem(state)
        self.drafts = {k: v for k, v in self.drafts.items() if state.has_unit(k)}
        return self._push(MassMoment(label, state, declared=self.moment.declared))

    def _problem(self, state: Battle) -> None:
        seen: dict[Hex, str] = {}
        for u in mass_units(state):
            if u.on_grid and u.pos is not None:
                if u.pos in seen:
                    raise SandboxError(f"{square_word(u.pos)} already holds "
                                       f"{state.unit(seen[u.pos]).name}: one unit a square "
                                       "(ZEF-61)")
                seen[u.pos] = u.id

    # --- reading ----------------------------------------------------------------------------
    def words(self) -> Words:
        return Words.of(self.state)

    def troops(self) -> list[tuple[str, str]]:
        """(troop type, its name) of the mass tables, by name: the palette."""
        return sorted(((k, t.name) for k, t in load_mass().troops.items()),
                      key=lambda kv: kv[1])

    def unit(self, uid: str) -> MassUnit:
        u = self.state.unit(uid) if self.state.has_unit(uid) else None
        if not isinstance(u, MassUnit):
            raise SandboxError(f"there is no unit {uid!r} on the grid")
        return u

    def unit_at(self, sq: Hex | tuple[int, int]) -> MassUnit | None:
        h = sq if isinstance(sq, Hex) else Hex(*sq)
        return next((u for u in mass_units(self.state) if u.on_grid and u.pos == h), None)

    def commander_at(self, sq: Hex | tuple[int, int]) -> str:
        """The id of the force commander standing on a square, or ""."""
        h = sq if isinstance(sq, Hex) else Hex(*sq)
        f = mass_frame(self.state)
        if f is None:
            return ""
        return next((c for _, c in f.commanders if self.state.has_unit(c)
                     and self.state.unit(c).fighting and self.state.unit(c).pos == h), "")

    def fields(self, uid: str) -> dict[str, str]:
        """The edit form's fields with their values now, as text."""
        u = self.unit(uid)
        st = self.state
        leader = st.unit(u.leader) if u.leader and st.has_unit(u.leader) else None
        weapon = load_tables().weapons[u.missile].name if u.missile else HAND_TO_HAND
        return {"name": u.name, "side": u.side, "fighters": str(u.fighters),
                "talent": str(u.talent), "will": str(u.will), "weapon": weapon, "kit": "",
                "armour": str(u.armour_value),
                "leader": leader.template if leader is not None else "",
                "leader_name": leader.name if leader is not None else "",
                "facing": FACING_WORDS[u.facing % 4]}

    # --- the GM's hand ----------------------------------------------------------------------
    def place(self, troop: str, side: str, square: Hex | tuple[int, int], facing: int = 0,
              fighters: int = 100) -> str:
        """A new unit of a troop type on an empty square; its id."""
        st = self.state
        sq = square if isinstance(square, Hex) else Hex(*square)
        if not on_grid(sq):
            raise SandboxError(f"{sq} is off the 5 x 7 grid")
        if side not in {s.id for s in st.sides}:
            raise SandboxError(f"there is no side {side!r}")
        if self.unit_at(sq) is not None:
            raise SandboxError(f"{square_word(sq)} already holds {self.unit_at(sq).name}: "
                               "one unit a square (ZEF-61)")
        n = 1
        while st.has_unit(f"{side}-{troop}-{n}"):
            n += 1
        uid = f"{side}-{troop}-{n}"
        spec = UnitSpec(id=uid, side=side, template=troop, pos=(sq.q, sq.r), facing=facing % 4,
                        overrides={"fighters": fighters})
        try:
            u = build_mass_unit(spec)
            leader = build_leader(u, spec)
        except (ValueError, KeyError) as exc:
            raise SandboxError(str(exc.args[0] if exc.args else exc)) from None
        units = (*st.units, replace(u, pos=sq, slot="line"), replace(leader, pos=sq))
        state = replace(st, units=tuple(sorted(units, key=lambda x: x.id)))
        self._gm(f"Place {u.name} ({fighters}) at {square_word(sq)}", state)
        return uid

    def move(self, uid: str, square: Hex | tuple[int, int]) -> None:
        u = self.unit(uid)
        sq = square if isinstance(square, Hex) else Hex(*square)
        if not on_grid(sq):
            raise SandboxError(f"{sq} is off the 5 x 7 grid")
        state = self._carry(self.state.update_unit(uid, pos=sq), u, sq)
        self._gm(f"Set {u.name} at {square_word(sq)}", state)

    def set_commander(self, cid: str, square: Hex | tuple[int, int]) -> None:
        """Put a side's force commander on a square (alone, or with a unit of his own
        side), as the GM's hand: no ride, no rule (ZEF-63 is for `ride`)."""
        f = mass_frame(self.state)
        if f is None or cid not in {c for _, c in f.commanders}:
            raise SandboxError(f"{cid!r} is no side's force commander")
        c = self.state.unit(cid)
        sq = square if isinstance(square, Hex) else Hex(*square)
        there = self.unit_at(sq)
        if not on_grid(sq) or (there is not None and there.side != c.side):
            raise SandboxError(f"the commander stands alone or with a unit of his own side, "
                               f"not at {square_word(sq)}")
        self._gm(f"Set {c.name} at {square_word(sq)}", self.state.update_unit(cid, pos=sq))

    def face(self, uid: str, facing: int) -> None:
        u = self.unit(uid)
        f = facing % 4
        self._gm(f"Turn {u.name} to face {FACING_WORDS[f]}",
                 self.state.update_unit(uid, facing=f))

    def remove(self, uid: str) -> None:
        u = self.unit(uid)
        gone = {uid, u.leader}
        state = replace(self.state, units=tuple(x for x in self.state.units if x.id not in gone))
        self._gm(f"Remove {u.name}", state)

    @staticmethod
    def _carry(state: Battle, u: MassUnit, sq: Hex) -> Battle:
        """The unit's leader (and a commander standing with it) go where it goes."""
        f = mass_frame(state)
        with_it = [u.leader] if u.leader and state.has_unit(u.leader) else []
        if f is not None and u.pos is not None:
            with_it += [c for _, c in f.commanders if state.has_unit(c)
                        and state.unit(c).pos == u.pos]
        for who in with_it:
            if state.unit(who).pos is not None:
                state = state.update_unit(who, pos=sq)
        return state

    def edit(self, uid: str, **changes: Any) -> None:
        """Change what the form offers (EDITABLE): text or numbers, checked; `kit` is the
        armour worn, "steel helmet, leather jack; small shield" (names or keys of the ZeFRS
        armour chart, the shield after ";"), and gives the armour value by the text's
        formula (ZEF-74); `armour` sets the value outright, as a GM may."""
        u = self.unit(uid)
        unknown = sorted(set(changes) - set(EDITABLE))
        if unknown:
            raise SandboxError(f"a unit has no {', '.join(unknown)} to edit (it has "
                               f"{', '.join(EDITABLE)})")
        st = self.state
        ints = {k: whole(k, changes[k]) for k in ("fighters", "talent", "will", "armour")
                if k in changes and str(changes[k]).strip() != ""}
        new: dict[str, Any] = {}
        if "fighters" in ints:
            f = ints["fighters"]
            if not 1 <= f <= 100_000:
                raise SandboxError("fighters: from 1 to 100,000")
            # before the first round the number at the start moves with it (ZEF-77's thirds)
            new.update(hp=f, max_hp=max(f, u.max_hp) if self._fought() else f)
        for key, field in (("talent", "talent"), ("will", "will"), ("armour", "armour_value")):
            if key in ints:
                if not -10 <= ints[key] <= 30:
                    raise SandboxError(f"{key}: a whole number from -10 to 30")
                new[field] = ints[key]
        if "weapon" in changes:
            new.update(weapon_fields(str(changes["weapon"])))
        kit = str(changes.get("kit") or "").strip()
        if kit:
            new["armour_value"] = kit_value(kit)
        if "name" in changes and str(changes["name"]).strip():
            new["name"] = str(changes["name"]).strip()
        if "facing" in changes:
            new["facing"] = facing_of(changes["facing"])
        if "side" in changes and changes["side"] != u.side:
            side = str(changes["side"])
            ids = {s.id: s.id for s in st.sides} | {s.name: s.id for s in st.sides}
            if side not in ids:
                raise SandboxError(f"there is no side {side!r}")
            new["side"] = ids[side]
        state = st.update_unit(uid, **new) if new else st
        if "side" in new and u.leader and state.has_unit(u.leader):
            state = state.update_unit(u.leader, side=new["side"])
        template = str(changes.get("leader") or "").strip()
        name = str(changes.get("leader_name") or "").strip()
        if template or name:
            state = self._new_leader(state, uid, template, name)
        self._gm(f"Edit {u.name}: " + ", ".join(f"{k.replace('_', ' ')} {v}"
                                                  for k, v in changes.items()), state)

    def _fought(self) -> bool:
        return self.state.round > 1

    def _new_leader(self, state: Battle, uid: str, template: str, name: str) -> Battle:
        u = state.unit(uid)
        assert isinstance(u, MassUnit)
        old = state.unit(u.leader) if u.leader and state.has_unit(u.leader) else None
        template = template or (old.template if old is not None else "")
        if template not in load_tables().units:
            raise SandboxError(f"the leader must be a ZeFRS figure ({template!r} is not one: "
                               f"e.g. captain, knight, veteran)")
        spec = UnitSpec(id=uid, side=u.side, template=u.template,
                        pos=(u.pos.q, u.pos.r) if u.pos else (0, 0),
                        overrides={"fighters": u.fighters, "leader": template,
                                   "leader_name": name or (old.name if old else "")})
        leader = replace(build_leader(u, spec), id=u.leader or f"{uid}-leader", pos=u.pos)
        units = [x for x in state.units if x.id != leader.id] + [leader]
        state = replace(state, units=tuple(sorted(units, key=lambda x: x.id)))
        return state.update_unit(uid, leader=leader.id)

    # --- the rulings ------------------------------------------------------------------------
    def rulings(self) -> list[MassRuling]:
        """Every mass ruling (mass/data.toml) with its value in this battle."""
        now = rulings_of(self.state).model_dump()
        base = load_mass().rulings.model_dump()
        return [MassRuling(k, now[k], base[k], CLAUSES.get(k, "")) for k in now]

    def override(self, key: str, value: Any) -> None:
        """Set a ruling for this battle (as the option `mass_<key>`), checked against the
        data file's own limits."""
        key = key.strip()
        if key not in MassRulings.model_fields:
            raise SandboxError(f"there is no mass ruling {key!r} (they are "
                               f"{', '.join(MassRulings.model_fields)})")
        merged = {**rulings_of(self.state).model_dump(), key: value}
        try:
            checked = MassRulings.model_validate(merged, strict=False)
        except (ValidationError, ValueError) as exc:
            raise SandboxError(f"{key} = {value!r} will not do: "
                               f"{' '.join(str(exc).split())[:200]}") from None
        value = checked.model_dump()[key]
        opts = {**dict(self.state.options), f"mass_{key}": value}
        state = replace(self.state, options=tuple(sorted(opts.items())))
        self._gm(f"Rule {key.replace('_', ' ')}: {value}", state)

    # --- the record ---------------------------------------------------------------------------
    def transcript(self, title: str = "Mass battle") -> str:
        from game.sandbox.mass_transcript import mass_transcript

        return mass_transcript(self.moments[:self.position + 1], title)
