"""Attacks (7.1-7.5) on the live position: who may attack where, and each attack resolved
through `rules.combat` (its input built in `combat_input`, its flank shift in `flank`) with
the results applied (letters, losses to allocate, retreats, advance after combat).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gcacw_ref.errors import RuleError
from gcacw_ref.game.engine import bridges
from gcacw_ref.game.engine.cavalry import offer
from gcacw_ref.game.engine.combat_input import combat_input
from gcacw_ref.game.engine.common import hex_of
from gcacw_ref.game.engine.flank import flank_for
from gcacw_ref.game.engine.flank import flank_hex as flank_hex  # still read from here by tests
from gcacw_ref.game.engine.refusal import Refusal, from_rule_error
from gcacw_ref.game.engine.registry import auto
from gcacw_ref.game.engine.results import apply_results
from gcacw_ref.game.engine.zocview import zoc_of_hex
from gcacw_ref.game.model import events as ev
from gcacw_ref.game.model.actions import Action
from gcacw_ref.game.model.frames import AttackGoFrame, MarchFrame
from gcacw_ref.i18n import N_
from gcacw_ref.rules.combat import resolve_combat
from gcacw_ref.rules.combat_models import CombatDice
from gcacw_ref.rules.combat_modifiers import check_restrictions, march_attack_cost
from gcacw_ref.rules.combat_tables import attack_types

if TYPE_CHECKING:
    from gcacw_ref.game.engine.work import Work
    from gcacw_ref.game.model.state import Unit
    from gcacw_ref.rules.games import Side


def attack_refusal(
    w: Work, attackers: list[str], target: str, action: str, march: MarchFrame | None = None
) -> Refusal | None:
    """7.1 restrictions (river, mountain/swamp, rain) and the woods-hexside rule: why the
    attack by `attackers` on `target` is not allowed, None when it is."""
    inp = combat_input(w, attackers, target, action, "hasty" if action == "march" else None, None)
    if inp is None:
        if not w.enemy_at(target, w.unit(attackers[0]).side):
            return Refusal("7.1", N_("{hex} holds no enemy unit to attack"), (("hex", target),))
        return Refusal(
            "7.1", N_("no attack across a river hexside without a bridge, dam, ferry or ford")
        )
    try:
        check_restrictions(inp)
    except RuleError as exc:
        return from_rule_error(exc, "7.1")
    here = hex_of(w.unit(attackers[0]))
    woods = w.board.is_woods_hexside(here, target) and not w.board.road_link(here, target)
    # 7.1: across a woods hexside only from the start hex or along a road
    if march is not None and woods and here != march.start:
        return Refusal(
            "7.1",
            N_(
                "across a woods hexside with no road a march attacks only from the hex "
                "where it began"
            ),
        )
    return None


def attack_allowed(
    w: Work, attackers: list[str], target: str, action: str, march: MarchFrame | None = None
) -> bool:
    """7.1: whether the attack is allowed (`attack_refusal` says why not)."""
    return attack_refusal(w, attackers, target, action, march) is None


def attack_targets(
    w: Work, from_hex: str, _lh: str, side: Side, assault: bool, start_hex: str
) -> list[str]:
    uids = [u.id for u in w.friends_at(from_hex, side)][:1]
    if not uids:
        return []
    out = []
    for n in w.board.neighbors(from_hex):
        if w.enemy_at(n, side) and attack_allowed(w, uids, n, "assault" if assault else "march"):
            out.append(n)
    return out


def march_attack_options(w: Work, march: MarchFrame, unit: Unit) -> list[Action]:
    """7.1 step 2 / 6.1: every target and attack type the remaining MP pays for."""
    mp = march.mp
    out: list[Action] = []
    types = attack_types().type
    for n in w.board.neighbors(hex_of(unit)):
        if not w.enemy_at(n, unit.side) or not attack_allowed(w, [unit.id], n, "march", march):
            continue
        for t in types:
            if march_attack_cost(t.key, unit.kind == "cavalry", mp) is not None:
                out.append(Action(type="attack", unit=unit.id, hex=n, option=t.key))
    return out


def march_attack(w: Work, frame: MarchFrame, target: str, attack_type: str) -> None:
    """7.1 attack procedure for a marching unit, steps 1-6. An infantry unit that began
    its march in the limited ZOC of the cavalry it attacks gives that cavalry the chance
    to retreat first (7.7 exception); if the hex is left empty the attack costs nothing."""
    uid = frame.unit
    unit = w.unit(uid)
    cost = march_attack_cost(attack_type, unit.kind == "cavalry", frame.mp)
    assert cost is not None  # only affordable attacks are offered
    frame.mp = frame.mp - cost
    frame.attacks += 1
    frame.acted = True
    bridges.clear_refused_on_leave(w, unit.hex)  # 7.8: the only unit there attacks
    w.push(
        AttackGoFrame(side=unit.side, unit=uid, target=target, attack_type=attack_type, cost=cost)
    )
    cav = [u for u in w.enemy_at(target, unit.side) if u.kind == "cavalry"]
    if cav and unit.kind != "cavalry" and unit.hex == frame.start:
        kinds = zoc_of_hex(w, target)
        if str(kinds.get(hex_of(unit))) == "limited":
            offer(w, uid, hexes=[target])


@auto(AttackGoFrame)
def attack_go(w: Work, frame: AttackGoFrame) -> None:
    """7.1 steps 3-6 of a march attack; 7.7: if the cavalry has gone, the MP come back."""
    w.pop()
    uid, target = frame.unit, frame.target
    unit = w.unit(uid)
    march = w.find(MarchFrame)
    assert march is not None
    if unit.hex is None:
        return
    if not w.enemy_at(target, unit.side):
        march.mp = march.mp + frame.cost
        march.attacks -= 1
        return
    leader_tac = max(
        (ld.tactical for ld in w.leaders_with(uid) if w.commands(ld, unit)), default=None
    )
    resolve(w, [uid], target, "march", frame.attack_type, leader_tac, active=uid, march=march)


def resolve(
    w: Work,
    attackers: list[str],
    target: str,
    action: str,
    attack_type: str | None,
    leader_tac: int | None,
    active: str,
    march: MarchFrame | None = None,
    grand: bool = False,
    assault_hex: str | None = None,
    lee: bool = False,
    longstreet: bool = False,
) -> None:
    side = w.unit(attackers[0]).side
    flank = flank_for(w, attackers, target, side, target in w.refused)
    inp = combat_input(
        w,
        attackers,
        target,
        action,
        attack_type,
        leader_tac,
        grand,
        assault_hex,
        flank,
        lee,
        longstreet,
    )
    assert inp is not None
    w.attacks.append(inp)
    a, d = w.roll("combat", 2, None, "7.4")
    res = resolve_combat(inp.model_copy(update={"dice": CombatDice(attacker=a, defender=d)}))
    if res.artillery.modifier is None:
        art = w.roll_one("artillery", None, "7.4")
        res = resolve_combat(
            inp.model_copy(
                update={"dice": CombatDice(attacker=a, defender=d), "artillery_die": art}
            )
        )
    assert res.attacker_result is not None and res.defender_result is not None
    applied = res.attacker_result_applied or res.attacker_result
    defenders = [u.id for u in w.enemy_at(target, side)]
    ratio = res.ratio.label
    w.emit(
        ev.CombatEvent(
            turn=w.turn,
            rule="7.5",
            attackers=attackers,
            defenders=defenders,
            hex=target,
            action=action,
            attack_type=attack_type,
            dice={"attacker": a, "defender": d},
            differential=res.differential,
            flank=flank,
            attacker_result=applied.printed,
            defender_result=res.defender_result.printed,
            attacker_drm=res.attacker_drm,
            defender_drm=res.defender_drm,
            steps=[step.line() for step in res.steps],
            ratio=str(ratio),
        )
    )
    apply_results(w, attackers, defenders, target, applied, res.defender_result, active, march)
