"""The move calculator in Japanese: terrain and road names in its step lines come through
the catalogs as the rulebook's terms (a phrase's own fields included), the English
output stays as it was, and the JSON keeps its English machine `reason`."""

from __future__ import annotations

from gcacw_ref import i18n
from gcacw_ref.game.play.io_move import Input, render, run
from gcacw_ref.rules.explain import Step

CASE = {
    "map": "example",
    "unit": {"side": "union", "kind": "infantry", "strength": 6},
    "path": ["0101", "0102", "0202"],
    "movement_allowance": 6,
}
ENGLISH_WORDS = ("clear", "mountain", "road", "pike", "trail", "cannot enter", "terrain")


def test_step_lines_speak_the_rulebooks_terms(japanese: None) -> None:
    out = run(Input.model_validate(CASE))
    text = render(out)
    assert text.splitlines()[:5] == [
        "0102 平地：3 MP（累計 3）",
        "    [6.1] 地形：平地：3 MP",
        "0202 山：進入不可",
        "    [6.2] 不可：山に入れるのは道路・舗装道路・鉄道・小道に沿う場合だけ",
        "移動不可：山に入れるのは道路・舗装道路・鉄道・小道に沿う場合だけ",
    ]
    lines = [s.line() for s in out.steps]
    assert lines[:3] == [
        "[6.1] 0102（平地）に進入：地形：平地：3 MP",
        "[6.2] 0202（山）に進入：不可：山に入れるのは道路・舗装道路・鉄道・小道に沿う場合だけ"
        "：進入不可",
        "[6.2] 不可：山に入れるのは道路・舗装道路・鉄道・小道に沿う場合だけ",
    ]
    for line in [*text.splitlines(), *lines]:
        assert not any(word in line for word in ENGLISH_WORDS), line
    # the machine form stays English
    assert out.reason == "mountain can be entered only along a road, pike, railroad or trail"


def test_the_english_output_is_unchanged() -> None:
    out = run(Input.model_validate(CASE))
    assert render(out).splitlines()[:5] == [
        "0102 clear: 3 MP (total 3)",
        "    [6.1] terrain: clear: 3 MP",
        "0202 mountain: cannot enter",
        "    [6.2] prohibited: mountain can be entered only along a road, pike, railroad or trail",
        "Illegal: mountain can be entered only along a road, pike, railroad or trail",
    ]
    assert out.steps[1].line() == (
        "[6.2] enter 0202 (mountain): prohibited: mountain can be entered only along a road, "
        "pike, railroad or trail: cannot enter"
    )


def test_a_word_argument_nested_two_deep_is_worded_whole(japanese: None) -> None:
    step = Step(
        rule="6.2",
        label="prohibited: {reason}",
        args={
            "reason": "{closed} can be entered only along a {allowed}",
            "closed": "swamp",
            "allowed": "road, pike or railroad",
        },
    )
    assert step.text() == "不可：沼地に入れるのは道路・舗装道路・鉄道に沿う場合だけ"
    i18n.set_language("en")
    assert step.text() == "prohibited: swamp can be entered only along a road, pike or railroad"
