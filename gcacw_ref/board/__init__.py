"""The board: a player's own situation put to the rules engine (issue 39).

A board is a scenario file of today's format with short defaults, plus where the game
stands (`doc.py` describes the file). The Python API (kept stable for the TUI's editor):

Reading and writing
    `parse_board(text, where="board", fmt="toml"|"json") -> Board`   validate a document
    `read_board(path) -> Board`                 a file (JSON by its `.json` suffix)
    `dump_board(board, fmt="toml"|"json") -> str`   write it back; defaults left out, and
                                                `parse_board(dump_board(b)) == b`
    `save_board(board, path)`                   write it atomically (JSON by `.json`)
    `Board`, `BoardState`, `BoardUnit`, `BoardLeader`, `View`   the pydantic models
                                                (frozen=False: build and edit them freely)
    `MOST_STRENGTH`                             a unit's greatest strength (21)
Making one
    `board_from_map(map_id, top_left, columns, rows) -> Board`   an empty board showing a
                                                patch of a built-in map (harrow, training,
                                                example); hexes keep their real numbers
    `board_from_state(scenario, state, active=None) -> Board`   the live game position
    `inline_map(board) -> Board`                the same board with its built-in map written
                                                inline, ready for editing hexes and hexsides
Reading it for the engine
    `situation(board, where="board", base=None) -> Situation`   every cross-check (one
                                                `DataError` line naming the hex or unit),
                                                then the scenario and the game state
    `load(path_or_board) -> Situation`          read and check in one call (a built-in
                                                board by name: `builtin_boards()`)
    `Situation.position` -> `Position`          the engine's read-only view of it
    `Situation.scenario`, `.state`, `.map`, `.unit_id(name)` (an id, or a hex holding one unit)
"""

from __future__ import annotations

from gcacw_ref.board.doc import Board, BoardLeader, BoardState, BoardUnit, View
from gcacw_ref.board.load import (
    Situation,
    builtin_boards,
    load,
    parse_board,
    read_board,
    situation,
)
from gcacw_ref.board.save import (
    board_from_map,
    board_from_state,
    dump_board,
    inline_map,
    save_board,
)
from gcacw_ref.game.model.scenario_doc import MOST_STRENGTH

__all__ = [
    "MOST_STRENGTH",
    "Board",
    "BoardLeader",
    "BoardState",
    "BoardUnit",
    "Situation",
    "View",
    "board_from_map",
    "board_from_state",
    "builtin_boards",
    "dump_board",
    "inline_map",
    "load",
    "parse_board",
    "read_board",
    "save_board",
    "situation",
]
