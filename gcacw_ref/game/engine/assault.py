"""Assault (5.3, 7.1): choose units with the leader, the target, the command roll
(`rules.assault`), the grand assault with the army leader, then the combat."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gcacw_ref.game.actions import Action
from gcacw_ref.game.engine import bridges, cavalry
from gcacw_ref.game.engine.choices import assault_candidates
from gcacw_ref.game.engine.combat import attack_allowed, resolve
from gcacw_ref.game.engine.common import in_command_range
from gcacw_ref.game.engine.registry import decision
from gcacw_ref.rules.assault import assault_roll, grand_assault_number
from gcacw_ref.rules.demoralization import may_join_grand_assault
from gcacw_ref.rules.march import MAX_FATIGUE, raise_fatigue

if TYPE_CHECKING:
    from gcacw_ref.game.engine.work import Work
    from gcacw_ref.game.state import Leader
    from gcacw_ref.rules.games import Side


def begin_assault(w: Work, lid: str) -> None:
    ld = w.leaders[lid]
    w.push(
        "assault",
        ld.side,
        leader=lid,
        phase="select",
        selected=[],
        candidates=assault_candidates(w, ld),
        attackers=[],
        ga_hexes=[],
        ga_units=[],
        number=0,
    )


def ga_leader(w: Work, ld: Leader) -> Leader | None:
    """7.1: a friendly army or wing leader within the assaulting leader's command range."""
    if ld.cavalry:
        return None
    for other in w.leaders.values():
        if (
            other.side == ld.side
            and other.rank in ("army", "wing")
            and other.unit
            and other.id != ld.id
        ) and in_command_range(w, ld, w.leader_hex_on_map(other.id)):
            return other
    return None


def ga_hexes(w: Work, data: dict[str, Any], side: Side, target: str) -> dict[str, list[str]]:
    """7.1 grand assault: hexes next to the defender (the assault hex included) with units
    not chosen in step 1, fatigue 3 or less, not demoralized, able to attack (any command,
    cavalry and artillery included)."""
    out: dict[str, list[str]] = {}
    for n in w.board.neighbors(target):
        units = [
            u.id
            for u in w.friends_at(n, side)
            if u.id not in data["selected"]
            and u.fatigue < MAX_FATIGUE  # 6.5: a unit at fatigue 4 takes no action
            and may_join_grand_assault(u.demoralized)
            and attack_allowed(w, [u.id], target, "assault")
        ]
        if units:
            out[n] = units
    return out


def as_options(w: Work, frame: dict[str, Any]) -> list[Action]:
    data = frame["data"]
    lid = data["leader"]
    side = frame["side"]
    phase = data["phase"]
    if phase == "select":
        out = [
            Action(type="select", leader=lid, unit=u)
            for u in data["candidates"]
            if u not in data["selected"]
        ]
        return ([Action(type="done")] if data["selected"] else []) + out
    if phase == "target":
        lh = w.leader_hex_on_map(lid)
        return [
            Action(type="attack", leader=lid, hex=n)
            for n in w.board.neighbors(lh)
            if w.enemy_at(n, side) and attack_allowed(w, data["selected"], n, "assault")
        ] or [Action(type="done")]
    if phase == "roll":
        return [Action(type="done")]
    if phase == "pick":
        return [
            Action(type="select", leader=lid, unit=u)
            for u in data["selected"]
            if u not in data["attackers"]
        ]
    if phase == "grand":
        return [
            Action(type="grand_assault", option="no"),
            Action(type="grand_assault", option="yes"),
        ]
    if phase == "ga_hexes":
        hexes = ga_hexes(w, data, side, data["target"])
        out = [Action(type="done")] if data["ga_hexes"] else []
        if len(data["ga_hexes"]) < data["number"]:
            out += [Action(type="hex", hex=h) for h in hexes if h not in data["ga_hexes"]]
        return out or [Action(type="done")]
    # ga_units: at least one unit from each chosen hex
    hexes = ga_hexes(w, data, side, data["target"])
    covered = {w.unit(u).hex for u in data["ga_units"]}
    out = [Action(type="done")] if all(h in covered for h in data["ga_hexes"]) else []
    for h in data["ga_hexes"]:
        out += [
            Action(type="select", unit=u) for u in hexes.get(h, []) if u not in data["ga_units"]
        ]
    return out or [Action(type="done")]


def as_decide(w: Work, frame: dict[str, Any], action: Action) -> None:
    data = frame["data"]
    ld = w.leaders[data["leader"]]
    side = frame["side"]
    phase = data["phase"]
    if phase == "select":
        if action.type == "select":
            data["selected"] = [*data["selected"], action.unit]
            if len(data["selected"]) < len(data["candidates"]):
                return
        for u in data["selected"]:
            w.upd(u, fatigue=raise_fatigue(w.unit(u).fatigue, 1))
        lh = w.leader_hex_on_map(ld.id)
        if {u.id for u in w.friends_at(lh, side)} <= set(data["selected"]):
            bridges.clear_refused(w, lh)  # 7.8: the whole stack assaults
        data["phase"] = "target"
        return
    if phase == "target":
        if action.type == "done":
            w.pop()
            return
        data["target"] = action.hex
        data["phase"] = "roll"
        w.emit(
            "assault",
            "7.1",
            f"{ld.name} orders an assault on {action.hex} with {len(data['selected'])} unit(s)",
            f"{ld.name}が{action.hex}へ突撃を命令（{len(data['selected'])}ユニット）",
            leader=ld.id,
            hex=action.hex,
            units=data["selected"],
        )
        assert action.hex
        if not ld.cavalry:
            has_cav = [u for u in w.enemy_at(action.hex, side) if u.kind == "cavalry"]
            if has_cav:
                cavalry.offer(w, data["selected"][0], assault=True, hexes=[action.hex])
        return
    if phase == "roll":
        return command_roll(w, frame)
    if phase == "pick":
        data["attackers"] = [*data["attackers"], action.unit]
        if len(data["attackers"]) >= data["max"]:
            after_pick(w, frame)
        return
    if phase == "grand":
        if action.option == "yes":
            army = ga_leader(w, ld)
            assert army is not None  # the grand assault is offered only with one (7.1)
            die = w.die()
            ga = grand_assault_number(army.command, die)
            w.emit(
                "grand_assault",
                "7.1",
                f"grand assault with {army.name}: die {die} -> "
                f"{'number ' + str(ga.number) if ga.happens else 'no grand assault'}",
                f"総突撃：ダイス{die}→{'ナンバー' + str(ga.number) if ga.happens else '不成立'}",
                leader=army.id,
                die=die,
                number=ga.number,
                happens=ga.happens,
                steps=[step.line() for step in ga.steps],
            )
            if ga.happens:
                data["number"] = ga.number
                data["phase"] = "ga_hexes"
                return
        return fight(w, frame)
    if phase == "ga_hexes":
        if action.type == "hex":
            data["ga_hexes"] = [*data["ga_hexes"], action.hex]
            return
        data["phase"] = "ga_units"
        return
    if action.type == "select":
        data["ga_units"] = [*data["ga_units"], action.unit]
        return
    for u in data["ga_units"]:
        w.upd(u, fatigue=raise_fatigue(w.unit(u).fatigue, 1))
    fight(w, frame)


def command_roll(w: Work, frame: dict[str, Any]) -> None:
    data = frame["data"]
    ld = w.leaders[data["leader"]]
    side = frame["side"]
    target = data["target"]
    die = w.die()
    roll = assault_roll(
        ld.command, die, units_chosen=len(data["selected"]), wing_commander=ld.rank == "wing"
    )
    w.emit(
        "assault",
        "7.1",
        f"assault command die {die}: "
        + (
            f"value {roll.assault_value}, {roll.participating} unit(s) attack"
            if roll.happens
            else "the assault fails"
        ),
        f"突撃の指揮ダイス{die}："
        + (
            f"突撃値{roll.assault_value}、{roll.participating}ユニット参加"
            if roll.happens
            else "突撃不成立"
        ),
        die=die,
        value=roll.assault_value,
        happens=roll.happens,
        steps=[step.line() for step in roll.steps],
    )
    if not roll.happens:
        w.pop()
        return
    if not w.enemy_at(target, side):
        # 7.7 step 6: the cavalry has gone; with a successful roll the assaulting units
        # may move into its hex, and the assault ends without an attack
        w.pop()
        w.push("advance", side, units=list(data["selected"]), target=target, march=False)
        return
    data["max"] = roll.participating
    if roll.participating >= len(data["selected"]):
        data["attackers"] = list(data["selected"])
        after_pick(w, frame)
    else:
        data["phase"] = "pick"


def after_pick(w: Work, frame: dict[str, Any]) -> None:
    data = frame["data"]
    ld = w.leaders[data["leader"]]
    if ga_leader(w, ld) is not None and ga_hexes(w, data, frame["side"], data["target"]):
        data["phase"] = "grand"
        return
    fight(w, frame)


def fight(w: Work, frame: dict[str, Any]) -> None:
    data = frame["data"]
    ld = w.leaders[data["leader"]]
    w.pop()
    attackers = list(data["attackers"]) + list(data["ga_units"])
    grand = bool(data["ga_units"])
    lh = w.leader_hex(ld.id)
    lee = (
        any(
            o.rank == "army"
            and o.side.value == "confederate"
            and w.leader_hex(o.id) == lh
            and o.name.split(" ")[0] == "Lee"
            for o in w.leaders.values()
        )
        and w.game.value != "RTG"
    )
    longstreet = w.year >= 1864 and ld.name.split(" ")[0] == "Longstreet"  # 7.4
    resolve(
        w,
        attackers,
        data["target"],
        "assault",
        None,
        ld.tactical,
        active=data["attackers"][0],
        grand=grand,
        assault_hex=lh,
        lee=lee,
        longstreet=longstreet,
    )


decision("assault", as_options, as_decide)
