"""Attacks (7.1-7.5) on the live position: who may attack where, building the combat input
from the board, resolving it through `rules.combat`, and applying the results (letters,
losses to allocate, retreats, advance after combat).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, cast

from gcacw_ref.errors import RuleError
from gcacw_ref.game.engine import bridges
from gcacw_ref.game.engine.cavalry import offer
from gcacw_ref.game.engine.common import combat_strength, hex_of
from gcacw_ref.game.engine.refusal import Refusal, from_rule_error
from gcacw_ref.game.engine.registry import auto
from gcacw_ref.game.engine.results import apply_results
from gcacw_ref.game.engine.zocview import zoc_of_hex
from gcacw_ref.game.model import events as ev
from gcacw_ref.game.model.actions import Action
from gcacw_ref.game.model.frames import AttackGoFrame, MarchFrame
from gcacw_ref.i18n import N_
from gcacw_ref.rules.combat import resolve_combat
from gcacw_ref.rules.combat_models import AttackingUnit, CombatDice, CombatInput, DefendingUnit
from gcacw_ref.rules.combat_modifiers import check_restrictions, march_attack_cost
from gcacw_ref.rules.combat_strength import defending_side
from gcacw_ref.rules.combat_tables import attack_types
from gcacw_ref.rules.demoralization import counts_for_flank
from gcacw_ref.rules.entrenchment import entrenchment_era
from gcacw_ref.rules.flank import FlankHex, flank_bonus
from gcacw_ref.rules.terrain import HexsideFeature as F
from gcacw_ref.rules.terrain import closed_terrain
from gcacw_ref.rules.zoc import crossings_left

if TYPE_CHECKING:
    from gcacw_ref.game.engine.work import Work
    from gcacw_ref.game.model.state import Unit
    from gcacw_ref.rules.combat_models import TerrainKey
    from gcacw_ref.rules.games import Side


CROSS = (("bridge", F.BRIDGE), ("dam", F.DAM), ("ferry", F.FERRY), ("ford", F.FORD))


def hexside_key_for_combat(w: Work, a: str, d: str, side: Side) -> str | None:
    """The combat's hexside word; None when a river without a crossing lies between
    (10.2: a destroyed bridge or ferry counts as a ford on a minor river, as nothing on a
    major one)."""
    feats = bridges.effective_hexside(w, a, d, side)
    if feats is None:
        return None
    if feats & {F.MINOR_RIVER, F.MAJOR_RIVER}:
        left = crossings_left(feats, bridges.broken(w, a, d, side))
        for word, feat in CROSS:
            if feat in left:
                return word
        return None
    return "creek" if F.CREEK in feats else "none"


def defending_units(w: Work, defenders: list[Unit], target: str) -> list[DefendingUnit]:
    """The defenders in `target` as the rules core sees them (7.2, 9.0)."""
    return [
        DefendingUnit(
            name=d.name,
            strength=combat_strength(w, d),
            artillery=d.artillery,
            tactical=d.tactical,
            demoralized=d.demoralized,
            organized=d.organized,
            cavalry=d.kind == "cavalry",
            entrenchment=d.entrenchment,
            earthworks="earthworks" in w.board.hex_features(target),
        )
        for d in defenders
    ]


def flank_defender_strength(w: Work, defenders: list[Unit], target: str) -> Fraction:
    """7.4 one-quarter test: the defender's strength with entrenchment (and earthworks),
    as the rules core totals it for combat (register flank-quarter-entrenchment)."""
    side = defending_side(
        defending_units(w, defenders, target),
        era=entrenchment_era(w.game.value, w.year),
        confederate=defenders[0].side.value == "confederate",
        leader_tactical=None,
    )
    return side.total


def attacking_terrain(w: Work, hex_: str) -> TerrainKey:
    """7.1: the attacking hex's terrain, for the mountain/swamp restriction (a water hex
    holds no unit; read as clear like the defender's)."""
    terrain = str(w.board.terrain(hex_))
    return cast("TerrainKey", terrain if terrain != "water" else "clear")


def combat_input(
    w: Work,
    attackers: list[str],
    target: str,
    action: str,
    attack_type: str | None,
    leader_tactical: int | None,
    grand: bool = False,
    assault_hex: str | None = None,
    flank: int = 0,
    lee: bool = False,
    longstreet: bool = False,
) -> CombatInput | None:
    """The rules core's view of this attack; None when the map forbids it (7.1)."""
    units = [w.unit(u) for u in attackers]
    side = units[0].side
    main_hex = assault_hex or hex_of(units[0])
    hexside = hexside_key_for_combat(w, main_hex, target, side)
    if hexside is None:
        return None
    defenders = w.enemy_at(target, side)
    if not defenders:
        return None
    leaders = [
        ld for ld in w.leaders.values() if ld.side != side and ld.unit in {d.id for d in defenders}
    ]
    terrain = w.board.terrain(target)
    return CombatInput(
        game=w.game.value,
        action=action,
        attack_type=attack_type,
        attackers=[
            AttackingUnit(
                name=u.name,
                strength=combat_strength(w, u),
                artillery=u.artillery,
                tactical=u.tactical,
                demoralized=u.demoralized,
                organized=u.organized,
                cavalry=u.kind == "cavalry",
                artillery_unit=u.kind == "artillery",
                hex=u.hex if grand else None,
            )
            for u in units
        ],
        attacker_leader_tactical=leader_tactical,
        defenders=defending_units(w, defenders, target),
        defender_leader_tactical=max((ld.tactical for ld in leaders), default=None),
        defender_terrain=terrain if terrain != "water" else "clear",
        hexside=hexside,
        road_across_hexside=w.board.road_link(main_hex, target),
        flank_bonus=flank,
        rain=w.rain(),
        year=w.year,
        attacker_in_mountain=w.board.terrain(main_hex) == "mountain",
        attacker_terrain=attacking_terrain(w, main_hex),
        grand_assault=grand,
        attacker_side=side.value,
        lee=lee,
        longstreet=longstreet,
    )


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


def river_blocks(w: Work, n: str, target: str, side: Side) -> bool:
    """7.4 step 1d: a river without a usable crossing between the two hexes (a ford, or a
    destroyed minor-river crossing, is unusable in rain or under the river marker; in
    rain a creek without road, pike, trail or railroad blocks too, unless beside a city)."""
    b = w.board
    feats = bridges.effective_hexside(w, n, target, side)
    if feats is None:
        return True
    if feats & {F.MINOR_RIVER, F.MAJOR_RIVER}:
        major = F.MAJOR_RIVER in feats
        marker = w.major_unfordable_until if major else w.minor_unfordable_until
        fordable = not w.rain() and w.turn > marker
        left = crossings_left(feats, bridges.broken(w, n, target, side))
        if left & {F.BRIDGE, F.DAM, F.FERRY}:
            return False
        return not (F.FORD in left and fordable)
    if w.rain() and F.CREEK in feats and not b.road_link(n, target):
        return "city" not in (b.terrain(n), b.terrain(target))
    return False


def flank_hex(w: Work, n: str, target: str, side: Side, active: set[str]) -> FlankHex:
    """One neighbour of the defender as 7.4 step 1 and 3 see it."""
    b = w.board
    counts = [u for u in w.friends_at(n, side) if counts_for_flank(u.demoralized, u.id in active)]
    theirs = [u for u in w.enemy_at(n, side) if u.demoralized == 0]
    zoc: str | None = None
    near = []
    for h in b.neighbors(n):
        units = [
            u for u in w.friends_at(h, side) if counts_for_flank(u.demoralized, u.id in active)
        ]
        if not units:
            continue
        kind = zoc_of_hex(w, h).get(n)
        if kind is not None:
            zoc = "normal" if zoc == "normal" or str(kind) == "normal" else "limited"
            near.extend(units)
    # 7.4 one-quarter test: the units in the hex and those exerting ZOC into it, together
    strength = sum((combat_strength(w, u) for u in counts + near), Fraction(0))
    if counts:
        zoc = None  # the hex is blocked by the units in it (step 1a)
    rain = w.rain()
    impassable = (
        closed_terrain(b.terrain(n), rain) or closed_terrain(b.terrain(target), rain)
    ) and not b.road_link(n, target)
    woods = False
    if not w.at(n):
        adjacent = [h for h in b.neighbors(n) if w.friends_at(h, side)]
        woods = bool(adjacent) and all(
            b.is_woods_hexside(h, n) and not b.road_link(h, n) for h in adjacent
        )
    return FlankHex(
        attacker_unit=bool(counts),
        attacker_zoc=zoc,
        strength=strength if (counts or zoc) else None,
        impassable=impassable,
        river=river_blocks(w, n, target, side),
        defender_unit=bool(theirs),
        woods_no_road=woods,
        # 7.4 step 3b: units counting for neither side (demoralized) keep the hex non-empty
        other_units=bool(w.at(n)) and not counts and not theirs,
    )


def flank_for(w: Work, attackers: list[str], target: str, side: Side, refused: bool) -> int:
    """7.4 flank attack: the six neighbours of the defender as the flank rules see them."""
    defenders = w.enemy_at(target, side)
    dstr = sum((combat_strength(w, d) for d in defenders), Fraction(0))
    quarter = flank_defender_strength(w, defenders, target)
    active = set(attackers)
    hexes = [flank_hex(w, n, target, side, active) for n in w.board.neighbors(target)]
    hexes += [FlankHex(off_map=True)] * (6 - len(hexes))
    first = w.unit(attackers[0])
    res = flank_bonus(
        hexes,
        quarter,
        flanks_refused=refused,
        earthworks="earthworks" in w.board.hex_features(target)
        and defenders[0].side.value == "confederate",
        attacker_cavalry=first.kind == "cavalry",
        defender_mostly_cavalry=sum(
            (combat_strength(w, d) for d in defenders if d.kind == "cavalry"), Fraction(0)
        )
        * 2
        > dstr,
        game=w.game,
        attacker_side=side,
    )
    return int(res.final_bonus)


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
