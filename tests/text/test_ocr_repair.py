"""The OCR digit repair (letters read in place of digits in heading numbers) acts only
where the book shows such misreadings itself, and only inside the number."""

from __future__ import annotations

from gcacw_ref.text.parse_numbered import parse_numbered

ENGLISH = """A Generic Game

1.0 Introduction
This game is about moving pieces on a map and rolling dice for combat.

1.1 Overview
Each side moves in turn.

1.2 look
Look at the map before moving anything at all.

2.0 Outline of Play
The game is played in turns.

2.1 Order
First one side, then the other.

3.0 Ending
Ilka wins when the turns run out.
"""


def _titles(text: str) -> dict[str, str]:
    sections = parse_numbered(text, wftu=False, ocr=True, fallback=False)
    return {s.id: s.title for s in sections if s.kind != "passage"}


def test_english_headings_of_a_generic_book_are_kept() -> None:
    titles = _titles(ENGLISH)
    assert titles["1.0"] == "Introduction"
    assert titles["1.2"] == "look"
    assert titles["2.0"] == "Outline of Play"
    assert titles["3.0"] == "Ending"


def test_misread_digits_are_repaired_when_the_book_shows_them() -> None:
    damaged = (
        ENGLISH.replace("2.0 Outline", "2.O Outline")
        .replace("2.1 Order", "2.l Order")
        .replace("3.0 Ending", "3.O Ending")
    )
    titles = _titles(damaged)
    assert titles["2.0"] == "Outline of Play"
    assert titles["2.1"] == "Order"
    assert titles["3.0"] == "Ending"
    assert titles["1.0"] == "Introduction"  # a letter after the number is never changed
    assert titles["1.2"] == "look"
