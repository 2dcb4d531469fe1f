"""The bench key `board` (measured, never asserted on: speed is the bench's)."""

from __future__ import annotations

import pytest

from gcacw_ref.bench import board
from gcacw_ref.commands.bench import SECTIONS

KEYS = {"load_ms", "move_ms", "attack_ms", "retreat_ms", "command_ms", "svg_ms"}


def test_board_section(monkeypatch: pytest.MonkeyPatch) -> None:
    assert "gcacw_ref.bench.board" in SECTIONS
    monkeypatch.setattr(board, "RUNS", 1)
    result = board.run()["board"]
    assert set(result) == {"example", "board_20x20"}
    for part in result.values():
        assert set(part) == KEYS and all(v >= 0 for v in part.values())
    big = board.big_board()
    assert big.map is not None and (big.map["columns"], big.map["rows"]) == (20, 20)
    assert len(big.units) == 24
    assert "20x20" in board.render({"board": result})
