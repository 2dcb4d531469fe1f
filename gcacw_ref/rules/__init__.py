"""The rules core: pure functions over `tables/`, exact numbers, every step explained.

Nothing here knows about the TUI, the CLI or the game engine's state; they all call in.
"""
