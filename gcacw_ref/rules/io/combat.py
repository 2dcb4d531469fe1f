"""`calc combat`: one whole attack (7.1-7.5) with the exact result distribution."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from gcacw_ref.i18n import N_, _
from gcacw_ref.layout import pad
from gcacw_ref.rules.combat import CombatResult, resolve_combat
from gcacw_ref.rules.combat_models import CombatDice, CombatInput, DefendingUnit
from gcacw_ref.rules.combat_tables import die_modifiers
from gcacw_ref.rules.entrenchment import entrenchment_era
from gcacw_ref.rules.explain import render_steps
from gcacw_ref.rules.io.fields import Form, Spec, Unset, drop_blanks, spec_for
from gcacw_ref.rules.numbers import format_signed


class Input(CombatInput):
    """One attack: units on both sides, terrain, modifiers, and optionally the dice."""


Output = CombatResult
"""The result is the rules core's own (one declaration): its JSON is `calc combat --json`."""


def run(inp: Input) -> Output:
    return resolve_combat(inp)


def render(out: Output) -> str:
    if out.attacker_drm is not None:
        drm = format_signed(out.attacker_drm)
    else:
        assert out.attacker_drm_outcomes is not None
        drm = _(", ").join(
            _("{parity} die {modifier}").format(parity=_(k), modifier=format_signed(v))
            for k, v in out.attacker_drm_outcomes.items()
        )
    lines = [
        _("Odds {ratio}   attacker modifier {drm}   defender modifier {defender_drm}").format(
            ratio=out.ratio.label, drm=drm, defender_drm=format_signed(out.defender_drm)
        ),
        _("Columns: attacker {attacker_column}, defender {defender_column}").format(
            attacker_column=out.attacker_column.label,
            defender_column=out.defender_column.label,
        ),
    ]
    if out.attacker_result_applied is not None and out.defender_result is not None:
        lines.append(
            _(
                "Result (differential {differential}): attacker {attacker}, defender {defender}"
            ).format(
                differential=format_signed(out.differential or 0),
                attacker=out.attacker_result_applied.printed,
                defender=out.defender_result.printed,
            )
        )
    lines += [
        "",
        render_steps(out.steps),
        "",
        _("Chances over {count} dice outcomes:").format(count=out.dice_outcomes),
    ]
    if out.grand_assault_extra_loss:
        lines.append(
            "  "
            + _("(attacker results include the grand-assault loss +{loss})").format(
                loss=out.grand_assault_extra_loss
            )
        )
    lines.append(
        "  "
        + pad(_("attacker"), 9)
        + " "
        + pad(_("defender"), 9)
        + " "
        + pad(_("chance"), 9, right=True)
        + " "
        + pad("%", 6, right=True)
        + "  "
        + _("rows")
    )
    for c in out.distribution:
        attacker = _with_loss(c.attacker_result, c.attacker_loss)
        lines.append(
            f"  {attacker:<9} {c.defender_result:<9} {_exact(c.probability):>9} "
            f"{c.p * 100:5.1f}%  {' '.join(c.rows)}"
        )
    return "\n".join(lines)


def _with_loss(printed: str, loss: int) -> str:
    """A printed result with its strength loss replaced by `loss` (grand assault, 7.2)."""
    letters = printed.lstrip("0123456789")
    if letters == "-":
        letters = ""
    return f"{loss}{letters}" if loss else printed


GAME_MODIFIERS: dict[str, str] = {
    "gunboat": "gunboat",
    "union_panic": "union_panic",
    "hooker_lost_confidence": "hooker",
    "lee": "lee",
}
"""Input fields that switch on a game-specific modifier -> its key in the chart's list (7.4)."""


def game_fields(game: str) -> set[str]:
    """The game-specific inputs that can change an attack in `game`: each chart modifier
    where the chart lists that game (an empty list: every game, 7.4), and Longstreet where
    the game's own year is 1864 or later (7.4, 9.0)."""
    mods = die_modifiers()
    out: set[str] = set()
    for name, key in GAME_MODIFIERS.items():
        games: set[str] = set()
        found = False
        for side in ("attacker", "defender"):
            for item in getattr(mods, side):
                if item.key == key:
                    found = True
                    games.update(item.games)
        if found and (not games or game in games):
            out.add(name)
    if entrenchment_era(game) >= 1864:
        out.add("longstreet")
    return out


GAME_SPECIFIC = [
    "attacker_side",
    "gunboat",
    "union_panic",
    "hooker_lost_confidence",
    "lee",
    "longstreet",
    "year",
    "attacker_in_mountain",
]
"""The form's game-specific fields (the TUI folds them; the game says which apply)."""


def _specs() -> list[Spec]:
    c = CombatInput
    action = spec_for(c, "action", help=N_("assault, or an attack on a march (7.1)"))
    action.options = ["assault", "march"]
    action.default = "assault"  # said in the result when left so
    specs = [
        action,
        spec_for(
            c,
            "attack_type",
            help=N_("march attacks only: column, hasty, normal or prepared (7.1, 7.4)"),
        ),
        spec_for(
            c,
            "attackers",
            help=N_(
                "attacking units split by commas: strength, a<n> artillery, t<n> tactical, "
                "d1/d2 demoralized, x disorganized, c cavalry (7.2-7.4)"
            ),
        ),
        spec_for(
            c,
            "attacker_leader_tactical",
            flag="attacker-leader",
            help=N_("the attacking leader's tactical rating (7.4)"),
        ),
        spec_for(c, "defenders", help=N_("defending units, written as for --attackers (7.2-7.4)")),
        spec_for(
            c,
            "defender_leader_tactical",
            flag="defender-leader",
            help=N_("the defending leader's tactical rating (7.4)"),
        ),
        spec_for(
            DefendingUnit,
            "entrenchment",
            help=N_("the defenders' entrenchment level (9.0)"),
        ),
        spec_for(DefendingUnit, "earthworks", help=N_("a printed earthworks hex (9.0)")),
        spec_for(
            c, "defender_terrain", flag="terrain", help=N_("the defender's hex terrain (7.4)")
        ),
        spec_for(c, "hexside", help=N_("what the attack crosses (7.4)")),
        spec_for(
            c,
            "road_across_hexside",
            flag="road",
            help=N_("a road, pike, trail or railroad crosses that hexside: yes or no (7.1)"),
        ),
        spec_for(
            c, "attacker_terrain", help=N_("terrain of the attacking hex, when it matters (7.1)")
        ),
        spec_for(c, "flank_bonus", flag="flank", help=N_("the final flank modifier, 0-4 (7.4)")),
        spec_for(c, "rain", help=N_("a rain turn (12.0)")),
        spec_for(c, "grand_assault", help=N_("a grand assault (7.2)")),
    ]
    for key, flag, text in (
        ("attacker", "attacker-die", N_("the attacker's combat die (7.5)")),
        ("defender", "defender-die", N_("the defender's combat die (7.5)")),
    ):
        die = spec_for(CombatDice, key, name=f"{key}_die", flag=flag, help=text)
        die.optional = True  # no dice: the whole distribution
        specs.append(die)
    specs.append(
        spec_for(c, "artillery_die", help=N_("the artillery die, when the table needs one (7.4)"))
    )
    for key, text in (
        ("attacker_side", N_("the attacking side, for the game-specific rules (7.4)")),
        ("gunboat", N_("defender's gunboat support, 0-2 (OTR, GTC)")),
        ("union_panic", N_("Union panic in effect (SJW)")),
        ("hooker_lost_confidence", N_("Hooker has lost confidence, Union attacking (SLB)")),
        ("lee", N_("Lee is stacked with the assaulting leader (7.4)")),
        ("longstreet", N_("Longstreet leads the assault (7.4)")),
        ("year", N_("the year, where the game's rules depend on it (9.0)")),
        ("attacker_in_mountain", N_("the attacker is in a mountain hex (7.4)")),
    ):
        specs.append(spec_for(c, key, help=text))
    return specs


def build(values: dict[str, Any], game: str) -> dict[str, Any]:
    """The form's values as this calculator's input: entrenchment and earthworks go to every
    defending unit, the two dice make `dice`, and the game-specific fields the player's game
    has no use for are left out (7.4)."""
    data = drop_blanks(values, game)
    data["game"] = game
    works = data.pop("entrenchment", None)
    earthworks = data.pop("earthworks", None)
    for unit in data.get("defenders", []):
        if works is not None:
            unit["entrenchment"] = works
        if earthworks:
            unit["earthworks"] = earthworks
    if data.get("action") == "assault":
        data.pop("attack_type", None)
    used = game_fields(game)
    for key in [*GAME_MODIFIERS, "longstreet"]:
        if key not in used:  # this game has no such rule: not part of the attack
            data.pop(key, None)
    a_die, d_die = data.pop("attacker_die", None), data.pop("defender_die", None)
    if (a_die is None) != (d_die is None):
        raise ValueError(_("Dice: give both dice or neither"))
    if a_die is not None:
        data["dice"] = {"attacker": a_die, "defender": d_die}
    return data


FORM = Form(
    specs=_specs(),
    build=build,
    uses_game=True,
    unset=(
        Unset("action", "assault", N_("an assault (not a march attack)")),
        Unset("attacker_leader_tactical", None, N_("no attacking leader")),
        Unset("defender_leader_tactical", None, N_("no defending leader")),
        Unset("defender_terrain", "clear", N_("clear terrain")),
        Unset("hexside", "none", N_("no hexside feature")),
        Unset("flank_bonus", 0, N_("no flank bonus")),
        Unset("rain", False, N_("no rain")),
        Unset("dice", None, N_("no dice: every outcome")),
    ),
)


def _exact(p: Fraction) -> str:
    """A probability as the JSON writes it ("1/36")."""
    return f"{p.numerator}/{p.denominator}"
