"""Each side's combat strength and artillery for one attack (7.2, 7.3, 9.0, 11.0)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction

from gcacw_ref.errors import RuleError
from gcacw_ref.i18n import N_, _
from gcacw_ref.rules.combat_models import AttackingUnit, DefendingUnit
from gcacw_ref.rules.demoralization import demoralized_artillery as unit_artillery
from gcacw_ref.rules.demoralization import demoralized_attack_strength
from gcacw_ref.rules.entrenchment import Era, defence_multiplier
from gcacw_ref.rules.explain import Step
from gcacw_ref.rules.numbers import format_strength
from gcacw_ref.rules.odds import Entrenched, attack_cap, capped, entrenched_share


def _name(unit: AttackingUnit | DefendingUnit, index: int, side: str) -> str:
    return unit.name or f"{side} {index + 1}"


@dataclass
class AttackSide:
    """The attacker's totals: strength (capped per hex), artillery, best tactical rating."""

    total: Fraction
    uncapped: Fraction
    artillery: int
    tactical: int
    steps: list[Step] = field(default_factory=list)


def attacking_side(
    units: list[AttackingUnit],
    *,
    game: str,
    leader_tactical: int | None,
    march: bool,
    grand_assault: bool,
) -> AttackSide:
    """Sum the attackers: demoralized strengths, artillery, caps by hex (7.1, 7.2, 7.4, 11.0)."""
    steps: list[Step] = []
    if march and len(units) != 1:
        raise RuleError(_("on a march only the one active unit attacks"), "7.1")
    by_hex: dict[str, Fraction] = {}
    artillery = 0
    for i, unit in enumerate(units):
        name = _name(unit, i, "attacker")
        if march and unit.artillery_unit:
            raise RuleError(
                _("{name}: an artillery unit on a march cannot attack").format(name=name), "7.1"
            )
        used = demoralized_attack_strength(unit.strength, unit.demoralized)
        if used != unit.strength:
            steps.append(
                Step(
                    rule="11.0",
                    label=N_("{name} is demoralized-{demoralized}, attacking strength"),
                    value=format_strength(used),
                    args={"name": name, "demoralized": unit.demoralized},
                )
            )
        art = unit_artillery(unit.artillery, unit.demoralized)
        if art != unit.artillery:
            steps.append(
                Step(
                    rule="11.0",
                    label=N_("{name}'s artillery counts"),
                    value="0",
                    args={"name": name},
                )
            )
        artillery += art
        key = unit.hex if grand_assault and unit.hex else "-"
        by_hex[key] = by_hex.get(key, Fraction(0)) + used
    cap = attack_cap(game)
    total = Fraction(0)
    for key, hex_total in by_hex.items():
        used_total = capped(hex_total, cap)
        where = f" from hex {key}" if key != "-" else ""
        if used_total < hex_total:
            steps.append(
                Step(
                    rule="7.2",
                    label=(
                        N_("Attacking strength{where} {hex_total} is over the {game} cap of {cap}")
                    ),
                    value=format_strength(used_total),
                    args={
                        "where": where,
                        "hex_total": format_strength(hex_total),
                        "game": game,
                        "cap": cap,
                    },
                )
            )
        total += used_total
    uncapped = sum(by_hex.values(), Fraction(0))
    label = (
        N_("Attacking strength (grand assault: cap per hex)")
        if grand_assault
        else N_("Attacking strength ({game} cap {cap})")
    )
    steps.append(
        Step(
            rule="7.2",
            label=label,
            value=format_strength(total),
            args={"game": format(game), "cap": cap},
        )
    )
    steps.append(Step(rule="7.3", label=N_("Attacking artillery"), value=str(artillery)))
    tactical = max([u.tactical for u in units] + [leader_tactical or 0])
    return AttackSide(total, uncapped, artillery, tactical, steps)


@dataclass
class DefendSide:
    """The defender's totals: entrenched strength, column strength, artillery, tactical."""

    total: Fraction  # after entrenchment, before the cap
    column_strength: Fraction  # before entrenchment (7.5)
    artillery: int
    artillery_exact: Fraction
    tactical: int
    entrenched: Entrenched
    demoralized_2_strength: Fraction
    steps: list[Step] = field(default_factory=list)


def defending_side(
    units: list[DefendingUnit],
    *,
    era: Era,
    confederate: bool,
    leader_tactical: int | None,
) -> DefendSide:
    """Sum the defenders with each unit's entrenchment multiplier (7.2, 9.0, 11.0)."""
    steps: list[Step] = []
    total = Fraction(0)
    raw = Fraction(0)
    art_exact = Fraction(0)
    entrenched_units = 0
    dm2 = Fraction(0)
    for i, unit in enumerate(units):
        name = _name(unit, i, "defender")
        mult = defence_multiplier(
            unit.entrenchment, era, in_earthworks=unit.earthworks, confederate=confederate
        )
        if unit.earthworks and not confederate:
            steps.append(
                Step(
                    rule="9.0",
                    label=N_("{name}: earthworks help Confederates only"),
                    args={"name": name},
                )
            )
        raw += unit.strength
        total += unit.strength * mult
        art = unit_artillery(unit.artillery, unit.demoralized)
        if art != unit.artillery:
            steps.append(
                Step(
                    rule="11.0",
                    label=N_("{name}'s artillery counts"),
                    value="0",
                    args={"name": name},
                )
            )
        art_exact += art * mult
        if unit.demoralized == 2:
            dm2 += unit.strength
        if mult > 1:
            entrenched_units += 1
            what = unit.entrenchment if unit.entrenchment != "none" else "earthworks"
            if unit.earthworks and unit.entrenchment != "none" and mult == Fraction(3, 2):
                what = "earthworks"
            steps.append(
                Step(
                    rule="9.0",
                    label=N_("{name}: {what} multiplies strength and artillery by {fmt}"),
                    value=(N_("{value} strength, {fmt2} artillery")),
                    args={
                        "name": name,
                        "what": what,
                        "fmt": _fmt(mult),
                        "value": format_strength(unit.strength * mult),
                        "fmt2": _fmt(art * mult),
                    },
                )
            )
    artillery = math.ceil(art_exact)
    if artillery != art_exact:
        steps.append(
            Step(
                rule="9.0",
                label=(
                    N_(
                        "Defending artillery {fmt} rounded up (register: "
                        "entrenched-artillery-rounding)"
                    )
                ),
                value=str(artillery),
                args={"fmt": _fmt(art_exact)},
            )
        )
    share = entrenched_share(entrenched_units, len(units))
    tactical = max([u.tactical for u in units] + [leader_tactical or 0])
    steps.append(
        Step(
            rule="7.2",
            label=N_("Defending strength after entrenchment"),
            value=format_strength(total),
        )
    )
    steps.append(Step(rule="7.3", label=N_("Defending artillery"), value=str(artillery)))
    return DefendSide(total, raw, artillery, art_exact, tactical, share, dm2, steps)


def _fmt(value: Fraction) -> str:
    if value.denominator == 1:
        return str(value.numerator)
    return str(float(value)) if value.denominator in (2, 4) else str(value)
