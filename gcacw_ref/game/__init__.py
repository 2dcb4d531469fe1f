"""The game: map, scenario, state, legal actions, sequence of play, bots, replay."""
