"""What a scenario may hold and where its map may come from (kept apart from the model).

Bounds: a scenario file is user input, so how many units, leaders and formations it may
list, and how long its ids and names may be, is bounded (pydantic `max_length` in
`scenario_doc.py` uses these figures). Keys: weather turns and rain-table totals are ASCII
digits, checked for range before any range is built. Maps: a built-in map id, or a file
beside the scenario (no folder in the name, no link to somewhere else), at most
`MAX_MAP_COLUMNS` x `MAX_MAP_ROWS` hexes (`hexmap.MapHeader` refuses a larger one).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from gcacw_ref.errors import DataError, quoted
from gcacw_ref.i18n import _
from gcacw_ref.jsonin import parse_json
from gcacw_ref.paths import read_user_text
from gcacw_ref.rules.tables import read_toml

MAP_DIR = Path(__file__).resolve().parent.parent / "maps"

# What a scenario may hold: well above the largest GCACW scenario (about 150 units and
# 80 leaders), low enough that a mistaken or hostile file cannot make a game run for hours.
MAX_UNITS = 300
MAX_LEADERS = 150
MAX_FORMATIONS = 150
MAX_VP_HEXES = 100
MAX_ID = 40
MAX_TEXT = 200

# A map's size. Hexes are named "CCRR" (two digits each), and the engine and the bots
# name the neighbours of any hex on the map, the ones just past its edge included (to
# look across it): the last column and row must leave those a two-digit name, so 98
# (the neighbours of a 99th column would be column 100, which has no name).
MAX_MAP_COLUMNS = 98
MAX_MAP_ROWS = 98


MAP_ID = re.compile(r"[a-z0-9_-]{1,40}")
MAP_FILE = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]{0,99}")


def read_data_file(path: Path) -> dict[str, Any]:
    """A scenario or map file, TOML or (by its suffix) JSON, as a table."""
    if path.suffix == ".json":
        data = parse_json(read_user_text(path), str(path), DataError)
    else:
        data = read_toml(path)
    if not isinstance(data, dict):
        raise DataError(_("{path}: expected a table at the top level").format(path=path))
    return dict(data)


def read_map(name: str, base: Path) -> dict[str, Any]:
    """The map document named by a scenario: a shipped id or a file next to the scenario.

    Only those two: a name with a folder in it (`../x`, `/proc/...`) is refused, and so is
    a file beside the scenario that is a link to somewhere else."""
    if MAP_ID.fullmatch(name) and (MAP_DIR / f"{name}.toml").is_file():
        return dict(read_toml(MAP_DIR / f"{name}.toml"))
    shipped = ", ".join(sorted(p.stem for p in MAP_DIR.glob("*.toml")))
    if not MAP_FILE.fullmatch(name):
        raise DataError(
            _(
                "scenario map {name}: give a built-in map ({ids}) or the name of a map file "
                "beside the scenario"
            ).format(name=quoted(name), ids=shipped)
        )
    for path in (base / name, base / f"{name}.toml"):
        if not path.is_file():
            continue
        if path.resolve().parent != base.resolve():
            raise DataError(
                _("scenario map {name}: the file must be beside the scenario, not a link").format(
                    name=quoted(name)
                )
            )
        return read_data_file(path)
    raise DataError(
        _("scenario map {name}: no such map (built-in: {ids}; or a file in {base})").format(
            name=quoted(name), ids=shipped, base=base
        )
    )


def ascii_number(text: str) -> bool:
    """Digits 0-9 only, at most 3 of them (`isdigit()` also accepts "²" and "٣")."""
    return 0 < len(text) <= 3 and text.isascii() and text.isdigit()


def rain_table_span(key: str) -> set[int] | None:
    """The 2d6 totals a rain-table key names ("7" or "2-4"), or None when it is not one.

    The bounds (2 to 12, low before high) are checked before any range is built."""
    low, dash, high = key.partition("-")
    high = high if dash else low
    if not (ascii_number(low) and ascii_number(high)):
        return None
    lo, hi = int(low), int(high)
    if not 2 <= lo <= hi <= 12:
        return None
    return set(range(lo, hi + 1))
