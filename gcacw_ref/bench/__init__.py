"""Measurements, not product: the benchmark sections of `gcacw-ref bench` (search, startup,
movement, bot games, the game screen) and the soak (many bot games, with engine coverage
and the paths of interest watched). Nothing in the product imports this package."""
