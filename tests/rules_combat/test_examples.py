"""The rulebook's worked examples for odds, combat, assault and entrenchment, as exact tests."""

from __future__ import annotations

from fractions import Fraction

from gcacw_ref.rules.assault import assault_roll, grand_assault_number
from gcacw_ref.rules.combat import resolve_combat
from gcacw_ref.rules.combat_chart import parse_result
from gcacw_ref.rules.combat_models import CombatInput
from gcacw_ref.rules.demoralization import demoralization_after
from gcacw_ref.rules.odds import strength_ratio

MCCALL = {
    "game": "OTR",
    "action": "march",
    "attack_type": "hasty",
    "attacker_side": "confederate",
    "attackers": [{"name": "JR Anderson", "strength": 17, "artillery": 2, "tactical": 2}],
    "attacker_leader_tactical": 4,  # AP Hill
    "defenders": [{"name": "McCall", "strength": 9, "artillery": 2, "tactical": 2}],
    "defender_leader_tactical": 3,  # Porter
    "defender_terrain": "rolling",
    "hexside": "none",
    "flank_bonus": 2,  # Branch blocks the fifth hex: base +2, nothing reduces it
    "dice": {"attacker": 5, "defender": 2},
}


def test_mccall_anderson_7_6() -> None:
    res = resolve_combat(CombatInput.model_validate(MCCALL))
    assert res.ratio.label == "1-1" and res.ratio.drm == 0
    assert res.artillery.difference == 0 and res.artillery_drm == -1
    assert res.tactical_drm == 1
    assert res.mp_cost == 1
    assert res.attacker_drm == 1  # 0 - 1 + 1 - 1 + 2
    assert res.defender_drm == 0
    assert res.differential == 4
    assert res.defender_column.label == "7-11"
    assert res.attacker_column.label == "12-18"
    assert res.defender_result is not None and res.attacker_result is not None
    assert res.defender_result.printed == "1DR"
    assert res.attacker_result.printed == "1fa"
    # McCall: strength 9 -> 8, disorganized, fatigue 1 -> 4, routs, demoralized-1
    mccall = res.defender_result
    assert 9 - mccall.loss == 8
    assert mccall.disorganizes
    assert min(4, 1 + sum(x.fatigue for x in mccall.letters)) == 4
    assert any(x.rout and x.retreat == (4, 6) for x in mccall.letters)
    assert demoralization_after(0, "R") == (1, 0)
    # Anderson: 17 -> 16, stays organized, fatigue 1 -> 2, march ends, may advance
    anderson = res.attacker_result
    assert 17 - anderson.loss == 16
    assert not anderson.disorganizes
    assert 1 + sum(x.fatigue for x in anderson.letters) == 2
    assert anderson.ends_march and anderson.has("a")


def test_mccall_one_more_strength_reaches_two_to_one() -> None:
    assert strength_ratio(Fraction(17), Fraction(9)).label == "1-1"
    assert strength_ratio(Fraction(18), Fraction(9)).label == "2-1"
    assert strength_ratio(Fraction(18), Fraction(9)).drm == 1


def test_mccall_distribution_exact() -> None:
    data = dict(MCCALL)
    del data["dice"]
    res = resolve_combat(CombatInput.model_validate(data))
    chances = {(o.attacker_result, o.defender_result): o.probability for o in res.distribution}
    assert res.dice_outcomes == 36
    assert chances[("1fa", "1DR")] == Fraction(3, 36)  # attacker die - defender die = 3
    assert chances[("a", "2DR")] == Fraction(1, 36)  # only 6 - 1 reaches +6
    assert sum(chances.values()) == 1


def test_porter_assault_7_1() -> None:
    roll = assault_roll(5, 5, units_chosen=2)
    assert roll.happens
    assert roll.assault_value == 0
    assert roll.max_units == 1
    assert roll.participating == 1  # Morell attacks, Sykes stays out


def test_lee_grand_assault_7_1() -> None:
    ga = grand_assault_number(6, 3)
    assert ga.happens and ga.number == 3


def test_cobb_breastworks_7_5() -> None:
    res = resolve_combat(
        CombatInput.model_validate(
            {
                "game": "SLB",
                "action": "assault",
                "attacker_side": "union",
                "attackers": [{"strength": 12}],
                "defenders": [{"name": "Cobb", "strength": 6, "entrenchment": "breastworks"}],
            }
        )
    )
    assert res.defender_strength == 12  # 6 x 2 for the ratio
    assert res.defender_column.label == "4-6"  # the column uses 6
    assert res.ratio.label == "1-1"


def test_result_letters_7_5() -> None:
    r = parse_result("2DR*")
    assert r.loss == 2 and r.codes == ("D", "R*")
    assert r.letters[1].demoralize_to == 2 and r.letters[1].extra_loss_if_already_demoralized_2 == 1
    assert parse_result("-").describe() == "no effect"
    assert parse_result("1").loss == 1 and parse_result("1").codes == ()
    assert parse_result("Ea").codes == ("E", "a")
    assert parse_result("Dr").letters[1].retreat == (2, 4)
