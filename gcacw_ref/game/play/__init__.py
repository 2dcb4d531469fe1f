"""Play over the engine: the api, replays and saves, bots, soak and the move calculator."""
