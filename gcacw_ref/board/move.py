"""`board move`: where a unit of the board can go this march (5.1, 6.1, 6.2), answered by
the `move` calculator on the input derived from the board, with the march's own check
(`march`: the extended-march threshold of 5.1) and each hex's cheapest path.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from gcacw_ref.board.answer import Answer, Marks, run_calc
from gcacw_ref.board.load import Situation
from gcacw_ref.errors import InputError, RuleError
from gcacw_ref.game.model.pathing import MovingUnit
from gcacw_ref.game.model.reach import reachable
from gcacw_ref.game.model.state import Unit
from gcacw_ref.game.model.zoc import ZocKind
from gcacw_ref.i18n import _
from gcacw_ref.rules.movement_allowance import Kind, allowance_distribution, allowance_formula
from gcacw_ref.rules.numbers import format_strength
from gcacw_ref.rules.terrain import UnitKind

FAR = Fraction(99)  # an allowance no roll gives: to find the way to a hex beyond reach


def move_input(sit: Situation, uid: str, path: list[str], mp: int) -> dict[str, Any]:
    """The `move` calculator's input for this unit on this board."""
    unit = sit.state.units[uid]
    pos = sit.position
    enemy = [u for u in sit.state.units.values() if u.hex and u.side != unit.side]
    friends = [u for u in sit.state.units.values() if u.hex and u.side == unit.side and u.id != uid]
    info = sit.scenario.scenario
    doc = sit.scenario.map_document or {}
    builtin = sit.board.map is None and sit.board.board.map == info.map
    data: dict[str, Any] = {
        "map": info.map if builtin else doc,
        "unit": {"side": unit.side.value, "kind": unit.kind, "strength": _s(unit.strength)},
        "path": path,
        "rain": sit.state.is_rain(),
        "movement_allowance": mp,
        "enemy_units": [{"hex": u.hex, "kind": u.kind} for u in enemy],
        "friendly_units": [
            {"hex": u.hex, "kind": u.kind, "strength": _s(pos.combat_strength(u.id))}
            for u in friends
        ],
    }
    if sit.state.destroyed:
        data["destroyed_crossings"] = [list(p) for p in sit.state.destroyed]
    return data


def march_input(sit: Situation, unit: Unit) -> dict[str, Any]:
    """The `march` calculator's input: the unit about to march (5.1)."""
    return {
        "game": sit.scenario.scenario.game.value,
        "side": unit.side.value,
        "cavalry": unit.kind == "cavalry",
        "artillery": unit.kind == "artillery",
        "exhausted": unit.exhausted,
        "fatigue_before": unit.fatigue,
        "organized": unit.organized,
        "strength": _s(unit.strength),
        "army_of_the_potomac": unit.army_of_the_potomac,
    }


def ask_move(sit: Situation, name: str, to: str | None = None, mp: int | None = None) -> Answer:
    """Every hex the unit can reach this march with its cost and path, or (`to`) the
    cheapest path there and the rule that forbids it."""
    uid = sit.unit_id(name)
    unit = sit.state.units[uid]
    start = unit.hex
    assert start is not None
    game = sit.scenario.scenario.game
    kind: Kind = "cavalry" if unit.kind == "cavalry" else "infantry"  # artillery: as infantry
    formula = allowance_formula(game, unit.side, kind)
    odds = allowance_distribution(game, unit.side, kind)
    most = mp if mp is not None else max(odds)
    view = sit.position.move_view(unit.side)
    mover = MovingUnit(UnitKind(unit.kind), Fraction(unit.strength))
    parents: dict[str, str] = {}
    reach = reachable(view, mover, start, Fraction(most), parents=parents)
    lines: list[str] = []
    refusals: list[dict[str, str]] = []
    path = [start]
    if to is not None:
        to = sit.map.check_hex(to, "--to")
        if to not in reach:
            far_parents: dict[str, str] = {}
            far = reachable(view, mover, start, FAR, parents=far_parents)
            if to in far:
                path = _path(far_parents, start, to)
            elif to in sit.map.neighbors(start):
                path = [start, to]
            else:
                why = _why_not(sit, unit, to, view.enemy_hexes)
                refusals.append({"hex": to, "rule": why[0], "reason": why[1]})
                lines.append(f"[{why[0]}] {why[1]}")
        else:
            path = _path(parents, start, to)
    data = move_input(sit, uid, path, most)
    out = run_calc("move", data)
    march = _march(sit, unit, lines, refusals)
    stops = {h: str(k) for h, k in view.zoc.items() if h in reach}
    hexes: list[dict[str, Any]] = []
    for h, cost in sorted(reach.items(), key=lambda kv: (kv[1], kv[0])):
        if h == start:
            continue
        chance = sum((p for ma, p in odds.items() if ma >= cost), Fraction(0))
        entry = {
            "hex": h,
            "mp": _s(cost),
            "path": _path(parents, start, h),
            "chance": f"{chance.numerator}/{chance.denominator}",
        }
        if h in stops:
            entry["zoc"] = stops[h]
        hexes.append(entry)
    lines.insert(
        0,
        _("[5.1] movement allowance {formula}: {low} to {high} MP; reach shown for {mp} MP").format(
            formula=formula.text(), low=min(odds), high=max(odds), mp=most
        ),
    )
    for e in hexes if march["allowed"] else []:  # a unit that may not march reaches nothing
        zoc = ""
        if "zoc" in e:
            zoc = "  " + (
                _("stop: enemy ZOC (6.1, 6.2)")
                if e["zoc"] == str(ZocKind.NORMAL)
                else _("limited ZOC (2.4)")
            )
        lines.append(
            _("  {hex}: {mp} MP via {path}; the roll allows it {chance}{zoc}").format(
                hex=e["hex"], mp=e["mp"], path="-".join(e["path"]), chance=e["chance"], zoc=zoc
            )
        )
    board: dict[str, Any] = {
        "unit": uid,
        **({"to": {"hex": to, "reached": to in reach}} if to is not None else {}),
        "hexes_read": sorted(reach),
        "reach": hexes,
        "march": march,
        "allowed": bool(march["allowed"]),
        "refusals": refusals,
    }
    marks = Marks(
        reach={e["hex"]: e["mp"] for e in hexes},
        paths=[path] if len(path) > 1 else [],
        picked={h: "stop" for h, k in stops.items() if k == str(ZocKind.NORMAL)},
        subject=start,
    )
    return Answer("move", data, out, board, lines, marks)


def _march(
    sit: Situation, unit: Unit, lines: list[str], refusals: list[dict[str, str]]
) -> dict[str, Any]:
    """The `march` calculator on the unit: whether this march is an extended one (5.1)."""
    data = march_input(sit, unit)
    try:
        out = run_calc("march", data)
    except RuleError as exc:
        refusals.append({"hex": unit.hex or "", "rule": "5.1", "reason": str(exc)})
        lines.append(f"[5.1] {exc}")
        return {"input": data, "allowed": False}
    fatigue = int(getattr(out, "fatigue_after", 0))
    extended = bool(getattr(out, "extended", False))
    lines.append(
        _("[5.1] this march raises fatigue to {n}: an extended march").format(n=fatigue)
        if extended
        else _("[5.1] this march raises fatigue to {n}: not an extended march").format(n=fatigue)
    )
    return {"input": data, "allowed": True, "extended": extended, "fatigue_after": fatigue}


def _path(parents: dict[str, str], start: str, to: str) -> list[str]:
    path = [to]
    while path[-1] != start:
        path.append(parents[path[-1]])
    return path[::-1]


def _why_not(sit: Situation, unit: Unit, to: str, enemy: frozenset[str]) -> tuple[str, str]:
    """Why no march at all reaches `to` (6.1, 6.2)."""
    if sit.map.terrain(to) == "water":
        return "6.2", _("{hex} is water: no unit may enter it").format(hex=to)
    if to in enemy:
        return "6.2", _("{hex} holds an enemy unit: no unit may enter it").format(hex=to)
    return "6.2", _(
        "no way to {hex}: enemy units, their ZOC and the hexsides no unit may cross close "
        "every way from {start}"
    ).format(hex=to, start=unit.hex)


def _s(value: Fraction | int) -> str:
    return format_strength(Fraction(value))


__all__ = ["InputError", "ask_move", "march_input", "move_input"]
