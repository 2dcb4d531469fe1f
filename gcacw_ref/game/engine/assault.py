"""Assault (5.3, 7.1): choose units with the leader, the target, the command roll
(`rules.assault`), the grand assault with the army leader, then the combat."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gcacw_ref.game.engine import bridges, cavalry
from gcacw_ref.game.engine.choices import assault_candidates
from gcacw_ref.game.engine.combat import attack_allowed, resolve
from gcacw_ref.game.engine.registry import decision
from gcacw_ref.game.engine.zocview import in_command_range
from gcacw_ref.game.model import events as ev
from gcacw_ref.game.model.actions import Action
from gcacw_ref.game.model.frames import AdvanceFrame, AssaultFrame
from gcacw_ref.rules.assault import assault_roll, grand_assault_number
from gcacw_ref.rules.demoralization import may_join_grand_assault
from gcacw_ref.rules.march import MAX_FATIGUE, raise_fatigue

if TYPE_CHECKING:
    from gcacw_ref.game.engine.work import Work
    from gcacw_ref.game.model.state import Leader
    from gcacw_ref.rules.games import Side


def begin_assault(w: Work, lid: str) -> None:
    ld = w.leaders[lid]
    w.push(
        AssaultFrame(
            side=ld.side,
            leader=lid,
            phase="select",
            selected=(),
            candidates=tuple(assault_candidates(w, ld)),
            attackers=(),
            ga_hexes=(),
            ga_units=(),
            number=0,
        )
    )


def target_of(frame: AssaultFrame) -> str:
    """The hex assaulted (chosen in the `target` step, 5.3)."""
    assert frame.target is not None, "the assault has no target yet"
    return frame.target


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


def ga_hexes(w: Work, frame: AssaultFrame, side: Side, target: str) -> dict[str, list[str]]:
    """7.1 grand assault: hexes next to the defender (the assault hex included) with units
    not chosen in step 1, fatigue 3 or less, not demoralized, able to attack (any command,
    cavalry and artillery included)."""
    out: dict[str, list[str]] = {}
    for n in w.board.neighbors(target):
        units = [
            u.id
            for u in w.friends_at(n, side)
            if u.id not in frame.selected
            and u.fatigue < MAX_FATIGUE  # 6.5: a unit at fatigue 4 takes no action
            and may_join_grand_assault(u.demoralized)
            and attack_allowed(w, [u.id], target, "assault")
        ]
        if units:
            out[n] = units
    return out


def as_options(w: Work, frame: AssaultFrame) -> list[Action]:
    """5.3, 7.1: the choices of each step of the assault."""
    lid = frame.leader
    side = frame.side
    phase = frame.phase
    if phase == "select":
        out = [
            Action(type="select", leader=lid, unit=u)
            for u in frame.candidates
            if u not in frame.selected
        ]
        return ([Action(type="done")] if frame.selected else []) + out
    if phase == "target":
        lh = w.leader_hex_on_map(lid)
        return [
            Action(type="attack", leader=lid, hex=n)
            for n in w.board.neighbors(lh)
            if w.enemy_at(n, side) and attack_allowed(w, list(frame.selected), n, "assault")
        ] or [Action(type="done")]
    if phase == "roll":
        return [Action(type="done")]
    if phase == "pick":
        return [
            Action(type="select", leader=lid, unit=u)
            for u in frame.selected
            if u not in frame.attackers
        ]
    if phase == "grand":
        return [
            Action(type="grand_assault", option="no"),
            Action(type="grand_assault", option="yes"),
        ]
    if phase == "ga_hexes":
        hexes = ga_hexes(w, frame, side, target_of(frame))
        out = [Action(type="done")] if frame.ga_hexes else []
        if len(frame.ga_hexes) < frame.number:
            out += [Action(type="hex", hex=h) for h in hexes if h not in frame.ga_hexes]
        return out or [Action(type="done")]
    # ga_units: at least one unit from each chosen hex
    hexes = ga_hexes(w, frame, side, target_of(frame))
    covered = {w.unit(u).hex for u in frame.ga_units}
    out = [Action(type="done")] if all(h in covered for h in frame.ga_hexes) else []
    for h in frame.ga_hexes:
        out += [Action(type="select", unit=u) for u in hexes.get(h, []) if u not in frame.ga_units]
    return out or [Action(type="done")]


def as_decide(w: Work, frame: AssaultFrame, action: Action) -> None:
    """5.3, 7.1: apply the choice of the current step and move to the next."""
    ld = w.leaders[frame.leader]
    side = frame.side
    phase = frame.phase
    if phase == "select":
        if action.type == "select":
            assert action.unit
            frame.selected = (*frame.selected, action.unit)
            if len(frame.selected) < len(frame.candidates):
                return
        for u in frame.selected:
            w.upd(u, fatigue=raise_fatigue(w.unit(u).fatigue, 1))
        lh = w.leader_hex_on_map(ld.id)
        if {u.id for u in w.friends_at(lh, side)} <= set(frame.selected):
            bridges.clear_refused(w, lh)  # 7.8: the whole stack assaults
        frame.phase = "target"
        return
    if phase == "target":
        if action.type == "done":
            w.pop()
            return
        assert action.hex
        frame.target = action.hex
        frame.phase = "roll"
        w.emit(
            ev.AssaultEvent(
                turn=w.turn,
                rule="7.1",
                leader=ld.id,
                hex=action.hex,
                units=list(frame.selected),
            )
        )
        if not ld.cavalry:
            has_cav = [u for u in w.enemy_at(action.hex, side) if u.kind == "cavalry"]
            if has_cav:
                cavalry.offer(w, frame.selected[0], assault=True, hexes=[action.hex])
        return
    if phase == "roll":
        return command_roll(w, frame)
    if phase == "pick":
        assert action.unit
        frame.attackers = (*frame.attackers, action.unit)
        if len(frame.attackers) >= frame.max:
            after_pick(w, frame)
        return
    if phase == "grand":
        if action.option == "yes":
            army = ga_leader(w, ld)
            assert army is not None  # the grand assault is offered only with one (7.1)
            die = w.roll_one("grand_assault", army.side, "7.1")
            ga = grand_assault_number(army.command, die)
            w.emit(
                ev.GrandAssaultEvent(
                    turn=w.turn,
                    rule="7.1",
                    leader=army.id,
                    die=die,
                    number=ga.number,
                    happens=ga.happens,
                    steps=[step.line() for step in ga.steps],
                )
            )
            if ga.happens:
                assert ga.number is not None  # a grand assault that happens has its number
                frame.number = ga.number
                frame.phase = "ga_hexes"
                return
        return fight(w, frame)
    if phase == "ga_hexes":
        if action.type == "hex":
            assert action.hex
            frame.ga_hexes = (*frame.ga_hexes, action.hex)
            return
        frame.phase = "ga_units"
        return
    if action.type == "select":
        assert action.unit
        frame.ga_units = (*frame.ga_units, action.unit)
        return
    for u in frame.ga_units:
        w.upd(u, fatigue=raise_fatigue(w.unit(u).fatigue, 1))
    fight(w, frame)


def command_roll(w: Work, frame: AssaultFrame) -> None:
    """7.1: the leader's command roll decides whether, and with how many, it assaults."""
    ld = w.leaders[frame.leader]
    side = frame.side
    target = target_of(frame)
    die = w.roll_one("assault_command", side, "7.1")
    roll = assault_roll(
        ld.command, die, units_chosen=len(frame.selected), wing_commander=ld.rank == "wing"
    )
    w.emit(
        ev.AssaultEvent(
            turn=w.turn,
            rule="7.1",
            die=die,
            value=roll.assault_value,
            happens=roll.happens,
            steps=[step.line() for step in roll.steps],
            participating=roll.participating or 0,
        )
    )
    if not roll.happens:
        w.pop()
        return
    if not w.enemy_at(target, side):
        # 7.7 step 6: the cavalry has gone; with a successful roll the assaulting units
        # (as many as the assault value allows) may move into its hex, and the assault
        # ends without an attack
        w.pop()
        limit = roll.participating if roll.participating < len(frame.selected) else None
        w.push(
            AdvanceFrame(side=side, units=frame.selected, target=target, march=False, limit=limit)
        )
        return
    frame.max = roll.participating
    if roll.participating >= len(frame.selected):
        frame.attackers = frame.selected
        after_pick(w, frame)
    else:
        frame.phase = "pick"


def after_pick(w: Work, frame: AssaultFrame) -> None:
    """7.1: a grand assault is offered when an army or wing leader is in range."""
    ld = w.leaders[frame.leader]
    if ga_leader(w, ld) is not None and ga_hexes(w, frame, frame.side, target_of(frame)):
        frame.phase = "grand"
        return
    fight(w, frame)


def assault_leaders_tactical(w: Work, attackers: list[str]) -> int | None:
    """7.4: the best tactical value among the leaders stacked with an attacking unit they
    command (the rules core takes the better of it and the units' own values); None when
    no leader qualifies."""
    best: int | None = None
    for ld in w.leaders.values():
        lh = w.leader_hex(ld.id)
        if lh is None:
            continue
        if any(w.unit(u).hex == lh and w.commands(ld, w.unit(u)) for u in attackers):
            best = ld.tactical if best is None else max(best, ld.tactical)
    return best


def fight(w: Work, frame: AssaultFrame) -> None:
    """7.1-7.4: the assault's combat (Lee's and Longstreet's modifiers, 7.4)."""
    ld = w.leaders[frame.leader]
    w.pop()
    attackers = list(frame.attackers) + list(frame.ga_units)
    grand = bool(frame.ga_units)
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
        target_of(frame),
        "assault",
        None,
        assault_leaders_tactical(w, attackers),
        active=frame.attackers[0],
        grand=grand,
        assault_hex=lh,
        lee=lee,
        longstreet=longstreet,
    )


decision(AssaultFrame, as_options, as_decide)
