"""Flank (7.4) and retreat priority: the six-neighbour picture as the calculator's input."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.message import Message
from textual.widgets import Input, Label

from gcacw_ref.i18n import N_, _, join_list
from gcacw_ref.rules.io.flank import MARKS as FLANK_MARKS
from gcacw_ref.rules.io.notation import Mark, neighbour
from gcacw_ref.rules.io.retreat import MARKS as RETREAT_MARKS
from gcacw_ref.tui.calcs.base import CalcPane
from gcacw_ref.tui.calcs.summary import lines, pairs, signed
from gcacw_ref.tui.hexes import HexPicker, Toggle, direction
from gcacw_ref.tui.messages import ChartMarks
from gcacw_ref.tui.touchkit import TapWords, touch_mode
from gcacw_ref.tui.widgets import Choice, Field, FormLabel, StrengthCheck, said_field

if TYPE_CHECKING:  # the calculators load when first used (start-up stays fast)
    from gcacw_ref.rules.io.flank import Output as FlankOutput
    from gcacw_ref.rules.io.retreat import Output as RetreatOutput


def _toggles(marks: list[Mark]) -> list[Toggle]:
    """The picture's keys: the calculator's marks (the letters of `calc NAME --hexes`)."""
    return [Toggle(m.key, m.field, m.values, m.marks, m.description) for m in marks]


def _touch_marks(marks: list[Mark]) -> list[tuple[str, str]]:
    """Touch: the picture's marks as words to tap (each flips its mark on the lit hex)."""
    return [(m.description, f"flip('{m.key}')") for m in marks]


class FlankPicker(HexPicker):
    class UseInCombat(Message):
        """The player wants the flank modifier carried to the combat calculator."""

    TOGGLES = _toggles(FLANK_MARKS)
    BINDINGS: ClassVar[list[BindingType]] = [
        *((t.key, f"flip('{t.key}')", t.description) for t in TOGGLES),
        ("c", "use_in_combat", "Use in combat"),
    ]

    def action_use_in_combat(self) -> None:
        self.post_message(self.UseInCombat())


class RetreatPicker(HexPicker):
    TOGGLES = _toggles(RETREAT_MARKS)
    BINDINGS: ClassVar[list[BindingType]] = [
        (t.key, f"flip('{t.key}')", t.description) for t in TOGGLES
    ]


FLANK_DEFAULTS: dict[str, Any] = {
    "attacker_unit": False,
    "attacker_zoc": None,
    "strength": None,
    "impassable": False,
    "river": False,
    "off_map": False,
    "defender_unit": False,
    "woods_no_road": False,
}
RETREAT_DEFAULTS: dict[str, Any] = {
    "prohibited": False,
    "active_enemy": False,
    "enemy_units": False,
    "enemy_zoc": False,
    "road": False,
    "friendly_units": False,
    "farther": False,
    "closer": False,
}

STRENGTH_IN_HEX = N_("Strength in hex {n} {direction}")
FLANK_LEGEND = N_(
    "1-6 or ←→ choose a hex · a attacker · z zone of control (1st press: normal, shown Z; "
    "2nd: limited, shown z) · i impassable · r river · o off map · d defender · "
    "w woods without road · its strength: the field below · c: carry the flank modifier "
    "to the combat calculator"
)
RETREAT_LEGEND = N_(
    "1-6 or ←→ choose a hex · x prohibited · e active enemy · u enemy units · z enemy ZOC · "
    "r road · f friendly units · a farther away · c closer · enter: retreat into the hex"
)
RETREAT_READING = N_(
    "Reading the picture: each hex shows its number and direction (1 N … 6 NW), the marks "
    "you set (X E U Z R F a c), then the answer: P3 = retreat priority 3 (the lowest "
    "number must be taken), -1 = strength lost entering it, no = not allowed; the lit "
    "hexes are where the unit must go. In the breakdown a loss 0/1 means: the left figure "
    "along a road or into a friendly hex, the right figure otherwise."
)


class FlankPane(CalcPane["FlankOutput"]):
    NAME = "flank"

    def compose_form_top(self) -> ComposeResult:
        yield FlankPicker(FLANK_DEFAULTS, id="flank-hexes")
        if touch_mode():
            words = [*_touch_marks(FLANK_MARKS), (N_("carry to combat"), "use_in_combat")]
            intro = N_("Tap a hex, then what is in it (its strength: the field below):")
            yield TapWords("calc", intro, words, classes="legend")
        else:
            yield FormLabel(FLANK_LEGEND, classes="legend")
        with_row = Label(
            _(STRENGTH_IN_HEX).format(n=1, direction=direction(0)),
            id="flank-strength-label",
            classes="form-label",
        )
        yield with_row
        yield said_field(
            N_("blank = not counted"),
            id="flank-hex-strength",
            compact=True,
            validators=[StrengthCheck(optional=True)],
        )

    def setup(self) -> None:
        picker = self.query_one(FlankPicker)
        picker.centre = [_("Defender"), ""]
        picker.extra_mark = lambda cell: f"s{cell['strength']}" if cell.get("strength") else ""

    @on(HexPicker.Changed)
    def _picker_changed(self) -> None:
        self.request_recalc()

    @on(HexPicker.Moved)
    def _picker_moved(self) -> None:
        self.refresh_strength_field()

    @on(Input.Changed, "#flank-hex-strength")
    def _strength_changed(self, event: Input.Changed) -> None:
        event.stop()
        picker = self.query_one(FlankPicker)
        text = event.value.strip()
        if event.validation_result is None or event.validation_result.is_valid:
            picker.set_field(picker.selected, "strength", text or None)
        self.request_recalc()

    def refresh_strength_field(self) -> None:
        picker = self.query_one(FlankPicker)
        index = picker.selected
        self.query_one("#flank-strength-label", Label).update(
            _(STRENGTH_IN_HEX).format(n=index + 1, direction=direction(index))
        )
        field = self.query_one("#flank-hex-strength", Field)
        with field.prevent(Input.Changed):
            field.value = picker.cells[index].get("strength") or ""

    def extra_values(self) -> dict[str, Any]:
        return {"hexes": [neighbour(c) for c in self.query_one(FlankPicker).cells]}

    def clear_pictures(self) -> None:
        self.query_one(FlankPicker).reset()
        self.refresh_strength_field()

    def show_extra(self, out: FlankOutput) -> None:
        picker = self.query_one(FlankPicker)
        blocked = set(getattr(out, "blocked_hexes", []) or [])
        picker.notes = [_("BLOCK") if i in blocked else _("open") for i in range(6)]
        picker.marked = blocked
        picker.refresh()

    def clear_extra(self) -> None:
        picker = self.query_one(FlankPicker)
        picker.notes = ["" for _ in range(6)]
        picker.marked = set()
        picker.refresh()

    def summary(self, out: FlankOutput) -> Text:
        return lines(
            pairs(N_("Blocked hexes"), out.blocked),
            pairs(N_("Base bonus"), signed(out.base_bonus)),
            pairs(N_("Reduction"), out.reduction),
            pairs(N_("Flank modifier"), signed(out.final_bonus), style="bold reverse"),
        )


class RetreatPane(CalcPane["RetreatOutput"]):
    NAME = "retreat"

    @staticmethod
    def chart_marks(out: RetreatOutput) -> ChartMarks:
        allowed = frozenset(str(o.priority) for o in out.options if o.allowed)
        return ChartMarks(retreat_table=out.table, retreat_priorities=allowed)

    def compose_form_top(self) -> ComposeResult:
        yield RetreatPicker(RETREAT_DEFAULTS, id="retreat-hexes")
        if touch_mode():
            words = [*_touch_marks(RETREAT_MARKS), (N_("retreat into the hex"), "pick")]
            yield TapWords("calc", N_("Tap a hex, then what is in it:"), words, classes="legend")
        else:
            yield FormLabel(RETREAT_LEGEND, classes="legend")

    def compose_result_extra(self) -> ComposeResult:
        yield FormLabel(RETREAT_READING, classes="legend", id="retreat-reading")

    def setup(self) -> None:
        self.query_one(RetreatPicker).centre = ["Retreating", "unit"]

    @on(HexPicker.Changed)
    def _picker_changed(self) -> None:
        self.request_recalc()

    @on(HexPicker.Picked)
    def _step(self, event: HexPicker.Picked) -> None:
        """Move into the chosen hex: the next hex of the retreat, neighbours cleared."""
        if self.output is None:
            return
        option = self.output.options[event.index]
        if not getattr(option, "allowed", False):
            self.app.notify(f"Hex {event.index + 1} may not be entered.", severity="warning")
            return
        picker = self.query_one(RetreatPicker)
        zoc = bool(picker.cells[event.index].get("enemy_zoc"))
        number = self.query_one("#retreat-hex_number", Input)
        text = number.value.strip()
        current = int(text) if text.isascii() and text.isdigit() and len(text) < 3 else 1
        number.value = str(min(current + 1, 6))

        self.query_one("#retreat-in_enemy_zoc", Choice).value = "yes" if zoc else "no"
        picker.reset()

    def extra_values(self) -> dict[str, Any]:
        return {"hexes": [neighbour(c) for c in self.query_one(RetreatPicker).cells]}

    def clear_pictures(self) -> None:
        self.query_one(RetreatPicker).reset()

    def summary(self, out: RetreatOutput) -> Text:
        must = join_list(f"{i + 1} {direction(i)}" for i in out.must_choose) or _(
            "none (surrender?)"
        )
        return lines(
            pairs(N_("Table"), out.table), pairs(N_("Must retreat into"), must, "bold reverse")
        )

    def show_extra(self, out: RetreatOutput) -> None:
        picker = self.query_one(RetreatPicker)
        for i, option in enumerate(out.options):
            if not option.allowed:
                picker.notes[i] = "no"
            else:
                loss = getattr(option, "strength_loss", None)
                picker.notes[i] = f"P{option.priority}" + (f" -{loss}" if loss else "")
        picker.marked = set(out.must_choose)
        picker.refresh()

    def clear_extra(self) -> None:
        picker = self.query_one(RetreatPicker)
        picker.notes = ["" for _ in range(6)]
        picker.marked = set()
        picker.refresh()
