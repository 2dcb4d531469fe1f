"""Flank attacks (7.4), refused flanks (7.8), earthworks against flank attacks (9.0).

The procedure runs in the rulebook's order: blocked hexes (step 1, with the one-quarter
condition), the base bonus (step 2), reductions capped at 3 (step 3), then the later
adjustments: refused flank, earthworks, cavalry against cavalry.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool

from gcacw_ref.errors import InputError
from gcacw_ref.i18n import N_, _
from gcacw_ref.rules.explain import Step
from gcacw_ref.rules.games import Game, Side
from gcacw_ref.rules.numbers import Strength, format_signed, format_strength
from gcacw_ref.rules.terrain import closed_terrain

REDUCTION_CAP = 3


class FlankHex(BaseModel):
    """One hex adjacent to the defender, as the flank rules see it (7.4 steps 1 and 3)."""

    model_config = ConfigDict(extra="forbid")

    attacker_unit: StrictBool = Field(
        default=False,
        description="a non-demoralized attacking-side unit (or the attacker) is there",
    )
    attacker_zoc: Literal["normal", "limited"] | None = Field(
        default=None,
        description="attacking-side ZOC there: normal, limited (roadless woods), or none",
    )
    strength: Strength | None = Field(
        default=None,
        le=999,
        description="unentrenched attacking-side strength there or exerting the ZOC; "
        "omitted = the one-quarter test is not applied",
    )
    impassable: StrictBool = Field(
        default=False,
        description="mountain/swamp (either hex) not joined by road, pike, trail or rail",
    )
    river: StrictBool = Field(
        default=False,
        description="river hexside without bridge/dam/ferry/ford (or ford when uncrossable, "
        "or roadless creek in rain)",
    )
    off_map: StrictBool = Field(default=False, description="the imaginary hex beyond the map edge")
    defender_unit: StrictBool = Field(
        default=False, description="a non-demoralized defending-side unit is there"
    )
    woods_no_road: StrictBool = Field(
        default=False,
        description="empty hex joined to every adjacent attacking unit only by roadless woods",
    )
    other_units: StrictBool = Field(
        default=False,
        description="units that count for neither side are there (demoralized ones): the "
        "hex is not empty, so step 3b cannot reduce for it",
    )


def quarter_condition_met(strength: Fraction | None, defender_strength: Fraction) -> bool:
    """7.4: units or ZOC block a hex only if their strength is at least 1/4 of the defender's."""
    if strength is None:
        return True
    return strength * 4 >= defender_strength


def blocking_reasons(h: FlankHex, defender_strength: Fraction) -> tuple[list[str], bool]:
    """7.4 step 1 (a–e): why a hex is blocked, and whether the one-quarter test failed."""
    if h.off_map and (h.attacker_unit or h.defender_unit or h.attacker_zoc or h.other_units):
        raise InputError(_("neighbors: an off-map hex cannot hold units or a ZOC"))
    reasons: list[str] = []
    quarter_failed = False
    by_units = h.attacker_unit or h.attacker_zoc is not None
    if by_units:
        if quarter_condition_met(h.strength, defender_strength):
            if h.attacker_unit:
                reasons.append(N_("attacking-side unit (1a)"))
            elif h.attacker_zoc == "limited":
                reasons.append(N_("limited ZOC (1b)"))
            else:
                reasons.append(N_("ZOC (1b)"))
        else:
            quarter_failed = True
    if h.impassable:
        reasons.append(N_("mountain/swamp without road (1c)"))
    if h.river:
        reasons.append(N_("river without crossing (1d)"))
    if h.off_map:
        reasons.append(N_("beyond the map edge (1e)"))
    return reasons, quarter_failed


def base_flank_bonus(blocked: int) -> int:
    """7.4 step 2: six blocked hexes give +4, five give +2, fewer give nothing."""
    if not 0 <= blocked <= 6:
        raise InputError(_("blocked: must be 0 to 6 (got {blocked})").format(blocked=blocked))
    return {6: 4, 5: 2}.get(blocked, 0)


def reduction_reason(h: FlankHex, ignore_woods: bool) -> str | None:
    """7.4 step 3: why a blocked hex takes one off the base bonus. a: a defending-side unit;
    b: empty and reached by attackers only through roadless woods hexsides (limited ZOC);
    c-e: the terrain cases of step 1 (mountain/swamp, river, map edge), which the rulebook
    lists again in step 3 (register flank-terrain-reduces). Each hex counts once."""
    if h.defender_unit:
        return N_("defending-side unit there (3a)")
    empty = not (h.attacker_unit or h.other_units)
    woods = h.woods_no_road or (h.attacker_zoc == "limited" and empty)
    if empty and woods and not ignore_woods:
        return N_("empty, roadless woods hexside / limited ZOC (3b)")
    if h.impassable:
        return N_("mountain/swamp without road (3c)")
    if h.river:
        return N_("river without crossing (3d)")
    if h.off_map:
        return N_("beyond the map edge (3e)")
    return None


def final_flank_bonus(base: int, reductions: int) -> tuple[int, int]:
    """7.4 step 3: base minus reductions, the reduction capped at 3, never below 0."""
    applied = min(reductions, REDUCTION_CAP)
    return max(0, base - applied), applied


REFUSE_FLANK_MP = 1


def may_refuse_flank(terrain: str, rain: bool, mp_left: Fraction, advanced: bool) -> bool:
    """7.8: a marching unit may refuse its flanks for 1 MP, ending its march, but not in
    a mountain or swamp hex (a provisional swamp counts on a rain turn, 12.0), nor after
    an advance after combat. One marker per hex is the caller's to check."""
    return mp_left >= REFUSE_FLANK_MP and not closed_terrain(terrain, rain) and not advanced


def refused_flank_bonus(bonus: int) -> int:
    """7.8: +4 becomes +2, +3/+2 become +1, +1 stays; a non-flank attack gets +1."""
    return {4: 2, 3: 1, 2: 1, 1: 1, 0: 1}[bonus]


def earthworks_flank_bonus(bonus: int) -> int:
    """9.0: Union flank attack on Confederates in earthworks: +4→+2, +3/+2→+1, +1→0."""
    return {4: 2, 3: 1, 2: 1, 1: 0, 0: 0}[bonus]


def cavalry_flank_bonus(bonus: int) -> int:
    """7.4: cavalry attacking mostly-cavalry defenders: +4→+2, +3/+2→+1, +1→0."""
    return {4: 2, 3: 1, 2: 1, 1: 0, 0: 0}[bonus]


class FlankResult(BaseModel):
    """The flank die modifier and how it came about (7.4, 7.8): the calculator's result as
    it is (`calc flank --json`), declared once here."""

    model_config = ConfigDict(frozen=True)

    blocked: int = Field(description="how many of the six hexes are blocked (7.4 step 1)")
    blocked_hexes: list[int] = Field(description="which ones, 0-based in neighbour order")
    base_bonus: int
    reduction: int
    step3_bonus: int
    final_bonus: int = Field(description="the attacker's flank die modifier after every rule")
    steps: list[Step]


def flank_bonus(
    neighbors: list[FlankHex],
    defender_strength: Fraction,
    flanks_refused: bool = False,
    earthworks: bool = False,
    attacker_cavalry: bool = False,
    defender_mostly_cavalry: bool = False,
    game: Game | None = None,
    attacker_side: Side | None = None,
) -> FlankResult:
    """The attacker's flank die modifier after every rule (7.4, 7.8, 9.0)."""
    if len(neighbors) != 6:
        raise InputError(
            _("neighbors: exactly six hexes are needed (got {count})").format(count=len(neighbors))
        )
    if defender_strength <= 0:
        raise InputError(_("defender_strength: must be more than 0"))
    steps: list[Step] = []
    blocked_idx: list[int] = []
    for i, h in enumerate(neighbors):
        reasons, failed = blocking_reasons(h, defender_strength)
        if failed:
            steps.append(
                Step(
                    rule="7.4",
                    label=(
                        N_(
                            "hex {n}: strength {value} is under 1/4 of {defender_strength}, so "
                            "its units/ZOC do not block"
                        )
                    ),
                    args={
                        "n": i + 1,
                        "value": format_strength(h.strength or 0),
                        "defender_strength": format_strength(defender_strength),
                    },
                )
            )
        if reasons:
            blocked_idx.append(i)
            steps.append(
                Step(
                    rule="7.4",
                    label=N_("hex {n} blocked"),
                    value=N_("{reasons}"),
                    args={"n": i + 1, "reasons": reasons},
                )
            )
        else:
            steps.append(Step(rule="7.4", label=N_("hex {n} open"), args={"n": i + 1}))
    blocked = len(blocked_idx)
    base = base_flank_bonus(blocked)
    steps.append(
        Step(
            rule="7.4",
            label=N_("base flank bonus for {blocked} blocked"),
            value=format_signed(base),
            args={"blocked": blocked},
        )
    )
    ignore_woods = game is Game.SLB and attacker_side is Side.CONFEDERATE
    count = 0
    if base:
        if ignore_woods:
            steps.append(Step(rule="7.4", label=N_("SLB: Confederate attack ignores step 3b")))
        elif game is Game.SLB and attacker_side is None:
            steps.append(
                Step(
                    rule="7.4",
                    label=N_("SLB: attacker side not given, step 3b applied as for Union"),
                )
            )
        for i in blocked_idx:
            why = reduction_reason(neighbors[i], ignore_woods)
            if why:
                count += 1
                steps.append(
                    Step(
                        rule="7.4",
                        label=N_("hex {n} reduces the bonus"),
                        value=why,
                        args={"n": i + 1},
                    )
                )
    step3, applied = final_flank_bonus(base, count)
    if count > REDUCTION_CAP:
        steps.append(
            Step(
                rule="7.4",
                label=N_("{count} reductions, capped"),
                value=str(REDUCTION_CAP),
                args={"count": count},
            )
        )
    steps.append(Step(rule="7.4", label=N_("flank bonus after step 3"), value=format_signed(step3)))
    final = step3
    earthworks_apply = earthworks and attacker_side is not Side.CONFEDERATE
    if earthworks and not earthworks_apply:
        steps.append(
            Step(rule="9.0", label=N_("earthworks help only Confederates against Union attacks"))
        )
    if flanks_refused or earthworks_apply:
        candidates: list[int] = []
        if flanks_refused:
            r = refused_flank_bonus(step3)
            candidates.append(r)
            label = (
                N_("refused flank: non-flank attack gains") if step3 == 0 else N_("refused flank")
            )
            steps.append(Step(rule="7.8", label=label, value=format_signed(r)))
        if earthworks_apply:
            e = earthworks_flank_bonus(step3)
            candidates.append(e)
            steps.append(
                Step(
                    rule="9.0",
                    label=N_("earthworks hex")
                    if attacker_side
                    else N_("earthworks hex (attacker taken as Union)"),
                    value=format_signed(e),
                )
            )
        if flanks_refused and earthworks_apply:
            steps.append(
                Step(
                    rule="7.8",
                    label=N_(
                        "refused flank and earthworks: the lower flank bonus is used; a "
                        "non-flank attack keeps the +1 (register refused-flank-and-earthworks)"
                    ),
                )
            )
        # the +1 for a non-flank attack comes from the marker itself (7.8), earthworks or not
        final = (1 if flanks_refused else 0) if step3 == 0 else min(candidates)
        if attacker_cavalry and defender_mostly_cavalry:
            steps.append(
                Step(rule="7.4", label=N_("cavalry rule yields to refused flank / earthworks"))
            )
    elif attacker_cavalry and defender_mostly_cavalry:
        if earthworks:
            steps.append(
                Step(
                    rule="7.4",
                    label=N_("register cavalry-flank-earthworks-side: cavalry rule kept"),
                )
            )
        final = cavalry_flank_bonus(step3)
        steps.append(
            Step(
                rule="7.4",
                label=N_("cavalry against mostly-cavalry defenders"),
                value=format_signed(final),
            )
        )
    steps.append(Step(rule="7.4", label=N_("final flank die modifier"), value=format_signed(final)))
    return FlankResult(
        blocked=blocked,
        blocked_hexes=blocked_idx,
        base_bonus=base,
        reduction=applied,
        step3_bonus=step3,
        final_bonus=final,
        steps=steps,
    )
