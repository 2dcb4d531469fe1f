"""The board as the rules core's combat sees it (7.1-7.2, 9.0, 10.2): the hexside word,
the defenders, the attacking hex's terrain and the whole combat input of one attack.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from gcacw_ref.game.engine import bridges
from gcacw_ref.game.engine.common import combat_strength, hex_of
from gcacw_ref.rules.combat_models import AttackingUnit, CombatInput, DefendingUnit
from gcacw_ref.rules.terrain import HexsideFeature as F
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
