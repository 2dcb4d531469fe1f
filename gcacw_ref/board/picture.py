"""The board as text: the hexes shown (its view, else the whole map) as a grid of cells,
then the units, leaders and hexside features in them. User text (names) is printed as
plain text with control characters escaped; never as markup."""

from __future__ import annotations

from gcacw_ref.board.load import Situation
from gcacw_ref.errors import printable
from gcacw_ref.game.model.geometry import hex_name
from gcacw_ref.i18n import _
from gcacw_ref.rules.numbers import format_strength

TERRAIN_MARK = {
    "clear": ".",
    "rolling": "r",
    "rough": "R",
    "provisional_swamp": "p",
    "woods": "w",
    "city": "c",
    "swamp": "s",
    "mountain": "m",
    "water": "~",
}
MAX_SHOWN = 40  # columns or rows drawn as a grid; beyond, the lists alone


def shown_hexes(sit: Situation) -> tuple[int, int, int, int]:
    """The first column, first row, columns and rows the board shows."""
    view = sit.board.board.view
    m = sit.map
    if view is None:
        return 1, 1, m.columns, m.rows
    col, row = int(view.from_hex[:2]), int(view.from_hex[2:])
    return col, row, min(view.columns, m.columns - col + 1), min(view.rows, m.rows - row + 1)


def in_view(sit: Situation, hex_: str) -> bool:
    c0, r0, cols, rows = shown_hexes(sit)
    c, r = int(hex_[:2]), int(hex_[2:])
    return c0 <= c < c0 + cols and r0 <= r < r0 + rows


def text_picture(sit: Situation) -> str:
    """The grid (odd columns on one line, even ones half a hex lower on the next), then
    the lists: units, leaders, hexside features."""
    c0, r0, cols, rows = shown_hexes(sit)
    m = sit.map
    sides: dict[str, set[str]] = {}
    for u in sit.state.units.values():
        if u.hex:
            sides.setdefault(u.hex, set()).add("U" if u.side.value == "union" else "C")
    lines: list[str] = [
        _("Board: map {map}, hexes {first} to {last}; turn {turn}{rain}").format(
            map=printable(sit.scenario.scenario.map),
            first=hex_name((c0, r0)),
            last=hex_name((c0 + cols - 1, r0 + rows - 1)),
            turn=sit.state.turn,
            rain=_(", rain") if sit.state.is_rain() else "",
        )
    ]
    if cols <= MAX_SHOWN and rows <= MAX_SHOWN:
        for r in range(r0, r0 + rows):
            for parity in (1, 0):
                cells = []
                for c in range(c0, c0 + cols):
                    h = hex_name((c, r))
                    if c % 2 != parity:
                        cells.append(" " * 7)
                        continue
                    mark = "".join(sorted(sides.get(h, ()))) or " "
                    cells.append(f"{h}{TERRAIN_MARK.get(str(m.terrain(h)), '?')}{mark:<2}")
                lines.append("".join(cells).rstrip())
        lines.append(
            _(
                "  . clear  r rolling  R rough  w woods  m mountain  s swamp  p provisional swamp  "
                "c city  ~ water;  U Union  C Confederate"
            )
        )
    lines.append(_("Units:"))
    for u in sit.state.units.values():
        if not u.hex:
            continue
        line = _("  {id} {hex}: {side} {kind} {strength} (tactical {tactical}, artillery {art})")
        lines.append(
            line.format(
                id=printable(u.id),
                hex=u.hex,
                side=_(u.side.value),
                kind=_(u.kind),
                strength=format_strength(sit.position.combat_strength(u.id)),
                tactical=u.tactical,
                art=u.artillery,
            )
            + "".join(f" {w}" for w in markers(sit, u.id))
        )
    if sit.state.leaders:
        lines.append(_("Leaders:"))
        for ld in sit.state.leaders.values():
            lines.append(
                _(
                    "  {id}: {rank} leader with {unit} (command {command}, tactical {tactical})"
                ).format(
                    id=printable(ld.id),
                    rank=_(ld.rank),
                    unit=printable(ld.unit or "-"),
                    command=ld.command,
                    tactical=ld.tactical,
                )
            )
    sides_shown = [
        (a, b, f)
        for (a, b), f in m.hexsides().items()
        if f and (in_view(sit, a) or in_view(sit, b))
    ]
    if sides_shown:
        lines.append(_("Hexsides:"))
        for a, b, f in sorted(sides_shown):
            lines.append(f"  {a}-{b}: " + ", ".join(_(str(x)) for x in sorted(f)))
    return "\n".join(lines)


def markers(sit: Situation, uid: str) -> list[str]:
    """The unit's markers as short words (fatigue, exhausted, disorganized, ...)."""
    u = sit.state.units[uid]
    out = []
    if not u.organized:
        out.append(_("disorganized"))
    if u.fatigue:
        out.append(_("fatigue {n}").format(n=u.fatigue))
    if u.exhausted:
        out.append(_("exhausted"))
    if u.demoralized:
        out.append(_("demoralized {n}").format(n=u.demoralized))
    if u.entrenchment != "none":
        out.append(_(u.entrenchment))
    return out
