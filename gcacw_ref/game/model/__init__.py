"""The game model: scenario, map, state, frames, actions and events; plain data and the
geometry over it, importing nothing of the engine or of play."""
