"""The board as an SVG picture a player can post: one <polygon> per hex in its terrain's
colour, hexside features along the hexsides, unit counters with strength and markers, and
an answer drawn on top (hexes reached with their cost, paths, picked-out hexes). Every
text taken from the board is XML-escaped."""

from __future__ import annotations

import math
from xml.sax.saxutils import escape, quoteattr

from gcacw_ref.board.answer import Marks
from gcacw_ref.board.load import Situation
from gcacw_ref.board.picture import markers, shown_hexes
from gcacw_ref.game.model.geometry import hex_name
from gcacw_ref.rules.numbers import format_strength

SIZE = 36.0  # centre to corner
TERRAIN_COLOUR = {
    "clear": "#eef0d8",
    "rolling": "#d9d2a6",
    "rough": "#c2b28a",
    "provisional_swamp": "#b9d3c0",
    "woods": "#8fbf7f",
    "city": "#c9c9c9",
    "swamp": "#9cc7b5",
    "mountain": "#a88f6e",
    "water": "#7fb2e5",
}
SIDE_COLOUR = {"union": "#3b5ba5", "confederate": "#9a9a9a"}
PICK_COLOUR = {
    "target": "#d62728",
    "flank": "#ff7f0e",
    "refused": "#b00020",
    "stop": "#7b3fa0",
    "command": "#2ca02c",
}
ALONG = {  # hexside features drawn along the hexside: colour, width, dash
    "major_river": ("#1f5fbf", 7.0, ""),
    "minor_river": ("#3f86e0", 5.0, ""),
    "creek": ("#6fb0f0", 3.0, ""),
    "water": ("#1f5fbf", 3.0, "2,2"),
}
ACROSS = {  # features drawn from centre to centre
    "pike": ("#5a3a1a", 4.0, ""),
    "road": ("#8a5a2a", 3.0, ""),
    "trail": ("#8a5a2a", 2.0, "5,3"),
    "railroad": ("#222222", 2.0, "8,3"),
}
CROSSING_MARK = {"bridge": "#5a3a1a", "ford": "#ffffff", "ferry": "#f2c14e", "dam": "#444444"}


def _centre(c: int, r: int, c0: int, r0: int) -> tuple[float, float]:
    x = SIZE + 1.5 * SIZE * (c - c0)
    shift = 0.5 if c % 2 == 0 else 0.0
    lift = 0.5 if c0 % 2 == 0 else 0.0  # an even first column starts half a hex lower
    y = math.sqrt(3) * SIZE * (r - r0 + shift - lift + 0.5) + 8
    return x, y


def _corners(x: float, y: float) -> list[tuple[float, float]]:
    return [
        (x + SIZE * math.cos(math.radians(60 * i)), y + SIZE * math.sin(math.radians(60 * i)))
        for i in range(6)
    ]


def _pts(points: list[tuple[float, float]]) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in points)


def board_svg(sit: Situation, marks: Marks | None = None, title: str = "") -> str:
    """The picture, as SVG text."""
    c0, r0, cols, rows = shown_hexes(sit)
    m = sit.map
    centre: dict[str, tuple[float, float]] = {}
    for c in range(c0, c0 + cols):
        for r in range(r0, r0 + rows):
            centre[hex_name((c, r))] = _centre(c, r, c0, r0)
    width = max(1.5 * SIZE * cols + SIZE * 0.6, 7.0 * len(title) + 16)
    height = math.sqrt(3) * SIZE * (rows + 0.5) + 40
    out = [
        '<svg xmlns="http://www.w3.org/2000/svg" '
        f'width="{width:.0f}" height="{height:.0f}" viewBox="0 0 {width:.0f} {height:.0f}" '
        'font-family="sans-serif">',
        f"<title>{escape(title or sit.where)}</title>",  # text from the file: escaped
        '<rect width="100%" height="100%" fill="#ffffff"/>',
    ]
    for h, (x, y) in centre.items():
        colour = TERRAIN_COLOUR.get(str(m.terrain(h)), "#ffffff")
        out.append(
            f'<polygon id="hex-{h}" points="{_pts(_corners(x, y))}" fill="{colour}" '
            f'stroke="#777777" stroke-width="1"><title>{h} {escape(str(m.terrain(h)))}'
            "</title></polygon>"
        )
        out.append(
            f'<text x="{x:.1f}" y="{y - SIZE * 0.62:.1f}" font-size="8" '
            f'text-anchor="middle" fill="#444444">{h}</text>'
        )
        for feat in sorted(m.hex_features(h)):
            out.append(
                f'<text x="{x:.1f}" y="{y + SIZE * 0.75:.1f}" font-size="7" '
                f'text-anchor="middle" fill="#333333">{escape(str(feat))}</text>'
            )
    out.extend(_hexsides(sit, centre))
    if marks is not None:
        out.extend(_marks(marks, centre))
    out.extend(_counters(sit, centre))
    if title:
        out.append(
            f'<text class="caption" x="8" y="{height - 10:.0f}" font-size="12" '
            f'fill="#222222">{escape(title)}</text>'
        )
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _edge(a: tuple[float, float], b: tuple[float, float]) -> list[tuple[float, float]]:
    corners = _corners(*a)
    corners.sort(key=lambda p: (p[0] - b[0]) ** 2 + (p[1] - b[1]) ** 2)
    return corners[:2]


def _hexsides(sit: Situation, centre: dict[str, tuple[float, float]]) -> list[str]:
    out = []
    for (a, b), feats in sit.map.hexsides().items():
        if not feats or a not in centre or b not in centre:
            continue
        names = {str(f) for f in feats}
        (x1, y1), (x2, y2) = _edge(centre[a], centre[b])
        for name, (colour, w, dash) in ALONG.items():
            if name in names:
                d = f' stroke-dasharray="{dash}"' if dash else ""
                out.append(
                    f'<line class="{name}" x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" '
                    f'y2="{y2:.1f}" stroke="{colour}" stroke-width="{w}"{d}/>'
                )
        (ax, ay), (bx, by) = centre[a], centre[b]
        for name, (colour, w, dash) in ACROSS.items():
            if name in names:
                d = f' stroke-dasharray="{dash}"' if dash else ""
                out.append(
                    f'<line class="{name}" x1="{ax:.1f}" y1="{ay:.1f}" x2="{bx:.1f}" '
                    f'y2="{by:.1f}" stroke="{colour}" stroke-width="{w}"{d}/>'
                )
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        for name, colour in CROSSING_MARK.items():
            if name in names:
                out.append(
                    f'<rect class="{name}" x="{mx - 5:.1f}" y="{my - 5:.1f}" width="10" '
                    f'height="10" fill="{colour}" stroke="#000000" stroke-width="1">'
                    f"<title>{name}</title></rect>"
                )
    return out


def _marks(marks: Marks, centre: dict[str, tuple[float, float]]) -> list[str]:
    out = []
    for h, kind in marks.picked.items():
        if h in centre:
            colour = PICK_COLOUR.get(kind, "#000000")
            out.append(
                f'<polygon class="pick-{kind}" points="{_pts(_corners(*centre[h]))}" '
                f'fill="none" stroke="{colour}" stroke-width="4"/>'
            )
    for h, label in marks.reach.items():
        if h in centre:
            x, y = centre[h]
            out.append(
                f'<polygon class="reach" points="{_pts(_corners(x, y))}" fill="#ffd54f" '
                'fill-opacity="0.35" stroke="none"/>'
            )
            if label:
                out.append(
                    f'<text x="{x + SIZE * 0.45:.1f}" y="{y + SIZE * 0.45:.1f}" font-size="10" '
                    f'text-anchor="middle" fill="#6a4a00">{escape(label)}</text>'
                )
    for path in marks.paths:
        pts = [centre[h] for h in path if h in centre]
        if len(pts) > 1:
            out.append(
                f'<polyline class="path" points="{_pts(pts)}" fill="none" stroke="#e0007a" '
                'stroke-width="2.5" stroke-opacity="0.7"/>'
            )
    return out


def _counters(sit: Situation, centre: dict[str, tuple[float, float]]) -> list[str]:
    out = []
    stacks: dict[str, list[str]] = {}
    for u in sit.state.units.values():
        if u.hex in centre:
            stacks.setdefault(u.hex, []).append(u.id)
    for h, ids in stacks.items():
        x, y = centre[h]
        for i, uid in enumerate(ids):
            u = sit.state.units[uid]
            cx, cy = x - 14 + 4 * i, y - 12 + 4 * i
            words = markers(sit, uid)
            tip = " ".join([u.id, u.name, *words])
            strength = format_strength(sit.position.combat_strength(uid))
            out.append(
                f'<g class="unit" id={quoteattr("unit-" + uid)}><title>{escape(tip)}</title>'
                f'<rect x="{cx:.1f}" y="{cy:.1f}" width="28" height="24" rx="2" '
                f'fill="{SIDE_COLOUR.get(u.side.value, "#ffffff")}" stroke="#000000"/>'
                f'<text x="{cx + 14:.1f}" y="{cy + 11:.1f}" font-size="10" fill="#ffffff" '
                f'text-anchor="middle">{escape(strength)}</text>'
                f'<text x="{cx + 14:.1f}" y="{cy + 21:.1f}" font-size="7" fill="#ffffff" '
                f'text-anchor="middle">{escape(_short(u.kind, words))}</text></g>'
            )
    return out


def _short(kind: str, words: list[str]) -> str:
    return kind[:3] + ("".join(" " + w[:2] for w in words) if words else "")
