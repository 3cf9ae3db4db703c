"""The bundled rulesets, one package each.

Nothing imports this package to find them: each ruleset is declared as an entry point in
`pyproject.toml` (group ``flank.rulesets``) and loaded through `rules.registry` when a battle
under it is set up, replayed or listed.  A house ruleset installed beside Flank is found the
same way.
"""
