"""7.6 "nearer to the active enemy unit": the register reading shown where it decides."""

from __future__ import annotations

from gcacw_ref.rules.register import load_register
from gcacw_ref.rules.retreat import CLOSER_READING, RetreatHex, retreat_step


def test_register_has_the_closer_reading_with_both_readings() -> None:
    entry = next(e for e in load_register() if e.id == CLOSER_READING)
    assert entry.rules == ["7.6"]
    assert "being left" in entry.reading and "started" in entry.reading


def test_retreat_step_names_the_register_when_a_hex_is_refused_as_nearer() -> None:
    plain = RetreatHex(farther=True)
    near = RetreatHex(closer=True)
    res = retreat_step("retreat", 1, False, [near, plain, plain, plain, plain, plain])
    assert res.options[0].allowed is False
    cited = [s for s in res.steps if s.args.get("register") == CLOSER_READING]
    assert len(cited) == 1 and cited[0].args["n"] == 1 and cited[0].rule == "7.6"


def test_no_register_step_when_nothing_is_nearer() -> None:
    plain = RetreatHex(farther=True)
    res = retreat_step("retreat", 1, False, [plain] * 6)
    assert not [s for s in res.steps if s.args.get("register") == CLOSER_READING]
