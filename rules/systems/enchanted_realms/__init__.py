"""Enchanted Realms (seed 003, the Enchanted Realms rulebook, "Combat Essentials"): several
d20s a blow, one action a turn with movement split around it, one reaction a round and the
"at the ready" trigger that fires in the middle of someone else's move."""
