"""Imperio Bellum's rules: the setup phases, a turn of play, the dice of a fight, the end of
the game, and the order of the phases."""
