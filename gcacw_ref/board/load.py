"""Reading a board: its text (TOML or JSON) into a `Board`, and a `Board` into the
scenario and game state the engine plays (`Situation`), with every cross-check a
scenario has. Every mistake is one `DataError` line naming the hex, hexside or unit.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from string import ascii_lowercase
from typing import Any

from pydantic import ValidationError

from gcacw_ref.board.doc import Board, BoardLeader, BoardUnit
from gcacw_ref.errors import DataError, InputError, one_line, quoted
from gcacw_ref.game.engine.core import initial_state
from gcacw_ref.game.engine.position import Position
from gcacw_ref.game.model.hexmap import HexMap
from gcacw_ref.game.model.scenario import Scenario, scenario_from_data
from gcacw_ref.game.model.scenario_limits import read_map
from gcacw_ref.game.model.state import GameState
from gcacw_ref.i18n import _
from gcacw_ref.jsonin import check_depth, parse_json
from gcacw_ref.paths import read_user_text
from gcacw_ref.rules.games import Game, Side

BOARD_ID = "board"
EXAMPLES = Path(__file__).resolve().parent / "examples"
"""The built-in boards: the rulebook's worked examples, as figures (`load("combat")`)."""
YEAR_OF_GAME = {"SJW": 1862, "HCR": 1862, "RTG": 1863, "SIV": 1862, "SLB": 1863, "OTR": 1862}
"""The year a short board plays in when it names none (entrenchment era, 9.0)."""


@dataclass(frozen=True)
class Situation:
    """A board read for the engine: the document, its scenario and its game state."""

    board: Board
    scenario: Scenario
    state: GameState
    where: str

    @cached_property
    def position(self) -> Position:
        """The engine's read-only view of this position."""
        return Position(self.state)

    @property
    def map(self) -> HexMap:
        return self.scenario.board

    def unit_id(self, name: str) -> str:
        """A unit named by its id, or by its hex when it alone stands there."""
        if name in self.state.units:
            return name
        here = [u.id for u in self.state.units.values() if u.hex == name]
        if len(here) == 1:
            return here[0]
        if here:
            raise InputError(
                _("hex {hex} holds several units ({ids}); name one").format(
                    hex=name, ids=", ".join(here)
                )
            )
        raise InputError(
            _("{where}: no unit {name} on the board").format(where=self.where, name=quoted(name))
        )


def parse_board(text: str, where: str = "board", fmt: str = "toml") -> Board:
    """A board document from its text (`fmt`: "toml" or "json"), validated."""
    if fmt == "json":
        data = parse_json(text, where, DataError)
    else:
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise DataError(
                _("{path}: not valid TOML ({reason})").format(
                    path=one_line(where), reason=one_line(str(exc))
                )
            ) from None
        except RecursionError:
            raise DataError(_("{path}: the TOML is nested too deeply").format(path=where)) from None
        check_depth(data, where, DataError)
    if not isinstance(data, dict):
        raise DataError(_("{path}: expected a table at the top level").format(path=where))
    try:
        return Board.model_validate(data)
    except ValidationError as exc:
        raise DataError(_describe(where, data, exc)) from None


def read_board(path: Path | str) -> Board:
    """A board file (TOML, or JSON by its `.json` suffix)."""
    p = Path(path)
    fmt = "json" if p.suffix == ".json" else "toml"
    return parse_board(read_user_text(p), one_line(str(p)), fmt)


def _describe(where: str, data: dict[str, Any], exc: ValidationError) -> str:
    """One line naming the unit or leader (by id, else hex) and the field at fault."""
    err = exc.errors()[0]
    loc = list(err["loc"])
    name = ".".join(str(p) for p in loc)
    if len(loc) >= 2 and loc[0] in ("units", "leaders") and isinstance(loc[1], int):
        entry = data.get(str(loc[0]), [])[loc[1]]
        label = _("unit") if loc[0] == "units" else _("leader")
        who = entry.get("id") or entry.get("hex") or f"#{loc[1] + 1}"
        field = ".".join(str(p) for p in loc[2:]) or "(entry)"
        name = f"{label} {quoted(who)} {field}"
    return _("{path}: {field}: {problem}").format(
        path=where, field=name, problem=one_line(str(err["msg"])[:200])
    )


def unit_ids(units: list[BoardUnit]) -> list[str]:
    """Each unit's id: its own, or its hex (with a letter when several unnamed units share
    the hex: 0305a, 0305b)."""
    unnamed: dict[str, int] = {}
    for u in units:
        if u.id is None:
            unnamed[u.hex] = unnamed.get(u.hex, 0) + 1
    seen: dict[str, int] = {}
    ids = []
    for u in units:
        if u.id is not None:
            ids.append(u.id)
            continue
        if unnamed[u.hex] == 1:
            ids.append(u.hex)
            continue
        n = seen.get(u.hex, 0)
        seen[u.hex] = n + 1
        ids.append(u.hex + (ascii_lowercase[n] if n < 26 else str(n)))
    return ids


def scenario_data(board: Board, where: str, base: Path | None = None) -> dict[str, Any]:
    """The board as a full scenario document (defaults filled in, formations declared)."""
    st = board.board
    info = dict(board.scenario or {})
    game = st.game or Game(info.get("game", "GTC"))
    info["game"] = game.value
    info.setdefault("id", BOARD_ID)
    info.setdefault("name", info["id"])
    info["year"] = st.year or info.get("year") or YEAR_OF_GAME.get(game.value, 1864)
    info["turns"] = max(int(info.get("turns", 1)), st.turn)
    doc: dict[str, Any] | None = None
    if board.map is not None:
        header = {"id": BOARD_ID, **board.map}
        doc = {"map": header, "hexes": board.hexes, "hexsides": board.hexsides}
        info["map"] = str(header["id"])
    elif st.map is not None or "map" in info:
        info["map"] = st.map if st.map is not None else info["map"]
        doc = read_map(str(info["map"]), base or Path.cwd())
    else:
        raise DataError(
            _("{where}: board: give a map id (map = ...) or a [map] block").format(where=where)
        )
    ids = unit_ids(board.units)
    units = [_unit(u, uid) for u, uid in zip(board.units, ids, strict=True)]
    leaders = [_leader(ld, i, units, where) for i, ld in enumerate(board.leaders)]
    data: dict[str, Any] = {
        "scenario": info,
        "weather": board.weather,
        "rain_table": board.rain_table,
        "formations": _formations(board, units, leaders),
        "units": units,
        "leaders": leaders,
        "map_document": doc,
    }
    for block in ("victory", "bridges", "counters"):
        value = getattr(board, block)
        if value is not None:
            data[block] = value
    return data


def _unit(u: BoardUnit, uid: str) -> dict[str, Any]:
    data = u.model_dump(exclude_none=True)
    data["id"] = uid
    data.setdefault("name", uid)
    data["strength"] = u.strength
    return data


def _leader(ld: BoardLeader, i: int, units: list[dict[str, Any]], where: str) -> dict[str, Any]:
    who = ld.id or (f"L{ld.hex}" if ld.hex else f"#{i + 1}")
    unit = None
    if ld.with_unit is not None:
        unit = next((u for u in units if u["id"] == ld.with_unit), None)
    elif ld.hex is not None:
        unit = next((u for u in units if u["hex"] == ld.hex and ld.side in (None, u["side"])), None)
        if unit is None:
            raise DataError(
                _("{where}: leader {id} at hex {hex}: no unit of its side there").format(
                    where=where, id=quoted(who), hex=ld.hex
                )
            )
    else:
        raise DataError(
            _("{where}: leader {id}: give with_unit or hex").format(where=where, id=quoted(who))
        )
    if unit is None:
        raise DataError(
            _("{where}: leader {id} is with unit {unit}, which is not on the board").format(
                where=where, id=quoted(who), unit=quoted(ld.with_unit)
            )
        )
    own = [f for f in (unit.get("corps"), unit.get("division")) if f]
    commands = ld.commands if ld.commands is not None else own[:1]
    rank = ld.rank or (
        "army" if not commands else "corps" if unit.get("corps") in commands else "division"
    )
    lid = ld.id or f"L{unit['hex']}" + ("" if i == 0 else f"-{i + 1}")
    return {
        "id": lid,
        "name": ld.name or lid,
        "name_ja": ld.name_ja,
        "side": (ld.side or Side(unit["side"])).value,
        "rank": rank,
        "cavalry": unit["kind"] == "cavalry" if ld.cavalry is None else ld.cavalry,
        "command": ld.command,
        "tactical": ld.tactical,
        "commands": commands,
        "with_unit": unit["id"],
    }


def _formations(
    board: Board, units: list[dict[str, Any]], leaders: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    """The declared formations, and one for every name a unit uses but none declares."""
    out = list(board.formations)
    known = {str(f.get("id")) for f in out}
    for u in units:
        for field in ("corps", "division"):
            name = u.get(field)
            if name and name not in known:
                known.add(name)
                cav = "cavalry_" if u["kind"] == "cavalry" else ""
                kind = f"{cav}{'corps' if field == 'corps' else 'division'}"
                out.append({"id": name, "side": u["side"], "kind": kind})
    del leaders  # leaders name formations; an unknown one is the cross-check's to report
    return out


def situation(board: Board, where: str = "board", base: Path | None = None) -> Situation:
    """The board as the engine sees it: every cross-check of a scenario (units on the map,
    not on water, no enemy units sharing a hex, leaders with their own units), then the
    game state with the turn, rain and markers of the board."""
    data = scenario_data(board, where, base)
    scen = scenario_from_data(data, where, base, both_sides=False)
    st = board.board
    ids = {u.id for u in scen.units}
    if st.active_unit is not None and st.active_unit not in ids:
        raise DataError(
            _("{where}: board.active_unit {unit} is not on the board").format(
                where=where, unit=quoted(st.active_unit)
            )
        )
    for h in st.refused:
        if not scen.board.on_map(h):
            raise DataError(
                _("{where}: board.refused: hex {hex} is off the map").format(where=where, hex=h)
            )
    if st.view is not None:
        corner = st.view.from_hex
        if not scen.board.on_map(corner):
            raise DataError(
                _("{where}: board.view: hex {hex} is off the map").format(where=where, hex=corner)
            )
    rain = st.rain or scen.rain_event(st.turn) != "none"
    state = initial_state(scen, 1).model_copy(
        update={
            "turn": st.turn,
            "phase": "action_cycle",
            "rain": (st.turn,) if rain else (),
            "refused": tuple(st.refused),
        }
    )
    return Situation(board=board, scenario=scen, state=state, where=where)


def builtin_boards() -> list[str]:
    """The names of the built-in boards."""
    return sorted(p.stem for p in EXAMPLES.glob("*.toml"))


def load(source: Path | str | Board) -> Situation:
    """A board from a path or a built-in board's name (or an already parsed `Board`),
    read for the engine."""
    if isinstance(source, Board):
        return situation(source)
    if isinstance(source, str) and source in builtin_boards() and not Path(source).exists():
        source = EXAMPLES / f"{source}.toml"
    board = read_board(source)
    return situation(board, one_line(str(source)), Path(source).parent)
