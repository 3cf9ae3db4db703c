"""Drawing the battle with pygame.  Nothing here changes the state or computes a rule: it
reads the state (and the rules' own answers, such as threatened hexes) and paints them."""
