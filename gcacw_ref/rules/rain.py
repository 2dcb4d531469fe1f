"""Rain (12.0): how long rain lasts and how long fords stay uncrossable."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, field_validator

from gcacw_ref.errors import InputError
from gcacw_ref.i18n import _
from gcacw_ref.rules.games import Game
from gcacw_ref.rules.tables import Source, load_table

River = Literal["minor", "major"]


def _na(values: list[int | str]) -> list[int | None]:
    out: list[int | None] = []
    for v in values:
        if v == "n/a":
            out.append(None)
        elif isinstance(v, int):
            out.append(v)
        else:
            raise ValueError(f"expected a number or 'n/a', got {v!r}")
    if len(out) != 4:
        raise ValueError("expected four entries (current, +1, +2, +3)")
    return out


class RainRow(BaseModel):
    model_config = ConfigDict(extra="forbid")

    OTR: list[int | None]
    SIV: list[int | None]
    other: list[int | None]

    @field_validator("OTR", "SIV", "other", mode="before")
    @classmethod
    def _read(cls, v: list[int | str]) -> list[int | None]:
        return _na(v)


class RainNumbers(BaseModel):
    """`tables/rain_numbers.toml`."""

    model_config = ConfigDict(extra="forbid")

    source: Source
    minor: RainRow
    major: RainRow


def rain_numbers_table() -> RainNumbers:
    return load_table("rain_numbers", RainNumbers)


def check_event(extra_turns: int) -> int:
    if isinstance(extra_turns, bool) or extra_turns not in (0, 1, 2, 3):
        raise InputError(
            _("rain: the event is 'current' plus 0 to 3 turns (got {extra_turns!r})").format(
                extra_turns=extra_turns
            )
        )
    return extra_turns


def rain_number(game: Game, river: River, extra_turns: int) -> int | None:
    """12.0: the river's rain number for a rain (current + extra_turns) result; None = n/a.
    GTC and every game but OTR and SIV read the last column (register rain-number-gtc-column)."""
    check_event(extra_turns)
    row = getattr(rain_numbers_table(), river)
    key = game.value if game in (Game.OTR, Game.SIV) else "other"
    value: int | None = getattr(row, key)[extra_turns]
    return value


def last_rain_turn(current_turn: int, extra_turns: int, previous_last: int | None) -> int:
    """12.0: rain lasts from the current turn through current + extra; markers are added
    only where the new result reaches beyond the rain already on the track."""
    check_event(extra_turns)
    end = current_turn + extra_turns
    return end if previous_last is None or previous_last < current_turn else max(end, previous_last)


def uncrossable_marker_turn(current_turn: int, number: int, marker_turn: int | None) -> int | None:
    """12.0: a new marker goes `number` turns ahead of now (none when 0); a marker already
    on the track moves ahead `number` turns."""
    if marker_turn is not None and marker_turn >= current_turn:
        return marker_turn + number
    if number == 0:
        return None
    return current_turn + number


def ford_uncrossable(turn: int, rain_turn: bool, marker_turn: int | None) -> bool:
    """12.0: fords cannot be used on a rain turn or up to the marker's turn."""
    return rain_turn or (marker_turn is not None and turn <= marker_turn)
