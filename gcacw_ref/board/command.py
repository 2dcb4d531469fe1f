"""`board command`: which units a leader of the board has in command (2.2, 2.5), read from
the engine's own view: the units it commands, and among them those within its command
range by a path free of enemy units and of enemy ZOC without friendly units."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from gcacw_ref.board.answer import Answer, Marks
from gcacw_ref.board.load import Situation
from gcacw_ref.errors import InputError, quoted
from gcacw_ref.i18n import _
from gcacw_ref.rules.command import COMMAND_RADIUS
from gcacw_ref.rules.march import MAX_FATIGUE as FATIGUE_LIMIT  # no action at 4 (5.1, 5.2)


class UnitInCommand(BaseModel):
    unit: str
    hex: str
    in_command: bool
    may_join: bool = Field(description="in command and below fatigue 4: may join (5.2)")
    path: list[str] | None
    rule: str
    reason: str


class CommandOutput(BaseModel):
    """The leader, its hex and each unit of its side: in command or why not."""

    leader: str
    hex: str | None
    command: int
    units: list[UnitInCommand]


def ask_command(sit: Situation, name: str) -> Answer:
    """2.5: the units in the leader's command range, and why the others are not."""
    leader = sit.state.leaders.get(name)
    if leader is None:
        raise InputError(
            _("{where}: no leader {name} on the board").format(where=sit.where, name=quoted(name))
        )
    pos = sit.position
    reach = pos.command_range(leader.id)
    here = sit.state.units[leader.unit].hex if leader.unit else None
    rows: list[UnitInCommand] = []
    for u in sit.state.units.values():
        if u.side != leader.side or u.hex is None:
            continue
        if not pos.commands(leader.id, u.id):
            rule, why, path = "2.2", _("not under this leader's command"), None
        elif u.hex in reach:
            path = [*reach[u.hex]]
            rule, why = "2.5", _("in command range")
        else:
            path = None
            rule = "2.5"
            why = _(
                "out of range: no path of at most {n} hexes free of enemy units and of enemy "
                "ZOC without friendly units"
            ).format(n=COMMAND_RADIUS)
        ok = rule == "2.5" and path is not None
        if ok and u.fatigue >= FATIGUE_LIMIT:
            why = _("in command range; at fatigue 4: may not join an activation (5.2)")
        rows.append(
            UnitInCommand(
                may_join=ok and u.fatigue < FATIGUE_LIMIT,
                unit=u.id,
                hex=u.hex,
                in_command=rule == "2.5" and path is not None,
                path=path,
                rule=rule,
                reason=why,
            )
        )
    out = CommandOutput(leader=leader.id, hex=here, command=leader.command, units=rows)
    lines = [
        _("[2.5] {leader} at {hex}, command rating {n}").format(
            leader=leader.id, hex=here or "-", n=leader.command
        )
    ]
    lines += [f"  {r.unit} ({r.hex}): [{r.rule}] {r.reason}" for r in rows]
    data: dict[str, Any] = {"leader": leader.id}
    board = {
        "hexes_read": sorted(reach),
        "refusals": [
            {"hex": r.hex, "rule": r.rule, "reason": r.reason} for r in rows if not r.in_command
        ],
    }
    marks = Marks(
        reach={h: "" for h in reach},
        picked={r.hex: "command" if r.in_command else "refused" for r in rows},
        subject=here,
    )
    return Answer("", data, out, board, lines, marks)
