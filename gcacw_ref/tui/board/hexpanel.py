"""The board tab's hex panel: the hex under the cursor, its six sides with what runs
along them, and its units with their markers and leader (`BoardPane.show_hex`)."""

from __future__ import annotations

from rich.text import Text

from gcacw_ref.board import Board, Situation
from gcacw_ref.errors import printable
from gcacw_ref.i18n import N_, _, join_list
from gcacw_ref.tui.board import edit
from gcacw_ref.tui.board.grid import DIRECTIONS, BoardGrid, neighbour
from gcacw_ref.tui.touchkit import hint

FEATURE_WORDS = {
    "minor_river": N_("minor river"),
    "major_river": N_("major river"),
    "creek": N_("creek"),
    "road": N_("road"),
    "pike": N_("pike"),
    "trail": N_("trail"),
    "bridge": N_("bridge"),
    "ford": N_("ford"),
    "ferry": N_("ferry"),
    "dam": N_("dam"),
}
TERRAIN_WORDS = {
    "clear": N_("clear"),
    "rolling": N_("rolling"),
    "rough": N_("rough"),
    "woods": N_("woods"),
    "city": N_("city"),
    "swamp": N_("swamp"),
    "mountain": N_("mountain"),
    "water": N_("water"),
    "provisional_swamp": N_("provisional swamp"),
}
DIRECTION_WORDS = [N_("N"), N_("NE"), N_("SE"), N_("S"), N_("SW"), N_("NW")]
LEADER_MARK = N_("leader: command rating {command} · tactical rating {tactical}")


def hex_panel(board: Board, sit: Situation | None, grid: BoardGrid, brush: str) -> Text:
    """The panel's text for the hex under `grid`'s cursor (`brush`: the hexside feature
    the next toggle puts down)."""
    here = grid.cursor
    info = Text()
    terrain = sit.map.terrain(here).value if sit and sit.map.on_map(here) else ""
    info.append(
        _("Hex {hex}: {terrain}").format(hex=here, terrain=_(TERRAIN_WORDS.get(terrain, terrain))),
        style="bold",
    )
    for i in range(len(DIRECTIONS)):
        other = neighbour(here, i)
        features = edit.side_features(board, here, other) if other else []
        if sit and other and sit.map.on_map(other) and board.map is None:
            features = sorted(sit.map.features(here, other))
        pointed = i == grid.pointing
        info.append("\n" if i in (0, 3) else "  ")
        info.append(
            f"{'▶' if pointed else ''}{i + 1} {_(DIRECTION_WORDS[i])} ",
            style="bold" if pointed else "",
        )
        info.append(", ".join(_(FEATURE_WORDS.get(f, f)) for f in features) or "-")
    info.append(
        "\n"
        + hint(
            _("h toggles: {feature} (f: another)"),
            _("hexside toggles: {feature} (feature: another)"),
        ).format(feature=_(FEATURE_WORDS[brush])),
        style="dim",
    )
    for uid, unit in edit.units_at(board, here):
        side = _("Union") if unit.side.value == "union" else _("Confederate")
        info.append("\n")
        info.append(printable(uid), style="bold")
        described = _("{side} {kind}, strength {strength}").format(
            side=side, kind=_(unit.kind), strength=unit.strength
        )
        marks = [
            _("fatigue {n}").format(n=unit.fatigue) if unit.fatigue else "",
            "" if unit.organized else _("disorganized"),
            _("demoralized {n}").format(n=unit.demoralized) if unit.demoralized else "",
            _(unit.entrenchment) if unit.entrenchment != "none" else "",
            leader_mark(board, uid, unit.hex),
            _("active unit") if board.board.active_unit == uid else "",
            _("selected") if uid in grid.selected else "",
        ]
        shown = join_list(m for m in marks if m)
        if shown:  # the language's own brackets (full-width in Japanese)
            described = _("{description} ({marks})").format(description=described, marks=shown)
        info.append(" " + described)
    return info


def leader_mark(board: Board, uid: str, hex_: str) -> str:
    """The unit's leader and its ratings, as the hex panel lists them ("" for none)."""
    ld = edit.leader_of(board, uid, hex_)
    return _(LEADER_MARK).format(command=ld.command, tactical=ld.tactical) if ld else ""


def no_leader(hex_: str) -> str:
    """Said when a leader's question or rating finds no leader with the unit."""
    return hint(
        _("No leader with the unit in hex {hex} (L puts one)"),
        _("No leader with the unit in hex {hex} (leader puts one)"),
    ).format(hex=hex_)
