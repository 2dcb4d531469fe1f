"""Writing a board back (TOML or JSON) and making one: from a patch of a built-in map, or
from a live game position (scenario and state, as the game screen holds them).

`dump_board` writes only what differs from the defaults, so a short board stays short and
`parse_board(dump_board(b)) == b` (the round trip the tests hold).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from gcacw_ref.board.doc import Board, BoardLeader, BoardState, BoardUnit, View
from gcacw_ref.errors import InputError, one_line, quoted
from gcacw_ref.game.model.geometry import parse_hex
from gcacw_ref.game.model.hexmap import builtin_map_path, load_map
from gcacw_ref.game.model.scenario import Scenario
from gcacw_ref.game.model.scenario_limits import read_map
from gcacw_ref.game.model.state import GameState
from gcacw_ref.i18n import _
from gcacw_ref.paths import atomic_write_text

BUILTIN_MAPS = ("harrow", "training", "example")


def board_data(board: Board) -> dict[str, Any]:
    """The board as plain data, defaults left out (JSON-ready)."""
    data: dict[str, Any] = board.model_dump(mode="json", exclude_defaults=True, by_alias=True)
    for unit in data.get("units", []):
        if str(unit["strength"]).isdigit():  # whole strengths as numbers, halves as text
            unit["strength"] = int(unit["strength"])
    return data


def dump_board(board: Board, fmt: str = "toml") -> str:
    """The board's text: TOML (default) or JSON."""
    data = board_data(board)
    if fmt == "json":
        return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    return _toml(data)


def _toml(data: dict[str, Any]) -> str:
    lines: list[str] = []
    for key, value in data.items():
        if isinstance(value, dict):
            if key == "hexes":
                lines.append("[hexes]")
                lines.extend(f"{_key(h)} = {_value(v)}" for h, v in value.items())
            else:
                lines.append(f"[{key}]")
                lines.extend(f"{_key(k)} = {_value(v)}" for k, v in value.items())
            lines.append("")
        elif isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            for entry in value:
                lines.append(f"[[{key}]]")
                lines.extend(f"{_key(k)} = {_value(v)}" for k, v in entry.items())
                lines.append("")
        else:
            lines.insert(0, f"{_key(key)} = {_value(value)}")
    return "\n".join(lines).rstrip() + "\n"


def _key(key: str) -> str:
    bare = key.replace("_", "").replace("-", "").isalnum() and key.isascii()
    return key if bare else json.dumps(key, ensure_ascii=False)


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items()) + " }"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    raise InputError(_("cannot write {value} in a board").format(value=quoted(repr(value))))


def save_board(board: Board, path: Path | str) -> None:
    """Write the board to `path` atomically (JSON by a `.json` suffix, else TOML)."""
    target = Path(path)
    text = dump_board(board, "json" if target.suffix == ".json" else "toml")
    try:
        atomic_write_text(target, text)
    except OSError as exc:
        raise InputError(
            _("{path}: cannot write ({reason})").format(
                path=one_line(str(target)), reason=exc.strerror or type(exc).__name__
            )
        ) from None


def board_from_map(map_id: str, top_left: str, columns: int, rows: int) -> Board:
    """An empty board showing a patch of a built-in map (its hexes keep their real
    numbers; the questions read the whole map, so its edges are the real ones)."""
    if map_id not in BUILTIN_MAPS or not builtin_map_path(map_id).is_file():
        raise InputError(
            _("map {name}: not a built-in map ({ids})").format(
                name=quoted(map_id), ids=", ".join(BUILTIN_MAPS)
            )
        )
    hexmap = load_map(builtin_map_path(map_id))
    col, row = parse_hex(top_left, "top-left hex")
    if not hexmap.on_map(top_left):
        raise InputError(_("hex {hex} is off the map {map}").format(hex=top_left, map=map_id))
    columns = max(1, min(columns, hexmap.columns - col + 1))
    rows = max(1, min(rows, hexmap.rows - row + 1))
    view = View.model_validate({"from": top_left, "columns": columns, "rows": rows})
    return Board(board=BoardState(map=map_id, view=view))


def inline_map(board: Board) -> Board:
    """The same board with its built-in map written inline (`[map]`, `[hexes]`,
    `[[hexsides]]`), so an editor can change a hex's terrain or a hexside's features."""
    if board.map is not None or board.board.map is None:
        return board
    if board.board.map not in BUILTIN_MAPS:
        raise InputError(
            _("map {name}: not a built-in map ({ids})").format(
                name=quoted(board.board.map), ids=", ".join(BUILTIN_MAPS)
            )
        )
    doc = read_map(board.board.map, builtin_map_path(board.board.map).parent)
    state = board.board.model_copy(update={"map": None})
    return board.model_copy(
        update={
            "board": state,
            "map": dict(doc["map"]),
            "hexes": dict(doc.get("hexes", {})),
            "hexsides": list(doc.get("hexsides", [])),
        },
        deep=True,
    )


def board_from_state(scenario: Scenario, state: GameState, active: str | None = None) -> Board:
    """The live position as a board ("argue about this"): the scenario's map, formations
    and counters, the units and leaders where they stand now, the turn and its rain."""
    units = [
        BoardUnit.model_validate(
            {
                **u.model_dump(
                    include={
                        "id",
                        "name",
                        "side",
                        "kind",
                        "size",
                        "corps",
                        "division",
                        "tactical",
                        "artillery",
                        "strength",
                        "organized",
                        "fatigue",
                        "exhausted",
                        "demoralized",
                        "entrenchment",
                        "hex",
                        "army_of_the_potomac",
                    }
                ),
                "name_ja": scenario.names_ja.get(u.id, ""),
            }
        )
        for u in state.units.values()
        if u.hex is not None
    ]
    alive = {u.id for u in units}
    leaders = [
        BoardLeader.model_validate(
            {
                "id": ld.id,
                "name": ld.name,
                "name_ja": scenario.names_ja.get(ld.id, ""),
                "side": ld.side,
                "rank": ld.rank,
                "cavalry": ld.cavalry,
                "command": ld.command,
                "tactical": ld.tactical,
                "commands": list(ld.commands),
                "with_unit": ld.unit,
            }
        )
        for ld in state.leaders.values()
        if ld.unit in alive
    ]
    info = scenario.scenario
    doc = scenario.map_document or {}
    inline = info.map not in BUILTIN_MAPS
    st = BoardState.model_validate(
        {
            "map": None if inline else info.map,
            "game": info.game,
            "year": info.year,
            "turn": state.turn,
            "rain": state.is_rain(),
            "active": active,
            "refused": list(state.refused),
        }
    )
    return Board(
        board=st,
        map=dict(doc.get("map", {})) if inline else None,
        hexes=dict(doc.get("hexes", {})) if inline else {},
        hexsides=list(doc.get("hexsides", [])) if inline else [],
        formations=[f.model_dump(mode="json") for f in scenario.formations],
        units=units,
        leaders=leaders,
        counters=scenario.counters.model_dump(mode="json"),
    )
