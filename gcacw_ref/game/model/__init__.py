"""The game's model layer: what a game is made of (events so far), with no rules of play."""
