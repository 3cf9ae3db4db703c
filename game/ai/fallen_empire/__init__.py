"""Fallen Empire hooks for the computer players.

What the generic AI cannot work out from the rules API alone, Fallen Empire answers here:

* Hidden information (FE-06): actions are declared in secret and revealed when initiative
  is rolled (FE-07).  `visible` blanks the `declared` field of every other side's unit until
  the round's initiative is rolled, so nothing the AI computes can depend on a foe's secret
  declaration (its event class says so in `secret`, which the window reads too).
* Who can still strike this round, and how (`profile`): the declared action (once known),
  the side initiative order (FE-07), which phases have run (FE-09), the movement allowances
  (FE-08, FE-13, FE-16) and missile ranges.  Before initiative, a foe's action is unknown,
  so every action open to him is assumed, at reduced likelihood.
* The declaration itself (FE-06): `declare` scores each action a unit may declare by
  playing its consequences forward with the generic move search (`game.ai.tactics`) on a
  copy of the state in which the unit has declared it — a free move then a blow (melee,
  missile), a full move, a charge run at each foe (FE-16..18, rear runs included), a set
  spear against the foes who could charge it (FE-19), a withdrawal or retreat (FE-13,
  FE-14), bandages and potions (FE-38), spells — and takes the best.
* The set spear a charge may run onto (FE-19), the friends a shot into a melee may strike
  (FE-22), the shield splinter choice (FE-31) and the joust throw (FE-48, in `joust`, the
  hooks of that mode, via the ruleset's own `advise_throw`).
* What a fall is worth beyond the figure (`fall_value`): the blow it has not struck yet, and
  the morale check (FE-04/05) a side's first casualty, or the one that halves it, brings on.
* Odds fast: `fast_odds` runs the ruleset's own `combat.resolve` under every roll, memoised
  on the numbers of the blow rather than on who strikes whom.

Set FLANK_AI_DEBUG=1 to print each declaration's scores as the planner weighs them.

The parts: `reading` (what the players read off a battle), `hooks` (the skirmish hooks),
`planner` (the declarations) and `joust` (the joust's throw, a mode of its own).
"""
