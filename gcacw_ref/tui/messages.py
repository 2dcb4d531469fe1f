"""What a pane asks of the app: messages that bubble up to it (the app handles them).

A pane does not call the app's methods or set its fields; it posts one of these.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

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


@dataclass(frozen=True)
class ChartMarks:
    """The chart labels a calculator's result reported (its pane's `chart_marks`), for the
    charts pane to light the cells read: the ratio and the combat chart's columns and row
    (7.4, 7.5), the artillery table's row and column (11.0), the extended-march column
    (5.1), the retreat table and the priorities it allows (7.6)."""

    ratio: str | None = None
    attacker_column: str | None = None
    defender_column: str | None = None
    combat_row: str | None = None  # None: no dice given, every row of the columns
    artillery: tuple[str, str] | None = None  # (row, column)
    march_column: str | None = None
    retreat_table: int | None = None
    retreat_priorities: frozenset[str] = frozenset()


class Calculated(Message):
    """Calculator `name` has a new result; `marks`: the chart labels it read."""

    def __init__(self, name: str, marks: ChartMarks) -> None:
        super().__init__()
        self.name = name
        self.marks = marks


class GamePlaying(Message):
    """The game screen plays a game of `game` ("GTC"), scenario `title`: the header names
    it while the game screen is on show (the player's own game may be another)."""

    def __init__(self, game: str, title: str) -> None:
        super().__init__()
        self.game = game
        self.title = title
