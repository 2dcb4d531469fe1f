"""The notation a player types into a calculator's fields: full-width digits, unit lists
(`17 a2 t2, 5 d1`), hex lists (`0101 0102`) and the six neighbours of a hex as marks.

Each reader turns the text into the calculator's JSON pieces (no rule logic here), and
each writer gives back text the reader reads the same.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gcacw_ref.errors import InputError
from gcacw_ref.i18n import N_, _
from gcacw_ref.rules.numbers import parse_strength

NO_CHOICE = "-"
"""The choice shown for a choice left open (sent as `null`, i.e. not given)."""

FULLWIDTH = str.maketrans("０１２３４５６７８９－", "0123456789-")

UNITS_HELP = N_(
    "units split by commas, each a strength then optional a<n> artillery, t<n> tactical, "
    "d1/d2 demoralized, x disorganized, c cavalry (e.g. 17 a2 t2, 5 d1)"
)


# -- unit and hex lists ---------------------------------------------------------------------


def split_hexes(text: str) -> list[str]:
    """`0101, 0102 0103` -> ["0101", "0102", "0103"] (full-width digits allowed)."""
    return [h for h in text.translate(FULLWIDTH).replace(",", " ").split() if h]


def parse_units(text: str) -> list[dict[str, Any]]:
    """Turn `17 a2 t2, 3 1/2 d1 c` into the calculator's unit objects (no rule logic here)."""
    units: list[dict[str, Any]] = []
    pieces = [p.strip() for p in text.translate(FULLWIDTH).split(",")]
    if not any(pieces):
        raise ValueError(_("at least one unit is needed"))
    for n, piece in enumerate(pieces, start=1):
        if not piece:
            raise ValueError(_("unit {n} is empty").format(n=n))
        strength_words: list[str] = []
        unit: dict[str, Any] = {}
        for word in piece.split():
            head, tail = word[0].lower(), word[1:]
            if head.isdigit() or head in "./":
                strength_words.append(word)
            elif head in "atd" and tail.isdigit():
                key = {"a": "artillery", "t": "tactical", "d": "demoralized"}[head]
                unit[key] = int(tail)
            elif word.lower() == "x":
                unit["organized"] = False
            elif word.lower() == "c":
                unit["cavalry"] = True
            else:
                raise ValueError(_("unit {n}: cannot read {word!r}").format(n=n, word=word))
        if not strength_words:
            raise ValueError(_("unit {n} has no strength").format(n=n))
        try:
            parse_strength(" ".join(strength_words))
        except InputError:
            raise ValueError(
                _("unit {n}: {text!r} is not a strength").format(n=n, text=" ".join(strength_words))
            ) from None
        if unit.get("demoralized", 0) not in (0, 1, 2):
            raise ValueError(_("unit {n}: demoralized is 1 or 2").format(n=n))
        unit["strength"] = " ".join(strength_words)
        units.append(unit)
    return units


def format_units(units: list[dict[str, Any]]) -> str:
    """The unit objects of a calculator input written the way `parse_units` reads them."""
    out = []
    for unit in units:
        words = [str(unit.get("strength", ""))]
        for key, letter in (("artillery", "a"), ("tactical", "t"), ("demoralized", "d")):
            if unit.get(key):
                words.append(f"{letter}{unit[key]}")
        if unit.get("organized") is False:
            words.append("x")
        if unit.get("cavalry"):
            words.append("c")
        out.append(" ".join(words))
    return ", ".join(out)


# -- the six neighbours of a hex, as marks --------------------------------------------------


@dataclass(frozen=True)
class Mark:
    """A key that cycles one field of a neighbour through `values` (the hex picture's
    toggles and the letters of `--hexes`)."""

    key: str
    field: str
    values: tuple[Any, ...]
    marks: tuple[str, ...]  # what each value shows in the picture ("" for nothing)
    description: str


def parse_hexes(text: str, marks: list[Mark], *, strength: bool = False) -> list[dict[str, Any]]:
    """Six neighbours from `"a, a s3, zz, i, d, -"`: the hexes N, NE, SE, S, SW, NW split by
    commas, each its mark keys as pressed on the hex picture (a key pressed twice steps
    twice), `-` or nothing for an empty hex, and (flank) `s<strength>` for a strength."""
    pieces = [p.strip() for p in text.translate(FULLWIDTH).split(",")]
    if len(pieces) != 6:
        raise ValueError(
            _("--hexes: give six hexes split by commas (N, NE, SE, S, SW, NW), got {n}").format(
                n=len(pieces)
            )
        )
    by_key = {m.key: m for m in marks}
    cells: list[dict[str, Any]] = []
    for n, piece in enumerate(pieces, start=1):
        cell: dict[str, Any] = {}
        for word in piece.split():
            if word == NO_CHOICE:
                continue
            if strength and word[0] == "s" and len(word) > 1:
                try:
                    parse_strength(word[1:])
                except InputError:
                    raise ValueError(
                        _("--hexes: hex {n}: {word!r} is not a strength").format(n=n, word=word)
                    ) from None
                cell["strength"] = word[1:]
                continue
            for key in word:
                mark = by_key.get(key)
                if mark is None:
                    raise ValueError(
                        _("--hexes: hex {n}: unknown mark {key!r} (known: {known})").format(
                            n=n, key=key, known=" ".join(by_key)
                        )
                    )
                now = cell.get(mark.field, mark.values[0])
                index = mark.values.index(now) if now in mark.values else 0
                cell[mark.field] = mark.values[(index + 1) % len(mark.values)]
        cells.append(neighbour(cell))
    return cells


def neighbour(cell: dict[str, Any]) -> dict[str, Any]:
    """A neighbour as sent to a calculator: only what is there (no `None`/`False` fields)."""
    return {k: v for k, v in cell.items() if v is not None and v is not False}
