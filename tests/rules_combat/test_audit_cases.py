"""Audit: hand-worked combat cases at the corners of 7.1-7.5, 9.0 and 11.0.

Every case shows its working in a comment with the rule numbers. Strengths are exact
halves; ratios round in the defender's favour (7.4); a half picks the right-hand column
(7.5 note).
"""

from __future__ import annotations

import json
from fractions import Fraction as F
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gcacw_ref.cli import main
from gcacw_ref.errors import RuleError
from gcacw_ref.rules.artillery import artillery_modifier
from gcacw_ref.rules.combat import CombatResult, resolve_combat
from gcacw_ref.rules.combat_chart import chart_column
from gcacw_ref.rules.combat_models import CombatInput
from gcacw_ref.rules.demoralization import demoralized_attack_strength
from gcacw_ref.rules.odds import (
    compute_odds,
    entrenched_share,
    grand_assault_extra_loss,
    strength_ratio,
)


def combat(**kw: Any) -> CombatResult:
    data: dict[str, Any] = {
        "game": "GTC",
        "action": "march",
        "attack_type": "normal",
        "attackers": [{"strength": 10}],
        "defenders": [{"strength": 5}],
    }
    data.update(kw)
    return resolve_combat(CombatInput.model_validate(data))


# --- 7.4 strength ratio, rounded in the defender's favour ---------------------------


@pytest.mark.parametrize(
    ("attacker", "defender", "label", "drm"),
    [
        (F(18), F(9), "2-1", 1),  # exactly 2: 2-1, +1
        (F(35, 2), F(9), "1-1", 0),  # 17 1/2 : 9 = 1.94, down to 1-1 (a half short of 2-1)
        (F(9), F(18), "1-2", -1),  # exactly 1-2, -1
        (F(9), F(37, 2), "1-3", -2),  # 9 : 18 1/2 = 1-2.06, the defender's way: 1-3, -2
        (F(1), F(13), "1-13", -12),  # the open low end, -12
        (F(1, 2), F(13, 2), "1-13", -12),  # 1/2 : 6 1/2 = 1-13
        (F(1, 2), F(6), "1-12", -11),  # 1/2 : 6 = 1-12 exactly
        (F(1, 2), F(7), "1-13", -12),  # 1-14 still reads as the 1-13 row
        (F(27, 2), F(1), "13-1", 12),  # 13 1/2 : 1 rounds down to 13-1, +12
        (F(14), F(1), "14-1", 13),  # the open high end, +13
        (F(80), F(1, 2), "14-1", 13),  # 160-1 is still 14-1
        (F(21, 2), F(3, 2), "7-1", 6),  # 10 1/2 : 1 1/2 = 7 exactly
    ],
)
def test_ratio_boundaries(attacker: F, defender: F, label: str, drm: int) -> None:
    r = strength_ratio(attacker, defender)
    assert (r.label, r.drm) == (label, drm)


# --- 7.5 chart columns: a half moves to the right-hand column ----------------------


@pytest.mark.parametrize(
    ("side", "strength", "label"),
    [
        ("attacker", F(1, 2), "1/2-3"),
        ("attacker", F(7, 2), "4-6"),  # 3 1/2 falls between 3 and 4: right-hand column
        ("attacker", F(139, 2), "70+"),  # 69 1/2 -> 70+
        ("attacker", F(119, 2), "60-69"),  # 59 1/2 -> 60-69
        ("defender", F(23, 2), "12-18"),  # 11 1/2 -> 12-18
        ("defender", F(26), "19-26"),
        ("defender", F(53, 2), "27-37"),  # 26 1/2 -> 27-37
        ("defender", F(99, 2), "50+"),  # 49 1/2 -> 50+
    ],
)
def test_half_strength_columns(side: str, strength: F, label: str) -> None:
    assert chart_column(side, strength).label == label  # type: ignore[arg-type]


# --- 7.2 caps by game ----------------------------------------------------------------


def test_caps_by_game() -> None:
    # other games: attack 80, defence 70 -> 90 vs 80 is counted 80 vs 70: 1-1.
    o = compute_odds(F(90), F(80), game="GTC")
    assert (o.attacker_strength, o.defender_strength, o.ratio) == (80, 70, "1-1")
    # OTR: 70 and 60 -> 140 vs 61 counted 70 vs 60: 1-1 (uncapped it would be 2-1).
    o = compute_odds(F(140), F(61), game="OTR")
    assert (o.attacker_strength, o.defender_strength, o.ratio) == (70, 60, "1-1")
    # OTR, half or more entrenched: 100; all entrenched: 130.
    assert compute_odds(F(10), F(110), game="OTR", entrenched="half").defender_strength == 100
    assert compute_odds(F(10), F(140), game="OTR", entrenched="all").defender_strength == 130
    # other games: 120 and 160.
    assert compute_odds(F(10), F(130), game="SLB", entrenched="half").defender_strength == 120
    assert compute_odds(F(10), F(170), game="SLB", entrenched="all").defender_strength == 160
    # half or more of the units (7.2): 1 of 2 is half; 1 of 3 is not.
    assert [entrenched_share(1, 2), entrenched_share(1, 3), entrenched_share(3, 3)] == [
        "half",
        "none",
        "all",
    ]


# --- 7.5 / 9.0 entrenched defender: ratio with entrenchment, column without ---------


def test_entrenched_defender_column_vs_ratio() -> None:
    # RTG (1863), defender 6 under completed breastworks (x2, 9.0) = 12 for the ratio;
    # attacker 12: 1-1, +0. Column from 6 before entrenchment: 4-6 (7.5 Cobb example).
    r = combat(
        game="RTG",
        attackers=[{"strength": 12}],
        defenders=[{"strength": 6, "entrenchment": "breastworks"}],
    )
    assert (r.defender_strength, r.ratio.label, r.ratio.drm) == (12, "1-1", 0)
    assert (r.defender_column.label, r.attacker_column.label) == ("4-6", "12-18")


def test_abatis_halves_and_artillery_rounding() -> None:
    # GTC (1864): defender 3 1/2, artillery 3, abatis x1.5 (9.0): strength 21/4 kept as
    # it is; artillery 4 1/2 rounds up to 5 (register entrenched-artillery-rounding).
    # Attacker 11, artillery 3: 11 / 5 1/4 = 2.09 -> 2-1, +1. Column: 3 1/2 -> 4-6.
    # Artillery 3 - 5 = -2 -> clear, -3..+1 -> -2 (defender has 5, no special case).
    r = combat(
        attackers=[{"strength": 11, "artillery": 3}],
        defenders=[{"strength": "3 1/2", "artillery": 3, "entrenchment": "abatis"}],
    )
    assert r.defender_strength == F(21, 4)
    assert (r.ratio.label, r.artillery.defender, r.artillery_drm) == ("2-1", 5, -2)
    assert r.defender_column.label == "4-6"
    assert r.attacker_drm == 1 - 2  # ratio +1, normal attack 0, artillery -2


def test_breastworks_building_by_year() -> None:
    # 9.0: breastworks under construction gives nothing before 1864, x1.5 from 1864.
    # RTG: 8 stays 8 -> 8:8 = 1-1; GTC: 12 -> 8:12 = 1-2 (-1).
    d = [{"strength": 8, "entrenchment": "breastworks_building"}]
    assert combat(game="RTG", attackers=[{"strength": 8}], defenders=d).ratio.label == "1-1"
    assert combat(game="GTC", attackers=[{"strength": 8}], defenders=d).ratio.label == "1-2"


def test_earthworks() -> None:
    # 9.0: a Confederate unit in earthworks x1.5: 7 -> 10 1/2; artillery 1 + 2 = 3 x 1.5
    # = 4 1/2, rounded up to 5. A completed breastworks marker there gives x2, not x3.
    r = combat(
        game="SLB",
        attacker_side="union",
        attackers=[{"strength": 21}],
        defenders=[
            {"strength": 4, "artillery": 1, "earthworks": True},
            {"strength": 3, "artillery": 2, "earthworks": True},
        ],
    )
    assert (r.defender_strength, r.artillery.defender) == (F(21, 2), 5)
    assert r.ratio.label == "2-1"  # 21 / 10 1/2 = 2
    r2 = combat(
        game="SLB",
        attacker_side="union",
        attackers=[{"strength": 21}],
        defenders=[{"strength": 7, "earthworks": True, "entrenchment": "breastworks"}],
    )
    assert r2.defender_strength == 14
    # A Union defender in earthworks gains nothing.
    r3 = combat(
        game="SLB",
        attacker_side="confederate",
        attackers=[{"strength": 21}],
        defenders=[{"strength": 7, "earthworks": True}],
    )
    assert r3.defender_strength == 7


# --- 11.0 demoralized attackers --------------------------------------------------------


@pytest.mark.parametrize(
    ("strength", "level", "used"),
    [
        (F(1, 2), 1, F(1, 2)),  # exception: 1/2 attacks with 1/2
        (F(1), 1, F(1, 2)),  # exception: 1 attacks with 1/2
        (F(3, 2), 1, F(1, 2)),  # 3/4 truncated to 0: register demoralized-one-and-a-half
        (F(5, 2), 1, F(1)),  # 1 1/4 truncated to 1
        (F(7), 1, F(3)),  # 3 1/2 truncated to 3
        (F(1, 2), 2, F(1, 2)),  # exception
        (F(1), 2, F(1, 2)),  # exception
        (F(3, 2), 2, F(1)),  # level 2 attacks with 1
        (F(12), 2, F(1)),
    ],
)
def test_demoralized_attack_strength(strength: F, level: int, used: F) -> None:
    assert demoralized_attack_strength(strength, level) == used


def test_demoralized_attacker_in_combat() -> None:
    # 11.0: demoralized-1 attacker 9 with artillery 3 attacks with 4 (4 1/2 truncated)
    # and artillery 0. Defender 4, artillery 1: 4:4 = 1-1 (0). Artillery 0 - 1 = -1,
    # clear, -3..+1 -> -2, defender artillery 1 -> -1 (7.4 special case).
    r = combat(
        attackers=[{"strength": 9, "artillery": 3, "demoralized": 1}],
        defenders=[{"strength": 4, "artillery": 1}],
    )
    assert (r.attacker_strength, r.ratio.label, r.artillery_drm) == (4, "1-1", -1)
    assert r.attacker_column.label == "4-6"


# --- 7.4 artillery modifier and its special cases --------------------------------------


@pytest.mark.parametrize(
    ("att", "dfn", "terrain", "rain", "even", "odd"),
    [
        (0, 0, "clear", False, 0, 0),  # no artillery on either side: no modifier
        (0, 1, "clear", False, -1, -1),  # diff -1 -> -2; defender 1: -2 counts -1
        (1, 0, "clear", False, 0, 0),  # diff +1 -> -2; defender 0: negative is NE
        (1, 5, "clear", False, -3, -3),  # diff -4 -> -3
        (2, 2, "rolling", False, -1, -1),  # the 7.6 example: diff 0, rolling -1
        (8, 0, "clear", False, 2, 1),  # +8 -> +2 dagger: even +2, odd +1
        (5, 0, "rolling", False, 1, 0),  # +5 -> +1* (rules-text table): even +1, odd 0
        (0, 2, "rough", False, -1, 0),  # diff -2 -> -1*: even -1, odd none
        (0, 0, "rough", False, 0, 0),  # -1* but no artillery at all: nothing, no die
        (9, 1, "provisional_swamp", False, 1, 0),  # dry: rough row, +8 -> +1*
        (9, 1, "provisional_swamp", True, 0, 0),  # rain: swamp row, NE
        (10, 0, "woods", False, 0, 0),  # woods/city/mountain: NE
        (0, 3, "mountain", False, 0, 0),
    ],
)
def test_artillery_cases(att: int, dfn: int, terrain: str, rain: bool, even: int, odd: int) -> None:
    a = artillery_modifier(att, dfn, terrain, rain=rain)
    assert (a.for_die(2), a.for_die(1)) == (even, odd)
    assert a.needs_die == (even != odd)


def test_artillery_die_gives_216_outcomes() -> None:
    # attacker artillery 8 vs 0 in clear: +2 on an even die, +1 on an odd one, so the
    # distribution runs over 6 x 6 x 6 = 216 outcomes and still sums to 1.
    r = combat(attackers=[{"strength": 10, "artillery": 8}], defenders=[{"strength": 5}])
    assert r.dice_outcomes == 216 and r.attacker_drm is None
    assert sum(o.probability for o in r.distribution) == 1
    assert sum(r.row_probabilities.values()) == 1
    # with the artillery die given (4, even): +2; 2-1 (+1), normal 0 -> +3, 36 outcomes
    # for the result of given dice, but the chances are still over the artillery die.
    r2 = combat(
        attackers=[{"strength": 10, "artillery": 8}],
        defenders=[{"strength": 5}],
        artillery_die=4,
    )
    assert r2.attacker_drm == 3


# --- 7.4 / 12.0 defender terrain and hexside modifiers ---------------------------------


def test_hexside_and_mountain_modifiers() -> None:
    # bridge +2 (7.4)
    assert combat(hexside="bridge").defender_drm == 2
    # creek +1; +2 on a rain turn (12.0), which also gives the attacker -1
    assert combat(hexside="creek").defender_drm == 1
    wet = combat(hexside="creek", rain=True, road_across_hexside=True)
    assert (wet.defender_drm, wet.attacker_drm) == (2, 1 - 1)
    # mountain +2; +1 when the active attacker is in a mountain hex too
    assert combat(defender_terrain="mountain", road_across_hexside=True).defender_drm == 2
    both = combat(defender_terrain="mountain", road_across_hexside=True, attacker_in_mountain=True)
    assert both.defender_drm == 1
    # bridge into a mountain hex: +2 +2 = +4 (modifiers add, 7.4)
    assert (
        combat(defender_terrain="mountain", hexside="bridge", road_across_hexside=True).defender_drm
        == 4
    )


def test_forbidden_attacks() -> None:
    # 12.0: no attack across a ford in rain; 7.1: none across a river without a crossing,
    # none into a mountain without a road.
    with pytest.raises(RuleError):
        combat(hexside="ford", rain=True)
    with pytest.raises(RuleError):
        combat(hexside="minor_river")
    with pytest.raises(RuleError):
        combat(defender_terrain="mountain", road_across_hexside=False)
    with pytest.raises(RuleError):
        combat(attack_type="column", attacker_movement_allowance=0)


# --- 7.4 Lee and Longstreet ------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "lee", "longstreet", "bonus"),
    [
        ("SLB", True, False, 1),  # Lee stacked with the assaulting leader
        ("RTG", True, False, 0),  # never in RTG
        ("GTC", False, True, 1),  # Longstreet, 1864
        ("SLB", False, True, 0),  # Longstreet before 1864: nothing
        ("GTC", True, True, 1),  # never both
    ],
)
def test_lee_longstreet(game: str, lee: bool, longstreet: bool, bonus: int) -> None:
    # assault 5 vs 5: ratio 0, assault +1, plus the bonus.
    r = combat(
        game=game,
        action="assault",
        attack_type=None,
        attackers=[{"strength": 5}],
        lee=lee,
        longstreet=longstreet,
    )
    assert r.attacker_drm == 1 + bonus


def test_lee_on_a_march_gives_nothing() -> None:
    r = combat(game="SLB", attackers=[{"strength": 5}], lee=True)
    assert r.attacker_drm == 0


# --- 7.4 / 11.0 demoralized-2 defenders ------------------------------------------------


def test_demoralized_2_share() -> None:
    # alone: -1. Half exactly (4 of 8): nothing (register demoralized-2-share: more than
    # half). 5 of 9: -1. Entrenchment does not change the share (printed strengths).
    assert combat(defenders=[{"strength": 4, "demoralized": 2}]).defender_drm == -1
    half = [{"strength": 4, "demoralized": 2}, {"strength": 4}]
    assert combat(defenders=half).defender_drm == 0
    more = [{"strength": 5, "demoralized": 2}, {"strength": 4, "entrenchment": "fort"}]
    assert combat(defenders=more).defender_drm == -1


# --- 7.2 grand assault: caps per hex and the loss increase -----------------------------


@pytest.mark.parametrize(
    ("total", "extra"),
    [(F(159, 2), 0), (F(80), 1), (F(179, 2), 1), (F(90), 2), (F(199, 2), 2), (F(100), 3)],
)
def test_grand_assault_loss_bands(total: F, extra: int) -> None:
    # 80-89 +1, 90-99 +2, 100+ +3 (7.2); 79 1/2 and 89 1/2 sit in the lower band.
    assert grand_assault_extra_loss(total) == extra


def test_grand_assault_otr_per_hex_cap() -> None:
    # OTR: hex A 60 + 20 = 80, capped at 70 for that hex; hex B 15: total 85 (7.2).
    # Loss +1 (80-89). Defender 40 under completed breastworks (OTR = 1862, x2) = 80,
    # all entrenched: cap 130, so 80. 85 : 80 -> 1-1. Columns: 85 -> 70+, 40 -> 38-49.
    r = combat(
        game="OTR",
        action="assault",
        attack_type=None,
        grand_assault=True,
        attackers=[
            {"strength": 60, "hex": "A"},
            {"strength": 20, "hex": "A"},
            {"strength": 15, "hex": "B"},
        ],
        defenders=[{"strength": 40, "entrenchment": "breastworks"}],
        dice={"attacker": 1, "defender": 6},
    )
    assert (r.attacker_strength, r.defender_strength, r.ratio.label) == (85, 80, "1-1")
    assert r.grand_assault_extra_loss == 1
    assert (r.attacker_column.label, r.defender_column.label) == ("70+", "38-49")
    # dice 1 and 6: (1 + 1 assault) - 6 = -4: attacker 70+ at -4 is 10D -> 11D applied.
    assert r.attacker_result is not None and r.attacker_result.printed == "10D"
    assert r.attacker_result_applied is not None and r.attacker_result_applied.loss == 11
    # the increase also applies where the chart shows no loss (register grand-assault-loss)
    assert all(o.attacker_loss >= 1 for o in r.distribution)


# --- whole attacks, worked from start to finish ----------------------------------------


def test_whole_assault_with_lee() -> None:
    # SLB (1863), Confederate assault. Attackers 12 (art 2, tac 3) and 7 1/2 (art 1,
    # tac 2), leader tactical 4, Lee stacked. Defender Union 8 (art 3, tac 2) in rolling
    # terrain under completed breastworks (x2): 16, artillery 6.
    # Ratio 19 1/2 : 16 = 1.22 -> 1-1 (0). Tactical 4 - 2 = +2. Artillery 3 - 6 = -3:
    # rolling, -3..+1 -> -1. Assault +1, Lee +1. Total +3; defender 0.
    # Columns: attacker 19 1/2 -> 19-26; defender 8 (before entrenchment) -> 7-11.
    # Dice 4 and 3: (4 + 3) - 3 = +4 -> defender 1DR, attacker 1fa.
    r = combat(
        game="SLB",
        action="assault",
        attack_type=None,
        attacker_leader_tactical=4,
        lee=True,
        attackers=[
            {"strength": 12, "artillery": 2, "tactical": 3},
            {"strength": "7 1/2", "artillery": 1, "tactical": 2, "organized": False},
        ],
        defenders=[{"strength": 8, "artillery": 3, "tactical": 2, "entrenchment": "breastworks"}],
        defender_terrain="rolling",
        dice={"attacker": 4, "defender": 3},
    )
    assert (r.ratio.label, r.tactical_drm, r.artillery_drm, r.attacker_drm) == ("1-1", 2, -1, 3)
    assert (r.attacker_column.label, r.defender_column.label) == ("19-26", "7-11")
    assert r.differential == 4
    assert r.defender_result is not None and r.defender_result.printed == "1DR"
    assert r.attacker_result is not None and r.attacker_result.printed == "1fa"


def test_whole_march_attack_in_rain() -> None:
    # GTC, Union cavalry 3 (art 1, tac 1) makes a hasty attack (cavalry: 2 MP, -1) in
    # rain (-1) across a creek with a road (defender +2 in rain). Defender 2 (art 0,
    # tac 1), clear. Ratio 3:2 = 1.5 -> 1-1 (0). Tactical 0. Artillery 1 - 0 = +1 ->
    # clear -2 -> defender 0, so NE. Attacker -2, defender +2.
    # Dice 6 and 1: (6 - 2) - (1 + 2) = +1 -> both sides' 1/2-3 column: D and D.
    r = combat(
        attacker_side="union",
        attack_type="hasty",
        attackers=[{"strength": 3, "artillery": 1, "tactical": 1, "cavalry": True}],
        defenders=[{"strength": 2, "tactical": 1}],
        hexside="creek",
        road_across_hexside=True,
        rain=True,
        dice={"attacker": 6, "defender": 1},
    )
    assert (r.mp_cost, r.artillery_drm, r.attacker_drm, r.defender_drm) == (2, 0, -2, 2)
    assert r.differential == 1
    assert r.defender_result is not None and r.defender_result.printed == "D"
    assert r.attacker_result is not None and r.attacker_result.printed == "D"
    assert sum(o.probability for o in r.distribution) == 1 and r.dice_outcomes == 36


def test_row_probabilities_clip_at_the_ends() -> None:
    # 1/2 vs 80 in GTC, column attack: 1-13 or worse (-12) and column -3: -15.
    # Best attacker roll 6 - 15 = -9 minus worst defender 1: -10 -> every outcome is
    # on the <=-8 row; probability 1.
    r = combat(attack_type="column", attackers=[{"strength": "1/2"}], defenders=[{"strength": 80}])
    assert r.defender_strength == 70  # capped
    assert list(r.row_probabilities.values()) == [1]
    assert r.distribution[0].attacker_result == "3D"


# --- the CLI with odd input: one clear line, exit 2, no traceback -------------------

_BASE: dict[str, Any] = {
    "action": "march",
    "attack_type": "normal",
    "attackers": [{"strength": 5}],
    "defenders": [{"strength": 3}],
}


@pytest.mark.parametrize(
    ("name", "data", "field"),
    [
        ("combat", {**_BASE, "attackers": [{"strength": 1e300}]}, "attackers.0.strength"),
        ("combat", {**_BASE, "attackers": [{"strength": 5, "artillery": "2"}]}, "artillery"),
        ("combat", {**_BASE, "attackers": [{"strength": 5, "demoralized": True}]}, "demoralized"),
        ("combat", {**_BASE, "dice": {"attacker": "3", "defender": 1}}, "dice.attacker"),
        ("combat", {**_BASE, "year": "1863"}, "year"),
        ("combat", {**_BASE, "flank_bonus": True}, "flank_bonus"),
        ("combat", {**_BASE, "flank_bonus": 2.0}, "flank_bonus"),
        ("combat", {**_BASE, "rain": "yes"}, "rain"),
        ("combat", {**_BASE, "attackers": []}, "attackers"),
        ("combat", {**_BASE, "attackers": [None]}, "attackers.0"),
        ("combat", {**_BASE, "defenders": [{"strength": None}]}, "defenders.0.strength"),
        ("combat", {**_BASE, "defenders": None}, "defenders"),
        ("combat", {**_BASE, "attackers": [{"strength": "1/3"}]}, "attackers.0.strength"),
        ("combat", None, "top level"),
        ("combat", [], "top level"),
        ("odds", {"attacker": 1e300, "defender": 3}, "attacker"),
        (
            "artillery",
            {"attacker_artillery": 2, "defender_artillery": 1e300, "defender_terrain": "clear"},
            "defender_artillery",
        ),  # fmt: skip
        (
            "artillery",
            {"attacker_artillery": "2", "defender_artillery": 1, "defender_terrain": "clear"},
            "attacker_artillery",
        ),  # fmt: skip
        (
            "flank",
            {"neighbors": [{"attacker_unit": "yes"}] + [{}] * 5, "defender_strength": 9},
            "neighbors.0.attacker_unit",
        ),  # fmt: skip
        ("flank", {"neighbors": [{}] * 6, "defender_strength": 0}, "defender_strength"),
    ],
)
def test_cli_odd_input(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str, data: Any, field: str
) -> None:
    path = tmp_path / "in.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code = main(["calc", name, "--input", str(path)])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and field in err
    assert "Traceback" not in err


def test_attacker_terrain_restrictions() -> None:
    # 7.1: a unit in a swamp (or a provisional swamp on a rain turn, 12.0) attacks only
    # where a road, pike, trail or railroad joins the two hexes.
    with pytest.raises(RuleError):
        combat(attacker_terrain="swamp", road_across_hexside=False)
    with pytest.raises(RuleError):
        combat(attacker_terrain="provisional_swamp", rain=True, road_across_hexside=False)
    # a dry provisional swamp is rough: no restriction.
    assert combat(attacker_terrain="provisional_swamp", road_across_hexside=False).ratio.drm == 1
    # 12.0: on a rain turn a roadless creek may be crossed when either hex is a city:
    # the attacker's city counts too; the defender then adds +2.
    r = combat(hexside="creek", rain=True, road_across_hexside=False, attacker_terrain="city")
    assert r.defender_drm == 2
    # 7.4: attacker_terrain "mountain" is the same as attacker_in_mountain: +1, not +2.
    m = combat(defender_terrain="mountain", attacker_terrain="mountain", road_across_hexside=True)
    assert m.defender_drm == 1


def test_render_shows_grand_assault_losses(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # GTC grand assault 50 (hex A) + 45 (hex B) = 95, each hex under 80: loss +2 (7.2).
    # 95 : 40 = 2.4 -> 2-1 (+1), assault +1. Dice 3 and 3: +2 -> attacker 70+ reads 6Da,
    # applied 8Da; the chances table must print the applied losses (-3: 9D -> 11D).
    data = {
        "game": "GTC",
        "action": "assault",
        "grand_assault": True,
        "attackers": [{"strength": 50, "hex": "A"}, {"strength": 45, "hex": "B"}],
        "defenders": [{"strength": 40}],
        "dice": {"attacker": 3, "defender": 3},
    }
    path = tmp_path / "in.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["calc", "combat", "--input", str(path)]) == 0
    out = capsys.readouterr().out
    assert "attacker 8Da, defender 2Dr" in out
    table = out.split("Chances over 36 dice outcomes:")[1]
    assert "11D " in table and "9D        1 " not in table
    assert "grand-assault loss +2" in table


halves = st.integers(1, 400).map(lambda n: F(n, 2))


@settings(deadline=None, max_examples=300)
@given(halves, halves)
def test_ratio_rounds_towards_the_defender(a: F, d: F) -> None:
    # 7.4: the printed row never favours the attacker, and it is the nearest such row.
    r = strength_ratio(a, d)
    if r.defender == 1:  # n-1
        assert r.attacker <= a / d
        assert r.attacker == 14 or a / d < r.attacker + 1
    else:  # 1-n
        assert d / a <= r.defender or r.defender == 13
        assert r.defender - 1 < d / a
    assert r.drm == (r.attacker - 1 if r.defender == 1 else 1 - r.defender)
