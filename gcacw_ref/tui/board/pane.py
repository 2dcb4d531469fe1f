"""`BoardPane`: the board tab. The grid on the left, the hex under the cursor and the last
answer on the right (each line with its rule: enter opens it), the board file's path below.

Every key edits the board document (`edit`) or asks the board package a question; the
answers and their rule numbers are the engine's. Text from a file (unit ids, names, paths,
error lines) is shown as plain text."""

from __future__ import annotations

import re
from pathlib import Path

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from gcacw_ref.board import (
    Board,
    BoardUnit,
    Situation,
    board_from_map,
    read_board,
    save_board,
    situation,
)
from gcacw_ref.board.answer import Answer, Marks
from gcacw_ref.board.attack import ATTACK_TYPES, ask_attack
from gcacw_ref.board.command import ask_command
from gcacw_ref.board.move import ask_move
from gcacw_ref.board.retreat import ask_retreat
from gcacw_ref.errors import GcacwError, one_line, printable
from gcacw_ref.i18n import N_, _
from gcacw_ref.tui.board import edit
from gcacw_ref.tui.board.grid import CELL, BoardGrid, neighbour
from gcacw_ref.tui.board.hexpanel import hex_panel, no_leader
from gcacw_ref.tui.touchkit import hint, touch_mode
from gcacw_ref.tui.widgets import Field, FormLabel, StepsTable, said_field

RULE_AT_START = re.compile(r"^\s*\[(\d+(?:\.\d+)*)\]")
PATCH_MAPS = ["harrow", "training", "example"]
MOST_SHOWN = (14, 12)  # columns, rows drawn at once; the part shown follows the cursor
KEEP_ANSWER = {"moved", "select", "feature", "attack_type", "move", "attack"}
KEEP_ANSWER |= {"retreat", "rout", "command", "save"}


class AnswerLines(OptionList):
    """The answer, a line each; enter on a line citing a rule opens that rule."""

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        found = RULE_AT_START.match(str(event.option.prompt))
        if found:
            self.post_message(StepsTable.RuleChosen(found.group(1)))


class BoardPane(Vertical):
    """The board editor and its questions."""

    DEFAULT_CSS = """
    BoardPane { height: 1fr; }
    #board-top { height: 1fr; }
    #board-left { width: auto; max-width: 60%; height: 1fr; }
    #board-grid { width: auto; height: auto; }
    #board-status { height: auto; padding: 0 1; }
    #board-right { width: 1fr; height: 1fr; }
    #board-hex { height: auto; }
    #board-answer { height: 1fr; }
    #board-file-row { height: 3; }
    #board-file-label { padding: 1 1 0 0; }
    #board-file { width: 1fr; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.board: Board = edit.empty_board()
        self.sit: Situation | None = None
        self.problem = ""
        self.feature = 0  # the hexside feature `h` toggles: an index of edit.SIDE_FEATURES
        self.patch = -1
        self.attack_type = ATTACK_TYPES[0]  # `b` asks this type of attack; `B` the next
        self.question: tuple[str, str] | None = None  # the last question, asked again on F8
        self.said = ""  # the last line said about an edit

    def compose(self) -> ComposeResult:
        with Horizontal(id="board-top"):
            with Vertical(id="board-left"):
                yield BoardGrid(id="board-grid")
                yield Static("", id="board-status")
            with Vertical(id="board-right"):
                yield Static("", id="board-hex")
                yield FormLabel(
                    N_("Answer (a tap on a line opens its rule)")
                    if touch_mode()
                    else N_("Answer (enter on a line opens its rule)"),
                    id="board-said",
                )
                yield AnswerLines(id="board-answer")
        with Horizontal(id="board-file-row"):
            yield FormLabel(N_("Board file"), id="board-file-label")
            yield said_field(N_("path of a board file: S saves, O opens"), id="board-file")

    def on_mount(self) -> None:
        self.redraw()

    def focus_grid(self) -> None:
        self.query_one(BoardGrid).focus()

    def open_board(self, board: Board, said: str) -> None:
        """Show `board` (from a file, a map patch or the game screen)."""
        self.board = board
        self.question = None
        grid = self.query_one(BoardGrid)
        grid.marks, grid.selected = Marks(), []
        view = board.board.view
        if view is not None:
            grid.cursor = view.from_hex
        self.query_one(AnswerLines).clear_options()
        self.said = said
        self.redraw()

    # -- drawing -----------------------------------------------------------------------

    def redraw(self) -> None:
        """Check the board (the board package's one line on a mistake) and draw it."""
        try:
            self.sit = situation(self.board, where=_("board"))
            self.problem = ""
        except GcacwError as exc:
            self.problem = one_line(str(exc))
        grid = self.query_one(BoardGrid)
        if self.sit is not None:
            hexmap = self.sit.map
            grid.terrain = {h: hexmap.terrain(h).value for h in hexmap.all_hexes()}
        grid.show(self.board, self._bounds(), self._most())
        self.show_hex()

    def _most(self) -> tuple[int, int]:
        """How many columns and rows fit the window (at most `MOST_SHOWN`)."""
        width, height = self.app.size
        columns = (int(width * 0.6) - 4) // CELL
        rows = (height - 10) // 2
        return max(3, min(MOST_SHOWN[0], columns)), max(3, min(MOST_SHOWN[1], rows))

    def on_resize(self) -> None:
        self.redraw()

    def _bounds(self) -> tuple[int, int, int, int]:
        view = self.board.board.view
        if view is not None:
            return int(view.from_hex[:2]), int(view.from_hex[2:]), view.columns, view.rows
        if self.board.map is not None:
            return 1, 1, int(self.board.map.get("columns", 1)), int(self.board.map.get("rows", 1))
        if self.sit is not None:
            return 1, 1, self.sit.map.columns, self.sit.map.rows
        return 1, 1, 1, 1

    def show_hex(self) -> None:
        """The hex under the cursor: terrain, its six sides, its units and their markers."""
        grid = self.query_one(BoardGrid)
        info = hex_panel(self.board, self.sit, grid, edit.SIDE_FEATURES[self.feature].value)
        self.query_one("#board-hex", Static).update(info)
        status = Text()
        if self.problem:
            status.append(printable(self.problem), style="bold red")
        elif self.said:
            status.append(printable(self.said))
        self.query_one("#board-status", Static).update(status)

    def relabel(self) -> None:
        if self.question is not None:
            try:
                self.ask(*self.question)
            except GcacwError as exc:  # the board was changed since: say why, keep it
                self.said = one_line(str(exc))
        self.show_hex()

    # -- keys ----------------------------------------------------------------------------

    def board_key(self, what: str) -> None:
        """A key of the grid: an edit, a question, the file."""
        self.said = ""
        if what not in KEEP_ANSWER:  # an edit: the last answer no longer holds
            self.question = None
            self.query_one(BoardGrid).marks = Marks()
            self.query_one(AnswerLines).clear_options()
        try:
            self._key(what)
        except GcacwError as exc:
            self.said = one_line(str(exc))
        if what == "moved":
            self.show_hex()
        else:
            self.redraw()

    def _key(self, what: str) -> None:
        grid = self.query_one(BoardGrid)
        here = grid.cursor
        units = edit.units_at(self.board, here)
        questions = {"move": "", "attack": "", "retreat": "retreat", "rout": "rout"}
        if what in questions or what == "command":
            self.ask("retreat" if what == "rout" else what, questions.get(what, ""))
        elif what in ("terrain", "terrain_back", "hexside"):
            if self.sit is not None:
                edit.make_inline(self.board, self.sit)
            if what == "hexside":
                other = neighbour(here, grid.pointing)
                if other is not None:
                    feature = edit.SIDE_FEATURES[self.feature].value
                    edit.toggle_side_feature(self.board, here, other, feature)
            else:
                now = str(self.board.hexes.get(here, {}).get("terrain", "clear"))
                step = 1 if what == "terrain" else -1
                edit.set_terrain(self.board, here, edit.cycle(edit.TERRAINS, now, step))
        elif what == "attack_type":
            self.attack_type = edit.cycle(list(ATTACK_TYPES), self.attack_type)
            said = hint(_("b asks: {type} attack"), _("attack asks: {type} attack"))
            self.said = said.format(type=_(self.attack_type))
        elif what == "feature":
            self.feature = (self.feature + 1) % len(edit.SIDE_FEATURES)
        elif what in ("union", "confederate"):
            edit.place_unit(self.board, here, what)
        elif what in ("save", "open", "patch", "new"):
            self._file(what)
        elif not units:
            if what != "moved":
                self.said = _("No unit in hex {hex}").format(hex=here)
        else:
            self._unit_key(what, *units[-1])

    def _unit_key(self, what: str, uid: str, unit: BoardUnit) -> None:
        grid = self.query_one(BoardGrid)
        if what in ("stronger", "weaker"):
            edit.change_unit(unit, "strength", 1 if what == "stronger" else -1)
        elif what in ("kind", "fatigue", "disorganized", "demoralized", "entrenchment"):
            edit.change_unit(unit, what)
        elif what == "leader":
            edit.toggle_leader(self.board, uid, unit.hex)
        elif what in ("command_rating", "tactical_rating"):
            if not edit.change_leader(self.board, uid, unit.hex, what.removesuffix("_rating")):
                self.said = no_leader(unit.hex)
        elif what == "remove":
            edit.remove_unit(self.board, unit)
        elif what == "active":
            edit.mark_active(self.board, uid, unit.side.value)
        elif what == "select":
            ids = [u for u, _unit in edit.units_at(self.board, unit.hex)]
            if any(u in grid.selected for u in ids):
                grid.selected = [u for u in grid.selected if u not in ids]
            else:
                grid.selected = [*grid.selected, *ids]

    def _file(self, what: str) -> None:
        if what == "save":
            self.save()
        elif what == "open":
            self.open_file()
        elif what == "patch":
            self.next_patch()
        else:
            self.open_board(edit.empty_board(), _("A new board"))

    def ask(self, kind: str, result: str = "") -> None:
        """Ask the board package a question about the hex or units under the cursor."""
        grid = self.query_one(BoardGrid)
        if self.sit is None:
            self.said = self.problem
            return
        answer: Answer
        here = grid.cursor
        units = edit.units_at(self.board, here)
        if kind == "attack":
            if not grid.selected:
                self.said = hint(
                    _("Select the attacking units first (space on each)"),
                    _("Select the attacking units first (select on each)"),
                )
                return
            answer = ask_attack(self.sit, here, list(grid.selected), self.attack_type)
        elif not units:
            self.said = _("No unit in hex {hex}").format(hex=here)
            return
        elif kind == "move":
            answer = ask_move(self.sit, units[0][0])
        elif kind == "retreat":
            answer = ask_retreat(self.sit, units[0][0], result)
        else:
            leaders = [lid for lid, ld in self.sit.state.leaders.items() if ld.unit == units[0][0]]
            if not leaders:
                self.said = no_leader(here)
                return
            answer = ask_command(self.sit, leaders[0])
        self.question = (kind, result)
        grid.marks = answer.marks
        lines = self.query_one(AnswerLines)
        lines.clear_options()
        for line in answer.text().splitlines():
            lines.add_option(Option(Text(printable(line) or " ")))

    def save(self) -> None:
        path = self.query_one("#board-file", Field).value.strip()
        if not path:
            self.said = _("Type the board file's path below first")
            return
        save_board(self.board, Path(path).expanduser())
        self.said = _("Saved to {path}").format(path=path)

    def open_file(self) -> None:
        path = self.query_one("#board-file", Field).value.strip()
        if not path:
            self.said = _("Type the board file's path below first")
            return
        board = read_board(Path(path).expanduser())
        self.open_board(board, _("Opened {path}").format(path=path))

    def next_patch(self) -> None:
        self.patch = (self.patch + 1) % len(PATCH_MAPS)
        name = PATCH_MAPS[self.patch]
        board = board_from_map(name, "0101", *MOST_SHOWN)
        self.open_board(
            board,
            hint(
                _("A patch of the built-in map {map} (P: the next map)"),
                _("A patch of the built-in map {map} (map patch: the next map)"),
            ).format(map=name),
        )
