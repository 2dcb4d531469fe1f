"""What a pane asks of the app: messages that bubble up to it (the app handles them).

A pane does not call the app's methods or set its fields; it posts one of these.
"""

from __future__ import annotations

from typing import Any, Literal

from textual.message import Message

Tab = Literal["search", "rules", "calc", "charts", "game"]


class OpenRule(Message):
    """Open rule `number` (of `book`; the default book when None) in the rule browser.

    `from_game`: escape in the browser then returns to the game screen."""

    def __init__(
        self,
        number: str,
        book: str | None = None,
        anchor: str | None = None,
        *,
        from_game: bool = False,
    ) -> None:
        super().__init__()
        self.number = number
        self.book = book
        self.anchor = anchor
        self.from_game = from_game


class ShowTab(Message):
    """Switch to the main screen `tab` (and focus its natural place)."""

    def __init__(self, tab: Tab) -> None:
        super().__init__()
        self.tab: Tab = tab


class Calculated(Message):
    """Calculator `name` has a new result (`result`: its JSON form), for the charts."""

    def __init__(self, name: str, result: dict[str, Any]) -> None:
        super().__init__()
        self.name = name
        self.result = result  # Any: a result's JSON form (`model_dump(mode="json")`)


class GamePlaying(Message):
    """The game screen plays a game of `game` ("GTC"), scenario `title`: the header names
    it while the game screen is on show (the player's own game may be another)."""

    def __init__(self, game: str, title: str) -> None:
        super().__init__()
        self.game = game
        self.title = title
