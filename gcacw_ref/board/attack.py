"""`board attack`: an attack on a hex of the board (7.1-7.4), answered by the `combat`
calculator on the input the engine builds from the board (odds, terrain, hexside,
artillery, leaders, the flank bonus); the flank bonus itself is the `flank` calculator's
answer on the six-hex picture read from the board, shown beside it.
"""

from __future__ import annotations

import json
from typing import Any

from gcacw_ref.board.answer import Answer, Marks, run_calc
from gcacw_ref.board.load import Situation
from gcacw_ref.errors import InputError, RuleError
from gcacw_ref.game.model.geometry import DIRECTIONS
from gcacw_ref.game.model.state import Unit
from gcacw_ref.i18n import _, join_list, ngettext
from gcacw_ref.rules.demoralization import may_join_grand_assault
from gcacw_ref.rules.march import MAX_FATIGUE  # 6.5: no action at this fatigue level

ATTACK_TYPES = ("assault", "grand_assault", "column", "hasty", "normal", "prepared")
ASSAULTS = ("assault", "grand_assault")


def flank_input(sit: Situation, attackers: list[str], target: str) -> dict[str, Any]:
    """The `flank` calculator's input: the defender's six neighbours as the board shows
    them (7.4), in the map's neighbour order (N, NE, SE, S, SW, NW)."""
    case = sit.position.flank_case(attackers, target)
    return {
        "neighbors": [h.model_dump(mode="json", exclude_defaults=True) for h in case.hexes],
        "defender_strength": _j(case.defender_strength),
        "flanks_refused": case.flanks_refused,
        "earthworks": case.earthworks,
        "attacker_cavalry": case.attacker_cavalry,
        "defender_mostly_cavalry": case.defender_mostly_cavalry,
        "game": case.game.value,
        "attacker_side": case.attacker_side.value,
    }


def ask_attack(
    sit: Situation,
    target: str,
    by: list[str],
    attack_type: str = "normal",
    dice: tuple[int, int] | None = None,
) -> Answer:
    """Whether the attack is allowed (7.1), and its odds, modifiers and outcomes."""
    target = sit.map.check_hex(target, "--on")
    if attack_type not in ATTACK_TYPES:
        raise InputError(
            _("--type: {t} is not one of {types}").format(
                t=attack_type, types=", ".join(ATTACK_TYPES)
            )
        )
    ids = [sit.unit_id(n) for n in by]
    units = [sit.state.units[i] for i in ids]
    side = units[0].side
    refusals: list[dict[str, str]] = []
    for u in units:
        if u.side != side:
            refusals.append(
                _refuse(u.hex, "7.1", _("{unit} is of the other side").format(unit=u.id))
            )
        elif u.hex is None or target not in sit.map.neighbors(u.hex):
            refusals.append(
                _refuse(
                    u.hex, "7.1", _("{unit} is not next to {hex}").format(unit=u.id, hex=target)
                )
            )
    if attack_type not in ASSAULTS and len(units) > 1:
        refusals.append(
            _refuse(units[1].hex, "7.1", _("in a march only the marching unit attacks; name one"))
        )
    if attack_type == "assault" and len({u.hex for u in units}) > 1:
        refusals.append(
            _refuse(
                units[0].hex,
                "7.1",
                _(
                    "an assault is made by units stacked in one hex (with their leader); "
                    "units of several hexes attack together in a grand assault"
                ),
            )
        )
    if attack_type == "grand_assault":
        refusals += grand_assault_refusals(units)
    defenders = [u.id for u in sit.state.units.values() if u.hex == target and u.side != side]
    if not defenders:
        refusals.append(_refuse(target, "7.1", _("{hex} holds no enemy unit").format(hex=target)))
    marks = Marks(picked={target: "target"}, subject=units[0].hex)
    read = sorted({target, *sit.map.neighbors(target)})
    board: dict[str, Any] = {"attackers": ids, "defenders": defenders, "hexes_read": read}
    if refusals:
        return _refused(board, refusals, marks)
    action = "assault" if attack_type in ASSAULTS else "march"
    kind = None if action == "assault" else attack_type
    grand = attack_type == "grand_assault"
    inp = sit.position.attack_input(ids, target, action, kind, grand=grand)
    if inp is None:
        refusals.append(
            _refuse(
                target,
                "7.1",
                _("no attack may cross the hexside from {a} to {hex}").format(
                    a=units[0].hex, hex=target
                ),
            )
        )
        return _refused(board, refusals, marks)
    data = json.loads(inp.model_dump_json(exclude_defaults=True))
    data.setdefault("game", inp.game)
    data.setdefault("action", inp.action)
    if dice is not None:
        data["dice"] = {"attacker": dice[0], "defender": dice[1]}
    try:
        out = run_calc("combat", data)
    except RuleError as exc:  # the rule's own number, once (not again in the reason)
        refusals.append(_refuse(target, exc.rule or "7.1", exc.message))
        board["input"] = data
        return _refused(board, refusals, marks, data)
    except InputError as exc:
        refusals.append(_refuse(target, "7.1", str(exc)))
        board["input"] = data
        return _refused(board, refusals, marks, data)
    flank_data = flank_input(sit, ids, target)
    flank = run_calc("flank", flank_data)
    final = int(getattr(flank, "final_bonus", 0))
    blocked = [int(i) for i in getattr(flank, "blocked_hexes", [])]
    around = list(sit.map.neighbors(target))
    picked = {around[i]: "flank" for i in blocked if i < len(around)}
    picked[target] = "target"
    board["flank"] = {"input": flank_data, "final_bonus": final, "blocked_hexes": blocked}
    board["refusals"] = []
    names = [f"{_(DIRECTIONS[i])} {around[i]}" for i in blocked if i < len(around)]
    lines = [
        _("[7.4] flank bonus from the board: {bonus:+d} (blocked: {hexes})").format(
            bonus=final, hexes=join_list(names) or "-"
        )
    ]
    if grand:
        n = len({u.hex for u in units})
        said = ngettext(
            "[7.1] a grand assault from {n} hex, taken as made: whether it is, and how "
            "many hexes may join, the army or wing leader's die decides",
            "[7.1] a grand assault from {n} hexes, taken as made: whether it is, and how "
            "many hexes may join, the army or wing leader's die decides",
            n,
        )
        lines.append(said.format(n=n))
    return Answer("combat", data, out, board, lines, Marks(picked=picked, subject=units[0].hex))


def grand_assault_refusals(units: list[Unit]) -> list[dict[str, str]]:
    """7.1, 6.5, 11.0: who may not attack in a grand assault. The units of the first
    unit's hex make the assault itself; those of the other hexes join it, and a
    demoralized unit may not join (11.0). A unit at fatigue 4 takes no action (6.5)."""
    out = []
    first = units[0].hex
    for u in units:
        if u.fatigue >= MAX_FATIGUE:
            said = _("{unit} is at fatigue level {level}: it takes no action")
            out.append(_refuse(u.hex, "6.5", said.format(unit=u.id, level=u.fatigue)))
        elif u.hex != first and not may_join_grand_assault(u.demoralized):
            out.append(
                _refuse(
                    u.hex,
                    "11.0",
                    _("{unit} is demoralized: it may not join a grand assault").format(unit=u.id),
                )
            )
    return out


def _refuse(hex_: str | None, rule: str, reason: str) -> dict[str, str]:
    return {"hex": hex_ or "", "rule": rule, "reason": reason}


def _refused(
    board: dict[str, Any],
    refusals: list[dict[str, str]],
    marks: Marks,
    data: dict[str, Any] | None = None,
) -> Answer:
    board["refusals"] = refusals
    board["allowed"] = False
    lines = [_("Not allowed:")] + [f"  [{r['rule']}] {r['reason']}" for r in refusals]
    return Answer("combat", data or {}, None, board, lines, marks)


def _j(value: object) -> object:
    return json.loads(json.dumps(value, default=str))
