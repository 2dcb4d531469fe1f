"""What the panes and screens use of the app, handed to them when they are built.

A pane never looks the app up for a service (`self.app.books`): it is given one
`Services` by whoever builds it, and it asks the app for anything else by posting one
of the messages of `gcacw_ref.tui.messages`, which the app handles (as Textual's own
widgets do).
"""

from __future__ import annotations

from dataclasses import dataclass

from gcacw_ref.tui.bookmarks import Bookmarks
from gcacw_ref.tui.books import Books


@dataclass(frozen=True)
class Services:
    """The rulebooks (loaded in the background) and the player's bookmarks."""

    books: Books
    bookmarks: Bookmarks
