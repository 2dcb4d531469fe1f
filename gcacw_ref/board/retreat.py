"""`board retreat`: where a unit of the board may retreat after a combat result (7.6) or
in a cavalry retreat (7.7). The first hex is the `retreat` calculator's answer on the six
neighbours read from the board (priority and loss of each, the refused ones and why);
every whole legal retreat, with its losses, is the engine's own plan.
"""

from __future__ import annotations

from typing import Any

from gcacw_ref.board.answer import Answer, Marks, run_calc
from gcacw_ref.board.load import Situation
from gcacw_ref.errors import InputError, quoted
from gcacw_ref.i18n import _
from gcacw_ref.rules.retreat import RetreatHex
from gcacw_ref.rules.retreat_tables import Kind

KINDS: tuple[Kind, ...] = ("retreat", "rout", "cavalry", "optional")
MAX_PATHS = 200  # whole retreats listed in the JSON (their number is given in full)
DRAWN_PATHS = 8  # the picture draws a few of the retreats that lose least


def retreat_kind(result: str) -> Kind:
    """The retreat a result calls for: a kind by name, or a combat result whose r asks a
    retreat and whose R a rout (7.5, 7.6)."""
    for kind in KINDS:
        if result.lower() == kind:
            return kind
    if "r" in result:
        return "retreat"
    if "R" in result:
        return "rout"
    raise InputError(
        _(
            "--result: {r} calls for no retreat; give a result with r or R, or one of {kinds}"
        ).format(r=quoted(result), kinds=", ".join(KINDS))
    )


def retreat_input(
    sit: Situation, stack: list[str], kind: Kind, active_hex: str | None
) -> tuple[dict[str, Any], list[str]]:
    """The `retreat` calculator's input for the first hex, and the hexes in its order."""
    pos = sit.position
    around = pos.retreat_neighbours(stack, active_hex)
    hexes = [h for h, _f in around]
    facts = [f for _h, f in around] + [RetreatHex(prohibited=True)] * (6 - len(around))
    here = sit.state.units[stack[0]].hex or ""
    data = {
        "kind": kind,
        "hex_number": 1,
        "in_enemy_zoc": pos.in_enemy_zoc(stack[0]),
        "neighbors": [f.model_dump(mode="json", exclude_defaults=True) for f in facts],
        "override": False,
        "from_city": sit.map.terrain(here) == "city",
    }
    return data, hexes


def ask_retreat(sit: Situation, name: str, result: str) -> Answer:
    """Each legal first retreat hex with its priority and loss, the refused ones and why,
    and every whole legal retreat the engine would offer."""
    uid = sit.unit_id(name)
    unit = sit.state.units[uid]
    here = unit.hex or ""
    kind = retreat_kind(result)
    if kind == "cavalry" and unit.kind != "cavalry":
        raise InputError(
            _("unit {unit}: only cavalry makes a cavalry retreat (7.7)").format(unit=uid)
        )
    stack = [u.id for u in sit.state.units.values() if u.hex == here and u.side == unit.side]
    if kind == "cavalry":
        stack = [uid]
    active = sit.board.board.active_unit
    active_unit = sit.state.units.get(active) if active else None
    active_hex = active_unit.hex if active_unit and active_unit.side != unit.side else None
    data, hexes = retreat_input(sit, stack, kind, active_hex)
    out = run_calc("retreat", data)
    plan = sit.position.retreat_plan(stack, kind, active_hex)
    options = list(getattr(out, "options", []))
    first: list[dict[str, Any]] = []
    refused: list[dict[str, str]] = []
    for h, opt in zip(hexes, options, strict=False):
        if opt.allowed:
            first.append({"hex": h, "priority": opt.priority, "loss": opt.strength_loss})
        else:
            refused.append({"hex": h, "rule": "7.6", "reason": opt.label})
    paths: list[dict[str, Any]] = [
        {"hexes": list(p.hexes), "losses": list(p.losses), "eliminated": p.eliminated}
        for p in plan.paths
    ]
    lines = [
        _("[7.6] {kind} of {units} from {hex}").format(
            kind=_(kind), units=", ".join(stack), hex=here
        )
    ]
    lines.append(_("  hexes 1-{n} above: {hexes}").format(n=len(hexes), hexes=" ".join(hexes)))
    for p in paths[:20]:
        lines.append(
            _("  {path}: loses {loss}{dies}").format(
                path="-".join([here, *p["hexes"]]),
                loss=sum(p["losses"]),
                dies=_(", eliminated") if p["eliminated"] else "",
            )
        )
    if len(paths) > 20:
        lines.append(_("  ... and {n} more").format(n=len(paths) - 20))
    if plan.override_used:
        lines.append(_("[7.6] only with the one-time priority override"))
    if plan.surrender or not paths:
        lines.append(_("[7.6] no legal retreat: the stack surrenders"))
    board: dict[str, Any] = {
        "units": stack,
        "active_hex": active_hex,
        "hexes_read": sorted({here, *hexes}),
        "first_hexes": first,
        "refusals": refused,
        "paths": paths[:MAX_PATHS],
        "paths_total": len(paths),
        "override": plan.override_used,
        "surrender": plan.surrender or not paths,
    }
    marks = Marks(
        reach={f["hex"]: str(f["priority"]) for f in first},
        paths=[[here, *p["hexes"]] for p in _least_loss(paths)[:DRAWN_PATHS]],
        picked={r["hex"]: "refused" for r in refused},
        subject=here,
    )
    return Answer("retreat", data, out, board, lines, marks)


def _least_loss(paths: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The retreats losing least (no elimination), shortest first."""
    alive = [p for p in paths if not p["eliminated"]]
    if not alive:
        return []
    least = min(sum(p["losses"]) for p in alive)
    return sorted((p for p in alive if sum(p["losses"]) == least), key=lambda p: len(p["hexes"]))
