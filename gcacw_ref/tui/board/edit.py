"""Edits of a board document, each one field of `gcacw_ref.board.Board` changed in place.

Nothing here decides a rule: it writes what the player said down about the table (the
terrain of a hex, what runs along a hexside, a unit and its markers); the board package
checks the result and answers the questions."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Literal, TypeVar

from pydantic import BaseModel

from gcacw_ref.board import (
    MOST_STRENGTH,
    Board,
    BoardLeader,
    BoardState,
    BoardUnit,
    Situation,
)
from gcacw_ref.board.load import unit_ids
from gcacw_ref.rules.combat_tables import LevelKey
from gcacw_ref.rules.games import Side
from gcacw_ref.rules.terrain import HexsideFeature, Terrain

TERRAINS = [t.value for t in Terrain if t is not Terrain.PROVISIONAL_SWAMP]
SIDE_FEATURES = [
    HexsideFeature.MINOR_RIVER,
    HexsideFeature.MAJOR_RIVER,
    HexsideFeature.CREEK,
    HexsideFeature.ROAD,
    HexsideFeature.PIKE,
    HexsideFeature.TRAIL,
    HexsideFeature.BRIDGE,
    HexsideFeature.FORD,
    HexsideFeature.FERRY,
    HexsideFeature.DAM,
]
KINDS: list[UnitKind] = ["infantry", "cavalry", "artillery"]
ENTRENCHMENTS: list[LevelKey] = [
    "none",
    "abatis",
    "breastworks",
    "fort",
]  # the finished levels of 9.0
NEW_COLUMNS, NEW_ROWS = 8, 6
T = TypeVar("T")
UnitKind = Literal["infantry", "cavalry", "artillery"]  # the board's kinds of unit


def empty_board(columns: int = NEW_COLUMNS, rows: int = NEW_ROWS) -> Board:
    """A new board: an inline map of clear hexes, nobody on it."""
    return Board(board=BoardState(), map={"columns": columns, "rows": rows})


def make_inline(board: Board, sit: Situation) -> None:
    """A board showing a built-in map gets that map written into it, so that its hexes
    and hexsides can be changed (the hexes keep their numbers, the view its place)."""
    if board.map is not None:
        return
    doc: dict[str, Any] = dict(sit.scenario.map_document or {})
    board.map = dict(doc.get("map", {}))
    board.hexes = {k: dict(v) for k, v in dict(doc.get("hexes", {})).items()}
    board.hexsides = [dict(s) for s in doc.get("hexsides", [])]
    board.board.map = None


def set_terrain(board: Board, hex_: str, terrain: str) -> None:
    entry = dict(board.hexes.get(hex_, {}))
    entry["terrain"] = terrain
    board.hexes = {**board.hexes, hex_: entry}


def side_features(board: Board, a: str, b: str) -> list[str]:
    for side in board.hexsides:
        if set(side.get("between", [])) == {a, b}:
            return [str(f) for f in side.get("features", [])]
    return []


def toggle_side_feature(board: Board, a: str, b: str, feature: str) -> bool:
    """Put `feature` on the hexside between `a` and `b`, or take it off; True: now on."""
    kept = [s for s in board.hexsides if set(s.get("between", [])) != {a, b}]
    features = side_features(board, a, b)
    on = feature not in features
    features = [*features, feature] if on else [f for f in features if f != feature]
    if features:
        kept.append({"between": [a, b], "features": features})
    board.hexsides = kept
    return on


def units_at(board: Board, hex_: str) -> list[tuple[str, BoardUnit]]:
    """The units in a hex with their ids (as the board package names them)."""
    ids = unit_ids(board.units)
    return [(uid, u) for uid, u in zip(ids, board.units, strict=True) if u.hex == hex_]


def place_unit(board: Board, hex_: str, side: str) -> None:
    """A fresh infantry division of strength 6 (change it with + and -)."""
    board.units = [*board.units, BoardUnit(side=Side(side), strength=Fraction(6), hex=hex_)]


def remove_unit(board: Board, unit: BoardUnit) -> None:
    board.units = [u for u in board.units if u is not unit]
    board.leaders = [ld for ld in board.leaders if ld.hex != unit.hex]


def cycle(values: list[T], now: object, step: int = 1) -> T:
    """The value after `now` in `values` (round again at the end)."""
    i = values.index(now) if now in values else -1
    return values[(i + step) % len(values)]


def change_unit(unit: BoardUnit, what: str, step: int = 1) -> None:
    """One marker or figure of a unit changed by a key: strength, kind, fatigue (0-4),
    disorganized, demoralized (0-2), entrenchment."""
    if what == "strength":
        unit.strength = min(MOST_STRENGTH, max(Fraction(1), unit.strength + step))
    elif what == "kind":
        unit.kind = cycle(KINDS, unit.kind, step)
    elif what == "fatigue":
        unit.fatigue = cycle(list(field_range(BoardUnit, "fatigue")), unit.fatigue, step)
    elif what == "disorganized":
        unit.organized = not unit.organized
    elif what == "demoralized":
        unit.demoralized = cycle(
            list(field_range(BoardUnit, "demoralized")), unit.demoralized, step
        )
    elif what == "entrenchment":
        unit.entrenchment = cycle(ENTRENCHMENTS, unit.entrenchment, step)


def toggle_leader(board: Board, uid: str, hex_: str) -> bool:
    """A leader with the unit (command range 2), or none; True: now there."""
    here = [ld for ld in board.leaders if ld.with_unit == uid or ld.hex == hex_]
    if here:
        board.leaders = [ld for ld in board.leaders if ld not in here]
        return False
    board.leaders = [*board.leaders, BoardLeader(command=2, with_unit=uid)]
    return True


def field_range(model: type[BaseModel], name: str) -> range:
    """The whole numbers a model's field allows, from its `ge`/`le` bounds."""
    low = high = 0
    for bound in model.model_fields[name].metadata:
        low = int(getattr(bound, "ge", low))
        high = int(getattr(bound, "le", high))
    return range(low, high + 1)


LEADER_RATINGS = {r: field_range(BoardLeader, r) for r in ("command", "tactical")}
"""The ratings a board leader may have: the board document's ranges (`BoardLeader`)."""


def leader_of(board: Board, uid: str, hex_: str) -> BoardLeader | None:
    """The leader with unit `uid` (or placed on its hex), if any."""
    return next((ld for ld in board.leaders if ld.with_unit == uid or ld.hex == hex_), None)


def change_leader(board: Board, uid: str, hex_: str, rating: str, step: int = 1) -> bool:
    """The command or tactical rating of the leader with the unit, to its next value
    (round again past the top); False when the unit has no leader."""
    leader = leader_of(board, uid, hex_)
    if leader is None:
        return False
    setattr(leader, rating, cycle(list(LEADER_RATINGS[rating]), getattr(leader, rating), step))
    return True


def mark_active(board: Board, uid: str, side: str) -> None:
    board.board.active_unit = uid
    board.board.active = Side(side)
