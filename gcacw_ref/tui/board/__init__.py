"""The board tab (F10, issue 39): a player's own situation put on a hex grid and asked.

`edit` changes the board document (terrain, hexside features, units, leaders, markers);
`grid` draws it and walks the cursor; `pane` puts the grid, the answer and the file field
together and asks the board package's questions. No rule is decided here: every answer
comes from `gcacw_ref.board` and the calculators it runs."""

from __future__ import annotations

from gcacw_ref.tui.board.pane import BoardPane

__all__ = ["BoardPane"]
