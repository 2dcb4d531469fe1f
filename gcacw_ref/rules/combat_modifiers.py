"""Attack restrictions and the combat die modifiers other than ratio, tactics and
artillery (7.1, 7.4, 7.8, 11.0, 12.0). Each function returns its modifier and steps."""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

from gcacw_ref.errors import DataError, InputError, RuleError
from gcacw_ref.i18n import N_, _
from gcacw_ref.rules.combat_models import CombatInput
from gcacw_ref.rules.combat_tables import attack_types, die_modifiers
from gcacw_ref.rules.entrenchment import Era
from gcacw_ref.rules.explain import Step
from gcacw_ref.rules.numbers import format_signed
from gcacw_ref.rules.terrain import closed_terrain

Part = tuple[int, list[Step]]


def _low(side: Literal["defender", "attacker"], key: str) -> int:
    """A fixed die modifier from `die_modifiers.toml`."""
    value = die_modifiers().find(side, key).low
    if value is None:
        raise DataError(
            _("die_modifiers.toml: {side} modifier {key!r} has no figure").format(
                side=side, key=key
            )
        )
    return value


def attacker_side(inp: CombatInput) -> str | None:
    """The attacking side, as given or implied by a Lee/Longstreet bonus."""
    if inp.attacker_side:
        if inp.attacker_side == "union" and (inp.lee or inp.longstreet):
            raise InputError(_("lee/longstreet: those bonuses belong to a Confederate attacker"))
        return inp.attacker_side
    if inp.lee or inp.longstreet:
        return "confederate"
    return None


def attacker_in_mountain(inp: CombatInput) -> bool:
    """The active attacker stands in a mountain hex (flag or attacker_terrain) (7.1, 7.4)."""
    if inp.attacker_in_mountain and inp.attacker_terrain not in (None, "mountain"):
        raise InputError(
            _("attacker_in_mountain: contradicts attacker_terrain {attacker_terrain!r}").format(
                attacker_terrain=inp.attacker_terrain
            )
        )
    return inp.attacker_in_mountain or inp.attacker_terrain == "mountain"


def _closed(terrain: str | None, rain: bool) -> bool:
    """Mountain or swamp, provisional swamp counting on a rain turn (7.1, 12.0)."""
    return terrain is not None and closed_terrain(terrain, rain)


def check_restrictions(inp: CombatInput) -> list[Step]:
    """Attacks the rules forbid raise `RuleError`; assumed facts become steps (7.1, 12.0)."""
    steps: list[Step] = []
    swampy = _closed(inp.defender_terrain, inp.rain)
    needs_road = swampy or attacker_in_mountain(inp) or _closed(inp.attacker_terrain, inp.rain)
    if needs_road:
        if inp.road_across_hexside is False:
            raise RuleError(
                _(
                    "an attack into or out of a mountain or swamp hex needs a road, pike, "
                    "trail or railroad joining the two hexes"
                ),
                "7.1",
            )
        if inp.road_across_hexside is None:
            steps.append(
                Step(
                    rule="7.1",
                    label=N_(
                        "Mountain/swamp: assumed a road, pike, trail or railroad joins the hexes"
                    ),
                )
            )
    if inp.hexside in ("minor_river", "major_river"):
        raise RuleError(
            _("no attack across a river hexside without a bridge, dam, ferry or ford"), "7.1"
        )
    steps += _woods_hexside(inp)
    if inp.action == "assault":
        for i, unit in enumerate(inp.attackers):
            if unit.fatigue is not None and unit.fatigue > 3:
                name = unit.name or _("attacker {n}").format(n=i + 1)
                raise RuleError(
                    _("{name}: a unit at fatigue 4 cannot join an assault").format(name=name), "7.1"
                )
    if inp.rain and inp.hexside == "ford":
        raise RuleError(_("no attack across a ford on a rain turn"), "12.0")
    city = "city" in (inp.defender_terrain, inp.attacker_terrain)
    if inp.rain and inp.hexside == "creek" and not city:
        if inp.road_across_hexside is False:
            raise RuleError(
                _(
                    "on a rain turn an attack across a creek needs a road, pike, trail or "
                    "railroad across it (or a city hex on either side)"
                ),
                "12.0",
            )
        if inp.road_across_hexside is None:
            steps.append(
                Step(rule="12.0", label=N_("Rain, creek: assumed a road crosses the creek hexside"))
            )
    return steps


def _woods_hexside(inp: CombatInput) -> list[Step]:
    """A march attack across a woods hexside needs a road across it or a start there (7.1)."""
    if not inp.woods_hexside or inp.action != "march" or inp.road_across_hexside:
        return []
    if inp.began_action_adjacent is False:
        raise RuleError(
            _(
                "across a woods hexside without a road, only a unit that began its action "
                "in the attacking hex may attack"
            ),
            "7.1",
        )
    if inp.began_action_adjacent is None:
        return [Step(rule="7.1", label=N_("Woods hexside: assumed the unit began its action here"))]
    return []


def march_attack_cost(attack_type: str, cavalry: bool, mp_left: Fraction) -> int | None:
    """7.1 / 6.1: the MP this march attack type costs the unit, or None when the MP left
    do not pay for it; a column attack costs nothing but needs at least 1 MP left (register
    `attack-needs-one-mp`)."""
    try:
        kind = attack_types().get(attack_type)
    except KeyError:
        raise InputError(
            _("attack_type: unknown attack type {attack_type!r}").format(attack_type=attack_type)
        ) from None
    cost = kind.cavalry_mp if cavalry else kind.infantry_mp
    if cost > mp_left or (kind.needs_movement_allowance and mp_left < 1):
        return None
    return cost


def attack_type_drm(inp: CombatInput) -> tuple[int, int | None, list[Step]]:
    """The march attack type's modifier and MP cost, or the assault +1 (7.1, 7.4)."""
    if inp.action == "assault":
        if inp.attack_type is not None:
            raise InputError(_("attack_type: only a march chooses an attack type (7.1)"))
        drm = die_modifiers().find("attacker", "assault").low or 1
        return drm, None, [Step(rule="7.4", label=N_("Assault"), value=format_signed(drm))]
    if inp.attack_type is None:
        raise InputError(_("attack_type: a march attack needs column, hasty, normal or prepared"))
    kind = attack_types().get(inp.attack_type)
    if kind.needs_movement_allowance and inp.attacker_movement_allowance == 0:
        raise RuleError(_("a unit with movement allowance 0 cannot make a column attack"), "7.1")
    cavalry = inp.attackers[0].cavalry
    mp = kind.cavalry_mp if cavalry else kind.infantry_mp
    steps = [
        Step(
            rule="7.1",
            label=N_("Attack type {attack_type} costs ({value})"),
            value=N_("{mp} MP"),
            args={
                "attack_type": inp.attack_type,
                "value": N_("cavalry") if cavalry else N_("infantry"),
                "mp": mp,
            },
        ),
        Step(
            rule="7.4",
            label=N_("Attack type {attack_type}"),
            value=format_signed(kind.drm),
            args={"attack_type": inp.attack_type},
        ),
    ]
    return kind.drm, mp, steps


def leader_bonus(inp: CombatInput, era: Era) -> Part:
    """Lee's or Longstreet's +1 in an assault; never both (7.4)."""
    if not (inp.lee or inp.longstreet):
        return 0, []
    if inp.action != "assault":
        return 0, [
            Step(rule="7.4", label=N_("Lee/Longstreet bonus applies only to an assault"), value="0")
        ]
    steps: list[Step] = []
    lee = inp.lee and inp.game != "RTG"
    if inp.lee and not lee:
        steps.append(Step(rule="7.4", label=N_("Lee's bonus does not apply in RTG"), value="0"))
    longstreet = inp.longstreet and era == 1864
    if inp.longstreet and not longstreet:
        steps.append(
            Step(rule="7.4", label=N_("Longstreet's bonus is for 1864 or later"), value="0")
        )
    if lee or longstreet:
        if lee and longstreet:
            label = N_("Lee bonus (not added to Longstreet's)")
        else:
            label = N_("Lee bonus") if lee else N_("Longstreet bonus")
        steps.append(Step(rule="7.4", label=label, value="+1"))
        return 1, steps
    return 0, steps


def rain_drm(inp: CombatInput) -> Part:
    """Attacking on a rain turn: -1 (12.0)."""
    if not inp.rain:
        return 0, []
    steps = [Step(rule="12.0", label=N_("Rain turn"), value="-1")]
    if inp.game in ("SJW", "HCR", "RTG", "SLB"):
        steps.append(
            Step(
                rule="12.0",
                label=N_("In {game} rain is an advanced-game rule"),
                args={"game": inp.game},
            )
        )
    return _low("attacker", "rain"), steps


def defender_terrain_drm(inp: CombatInput) -> Part:
    """Defender's modifiers for the hexside crossed and a mountain hex (7.4, 12.0)."""
    drm = 0
    steps: list[Step] = []
    if inp.hexside in ("bridge", "dam", "ferry", "ford"):
        value = _low("defender", "hexside_crossing")
        drm += value
        label = {
            "bridge": N_("Attack across a bridge"),
            "dam": N_("Attack across a dam"),
            "ferry": N_("Attack across a ferry"),
            "ford": N_("Attack across a ford"),
        }[inp.hexside]
        steps.append(Step(rule="7.4", label=label, value=format_signed(value)))
    elif inp.hexside == "creek":
        creek = die_modifiers().find("defender", "creek")
        value = (creek.high if inp.rain else creek.low) or 0
        drm += value
        rule = "12.0" if inp.rain else "7.4"
        label = (
            N_("Attack across a creek on a rain turn") if inp.rain else N_("Attack across a creek")
        )
        steps.append(Step(rule=rule, label=label, value=format_signed(value)))
    if inp.hexside != "none" and inp.grand_assault:
        steps.append(
            Step(
                rule="7.4",
                label=N_(
                    "Grand assault: hexside modifier counted only between the defender "
                    "and the activated leader's hex"
                ),
            )
        )
    if inp.defender_terrain == "mountain":
        mountain = die_modifiers().find("defender", "mountain")
        both = attacker_in_mountain(inp)
        value = (mountain.low if both else mountain.high) or 0
        label = (
            N_("Defender in a mountain hex (attacker also in a mountain hex)")
            if both
            else N_("Defender in a mountain hex")
        )
        drm += value
        steps.append(Step(rule="7.4", label=label, value=format_signed(value)))
    return drm, steps


def demoralized_2_drm(dm2_strength: Fraction, total: Fraction) -> Part:
    """-1 to the defender when more than half its strength is demoralized-2 (7.4, 11.0)."""
    if dm2_strength * 2 > total and dm2_strength > 0:
        return _low("defender", "demoralized_2"), [
            Step(
                rule="7.4",
                label=N_(
                    "More than half the defending strength is demoralized-2 "
                    "(register: demoralized-2-share)"
                ),
                value="-1",
            )
        ]
    return 0, []


def game_specific_drm(inp: CombatInput, side: str | None) -> tuple[int, int, list[Step]]:
    """Chart-listed game modifiers: gunboats, Union panic, Hooker (attacker, defender)."""
    attacker = 0
    defender = 0
    steps: list[Step] = []
    mods = die_modifiers()
    if inp.gunboat:
        games = mods.find("defender", "gunboat").games
        if inp.game not in games:
            raise InputError(
                _("gunboat: gunboat support exists only in {games}").format(games=", ".join(games))
            )
        defender += inp.gunboat
        steps.append(
            Step(rule="7.4", label=N_("Gunboat support"), value=format_signed(inp.gunboat))
        )
    if inp.union_panic:
        if inp.game != "SJW":
            raise InputError(_("union_panic: Union panic exists only in SJW"))
        if side is None:
            raise InputError(_("union_panic: give attacker_side so the -1 goes to the Union"))
        if side == "union":
            attacker -= 1
        else:
            defender -= 1
        steps.append(Step(rule="SJW 18.0", label=N_("Union panic (Union side)"), value="-1"))
    if inp.hooker_lost_confidence:
        if inp.game != "SLB":
            raise InputError(_("hooker_lost_confidence: exists only in SLB"))
        if side == "confederate":
            raise InputError(_("hooker_lost_confidence: applies to a Union attacker"))
        attacker -= 1
        steps.append(Step(rule="SLB 16.0", label=N_("Hooker has lost confidence"), value="-1"))
    return attacker, defender, steps
