"""The combat area's register entries load and cover the required topics."""

from __future__ import annotations

from gcacw_ref.rules.register import entries_for_rule, load_register

REQUIRED = {
    "artillery-asterisks",
    "artillery-rows",
    "combat-chart-70plus-minus4",
    "demoralized-2-share",
    "lee-bonus-games",
    "refused-flank-plus-two",
    "entrenchment-chart-columns",
    "entrenchment-1864-recovery-start",
    "entrenchment-earthworks",
    "entrenched-artillery-rounding",
    "grand-assault-loss",
    "entrenched-cap-count",
    "union-panic-italics",
}


def test_register_has_combat_entries() -> None:
    ids = {e.id for e in load_register()}
    assert ids >= REQUIRED


def test_entries_findable_by_rule() -> None:
    assert "artillery-asterisks" in {e.id for e in entries_for_rule("7.4")}
    assert "entrenchment-1864-recovery-start" in {e.id for e in entries_for_rule("9.0")}
