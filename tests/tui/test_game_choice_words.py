"""What the choices box says: an attack names its kind first (the box may cut the end
of a line, and the four kinds must stay apart) and what it attacks (the defending units
and the hex's place name beside the hex id); a move says where to."""

from __future__ import annotations

import io

from rich.console import Console

from gcacw_ref.game.play.api import Action, initial_state, load_scenario, pending_decision
from gcacw_ref.i18n import set_language
from gcacw_ref.tui.game import describe as D
from gcacw_ref.tui.game.choiceline import ChoiceLine
from gcacw_ref.tui.game.history import History
from gcacw_ref.tui.game.view import choice_options, choices_title


def test_an_attack_choice_names_the_defenders() -> None:
    state = initial_state(load_scenario("harrow"), 1)
    attack = Action(type="attack", unit="u-I-2", hex="1107", option="normal")
    assert D.action_words(attack, state) == (
        "Attack · normal attack · Birch (2/I) · on 1107 (Whitcomb's Division)"
    )


def test_an_attack_on_a_named_hex_gives_the_place_and_every_defender() -> None:
    state = initial_state(load_scenario("harrow"), 1)
    for uid in ("c-F-1", "c-F-2"):  # two divisions put into Cassel (1613) for the test
        state.units[uid] = state.units[uid].model_copy(update={"hex": "1613"})
    state.units["u-I-2"] = state.units["u-I-2"].model_copy(update={"hex": "1612"})
    words = D.action_words(Action(type="attack", unit="u-I-2", hex="1613", option="hasty"), state)
    names = ", ".join(state.units[u].name for u in ("c-F-1", "c-F-2"))
    assert words == f"Attack · hasty attack · Birch (2/I) · on 1613 Cassel ({names})"


def test_a_move_choice_still_says_where_to() -> None:
    state = initial_state(load_scenario("harrow"), 1)
    move = Action(type="move", unit="u-I-2", hex="1005")
    assert D.action_words(move, state) == "Move · Birch (2/I) · to 1005"


def test_an_attack_choice_in_japanese_names_the_defenders() -> None:
    state = initial_state(load_scenario("harrow"), 1)
    set_language("ja")
    try:
        words = D.action_words(Action(type="attack", unit="u-I-2", hex="1107"), state)
    finally:
        set_language("en")
    defender = D.japanese_names(state.scenario).get("c-F-1") or "Whitcomb's Division"
    assert f"目標 1107（{defender}）" in words


def test_the_log_names_the_hex_only_its_later_position_may_have_moved_the_defenders() -> None:
    state = initial_state(load_scenario("harrow"), 1)
    attack = Action(type="attack", unit="u-I-2", hex="1107", option="normal")
    line = D.log_line(None, "action_cycle", attack, state, 1, "march", "6.1").plain
    assert "Attack · normal attack · Birch (2/I) · on 1107" in line
    assert "Whitcomb" not in line


def test_the_four_attack_kinds_stay_apart_in_a_narrow_box() -> None:
    state = initial_state(load_scenario("harrow"), 1)
    shown = set()
    for kind in ("column", "hasty", "normal", "prepared"):
        words = D.action_words(Action(type="attack", unit="u-I-2", hex="1107", option=kind), state)
        console = Console(width=34, file=io.StringIO(), color_system=None)
        with console.capture() as out:
            console.print(ChoiceLine(words.removeprefix("Attack · "), "7.1"))
        shown.add(out.get())
    assert len(shown) == 4


def test_a_choice_that_is_its_groups_title_stands_without_the_title() -> None:
    """ "Done" under the title "Done" said it twice: a lone choice whose words are the
    title's stands alone; groups of several keep their title."""
    h = History.new(load_scenario("training"), 3, {"union": "human", "confederate": "human"})
    h.go(len(h.stops) - 1)
    legal = h.legal()
    assert legal[0].type == "done" and {a.type for a in legal[1:]} == {"transfer"}
    options = choice_options(h, legal)
    shown = [(o.id, str(getattr(o.prompt, "plain", o.prompt))) for o in options if o]
    assert shown[:3] == [
        ("a0", "  Done  [6.3]"),
        (None, "Transfer a leader"),
        ("a1", "  Harlan (army) → Barker (2/I)  [6.3]"),
    ]


def test_a_march_names_its_unit_once_in_the_title_not_on_every_choice() -> None:
    h = History.new(load_scenario("harrow"), 1, {"union": "human", "confederate": "human"})
    h.go(len(h.stops) - 1)
    for _ in range(40):  # the first march decision (the first choice each time, else march)
        facts = pending_decision(h.last)
        assert facts is not None
        if facts.kind == "march":
            break
        legal = h.legal()
        pick = next((a for a in legal if a.type in ("take", "march")), legal[0])
        h.play(pick)
        h.go(len(h.stops) - 1)
    facts = pending_decision(h.last)
    assert facts is not None and facts.kind == "march"
    unit = h.last.units[str(facts.acting()[0])]
    assert choices_title(h).endswith(f" · {unit.name}")
    lines = [str(getattr(o.prompt, "plain", o.prompt)) for o in choice_options(h, h.legal()) if o]
    assert not any(unit.name in line for line in lines)
    assert any(line.startswith("  to ") for line in lines)  # a move: where to


def test_a_retreats_box_names_the_retreating_units_a_cavalry_retreats_not_the_enemy() -> None:
    h = History.new(
        load_scenario("training"), 1, {"union": "heuristic", "confederate": "heuristic"}
    )
    seen: set[str] = set()
    for _ in range(600):
        h.go(len(h.stops) - 1)
        facts = pending_decision(h.last)
        if facts is None or seen >= {"retreat", "cavalry_retreat"}:
            break
        if facts.kind == "retreat" and "retreat" not in seen:
            seen.add("retreat")
            names = [h.last.units[u].name for u in facts.units]  # type: ignore[attr-defined]
            assert choices_title(h).endswith(" · " + ", ".join(names))
        if facts.kind == "cavalry_retreat" and "cavalry_retreat" not in seen:
            seen.add("cavalry_retreat")
            assert choices_title(h) == D.decision_text(h.last)  # the enemy is not named
        action, by = h.bot_choice()
        h.play(action, by=by)
    assert "retreat" in seen
