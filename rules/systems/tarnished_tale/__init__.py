"""Tarnished Tale (seed 001, the "Attacking" page): every blow a d% skill contest between the
attacker and the defence his foe declares."""
