"""The game screen's dialogs: a new game, the dice rolled at the table, a file path.

Each checks what the player typed and says what is wrong in the dialog itself; it
returns a value only when it can be used, so the game in progress is never touched
by a bad entry.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, ScrollableContainer
from textual.containers import VerticalScroll as Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from gcacw_ref.game.play.api import ScenarioSummary, builtin_scenarios, load_scenario
from gcacw_ref.i18n import N_, _, current_language, ngettext
from gcacw_ref.tui.game.describe import PLAYERS, SIDES
from gcacw_ref.tui.plain import plain
from gcacw_ref.tui.touchkit import CANCEL, OK, DialogButton, hint, touch_mode


@dataclass(frozen=True)
class GameOptions:
    scenario: str = "training"
    seed: int = 1
    union: str = "human"
    confederate: str = "heuristic"
    open_path: str | None = None


SAMPLE_DICE = (3, 5, 2, 6, 1, 4)


def dice_example(count: int) -> str:
    """The dice prompt's example: as many dice as are asked for ("e.g. 3" for one)."""
    dice = " ".join(str(SAMPLE_DICE[i % len(SAMPLE_DICE)]) for i in range(max(count, 1)))
    return _("e.g. {dice}").format(dice=dice)


def parse_dice(text: str, count: int) -> list[int]:
    """Dice typed at the table: `count` numbers 1-6 separated by spaces or commas.

    `ValueError` with a message fit to show otherwise.
    """
    parts = [p for p in text.replace(",", " ").split() if p]
    if not parts:
        raise ValueError(_("type the dice, e.g. 3 5"))
    values: list[int] = []
    for p in parts:
        if not p.isdigit():
            raise ValueError(_("{text!r} is not a number: type digits 1 to 6").format(text=p))
        value = int(p)
        if not 1 <= value <= 6:
            raise ValueError(_("a die shows 1 to 6, not {value}").format(value=value))
        values.append(value)
    if len(values) != count:
        raise ValueError(
            _("{count} dice are needed here, you typed {got}").format(count=count, got=len(values))
        )
    return values


T = TypeVar("T")
"""What a dialog returns (None: cancelled)."""


class _Dialog(ModalScreen[T | None]):
    AUTO_FOCUS = "Input"
    DEFAULT_CSS = """
    _Dialog, NewGameDialog, DiceDialog, PathDialog { align: center middle; }
    #dialog { width: 64; max-width: 95%; height: auto; max-height: 95%; border: round $accent;
              background: $panel; padding: 0 1; }
    #dialog Label { margin-top: 0; width: 100%; }  /* long lines wrap, never cut */
    #dialog .error { color: $error; height: auto; }
    #dialog Button { margin-top: 1; }
    #dialog .dialog-buttons { height: auto; }
    #dialog .dialog-buttons Button { margin-right: 2; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def action_cancel(self) -> None:
        self.dismiss(None)

    def error(self, text: str) -> None:
        self.query_one("#dialog-error", Static).update(plain(text))

    def buttons(self, ok: str = OK) -> Horizontal:
        """The dialog's choices as buttons: `ok` (its `action_ok`) and Cancel."""
        return Horizontal(
            DialogButton(_(ok), ok=True), DialogButton(_(CANCEL)), classes="dialog-buttons"
        )

    def key_hint(self, text: str) -> Label:
        """A hint naming keys, shown only where there is a keyboard (the buttons say it)."""
        label = Label(text, classes="hint")
        label.display = not touch_mode()
        return label


def scenario_line(summary: ScenarioSummary) -> str:
    """One built-in scenario in a line: its name, its game and year, its size (turns,
    map, units of each side)."""
    scenario = load_scenario(summary.id)
    sides = {side: sum(1 for u in scenario.units if u.side.value == side) for side in SIDES}
    name = summary.name_ja if current_language() == "ja" and summary.name_ja else summary.name
    return _(
        "{id}: {name} · {game} {year} · {turns} turns · map {size} · "
        "Union {union} units, Confederate {confederate} units"
    ).format(
        name=name,
        id=summary.id,
        game=summary.game,
        year=summary.year,
        turns=summary.turns,
        size=summary.map_size,
        union=sides["union"],
        confederate=sides["confederate"],
    )


class NewGameDialog(_Dialog[GameOptions]):
    """A built-in scenario from the list (or a scenario file), the seed, and who plays
    each side."""

    AUTO_FOCUS = "#new-scenarios"
    DEFAULT_CSS = """
    NewGameDialog #dialog { width: 100; }
    #new-scenarios { height: auto; max-height: 8; }
    """

    def __init__(self, options: GameOptions) -> None:
        super().__init__()
        self.options = options
        self.summaries = builtin_scenarios()
        self.scenarios = [s.id for s in self.summaries]

    def compose(self) -> ComposeResult:
        choices = [(_(PLAYERS[p]), p) for p in ("human", "heuristic", "random")]
        listed = [Option(Text(scenario_line(s)), id=s.id) for s in self.summaries]
        chosen = self.options.scenario
        with Vertical(id="dialog"):
            yield Label(hint(_("New game (enter starts it)"), _("New game")), classes="title")
            yield Label(_("Scenario"))
            box = OptionList(*listed, id="new-scenarios")
            if chosen in self.scenarios:
                box.highlighted = self.scenarios.index(chosen)
            yield box
            yield Label(_("or a scenario file (empty: the scenario chosen above)"))
            path = "" if chosen in self.scenarios else chosen
            yield Input(path, id="new-scenario")
            yield Label(_("Seed"))
            yield Input(str(self.options.seed), id="new-seed")
            yield Label(_("Union"))
            yield Select(choices, value=self.options.union, allow_blank=False, id="new-union")
            yield Label(_("Confederate"))
            yield Select(
                choices, value=self.options.confederate, allow_blank=False, id="new-confederate"
            )
            yield Static("", id="dialog-error", classes="error")
            yield self.buttons(N_("Start"))

    def action_ok(self) -> None:
        self._submit()

    def on_input_submitted(self) -> None:
        self._submit()

    def on_option_list_option_selected(self) -> None:
        self._submit()

    def _submit(self) -> None:
        seed_text = self.query_one("#new-seed", Input).value.strip()
        if not seed_text.isdigit():
            self.error(_("seed: type a whole number, 0 or more"))
            return
        box = self.query_one("#new-scenarios", OptionList)
        listed = self.scenarios[box.highlighted] if box.highlighted is not None else "training"
        scenario = self.query_one("#new-scenario", Input).value.strip() or listed
        union = str(self.query_one("#new-union", Select).value)
        confederate = str(self.query_one("#new-confederate", Select).value)
        self.dismiss(GameOptions(scenario, int(seed_text), union, confederate))


class DiceDialog(_Dialog[list[int]]):
    """The dice rolled at the table for one decision: what they decide and, for an
    attack, its odds, modifiers and chances (`odds`: `calc combat`'s lines) first."""

    BINDINGS = [
        Binding("pageup", "scroll_odds(-1)", "Odds up", show=False),
        Binding("pagedown", "scroll_odds(1)", "Odds down", show=False),
    ]
    DEFAULT_CSS = """
    DiceDialog #dialog { width: 96; }
    #dice-odds { height: auto; max-height: 45vh; border: round $primary; padding: 0 1; }
    #dice-odds Static { width: auto; }
    """

    def __init__(
        self,
        count: int,
        rules: list[str],
        what: str,
        rolls: list[str],
        title: str = "",
        odds: list[str] | None = None,
    ) -> None:
        super().__init__()
        self.count = count
        self.rules = rules
        self.what = what  # what the dice decide (the attack, or the turn and phase)
        self.rolls = rolls  # each roll named: its rule, what it is for, whose dice
        self.title_text = title  # the rolls by name (the action's words when none is named)
        self.odds = odds or []  # each attack's breakdown, as `calc combat` writes it

    def action_scroll_odds(self, delta: int) -> None:
        """page up / page down: the odds box, while the dice field keeps the keys."""
        for box in self.query("#dice-odds"):
            page = max(1, box.scrollable_content_region.height - 1)
            box.scroll_to(y=box.scroll_y + delta * page, animate=False)

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            if self.title_text:
                yield Label(plain(self.title_text), classes="title")
            yield Label(plain(self.what))
            if self.odds:
                with ScrollableContainer(id="dice-odds") as odds:
                    odds.border_title = _("before the dice: odds, modifiers, chances (7.4)")
                    odds.border_subtitle = _("page up / page down")
                    yield Static(Text("\n\n".join(self.odds)), id="dice-odds-text")
            yield Label(
                ngettext(
                    "Roll {count} die at the table (rule {rules}) and type it:",
                    "Roll {count} dice at the table (rules {rules}) and type them in this order:",
                    self.count,
                ).format(count=self.count, rules=", ".join(self.rules) or "-")
            )
            for line in self.rolls:
                yield Label(Text("  " + line), classes="roll")
            yield Input(placeholder=dice_example(self.count), id="dice-input")
            yield Static("", id="dialog-error", classes="error")
            yield self.buttons()
            yield self.key_hint(_("enter: use these dice · escape: cancel"))

    def action_ok(self) -> None:
        self.use(self.query_one("#dice-input", Input).value)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.use(event.value)

    def use(self, value: str) -> None:
        try:
            dice = parse_dice(value, self.count)
        except ValueError as exc:
            self.error(str(exc))
            return
        self.dismiss(dice)


class PathDialog(_Dialog[str]):
    """A file to save to or to open."""

    def __init__(self, title: str, default: str) -> None:
        super().__init__()
        self.title_text = title
        self.default = default

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label(plain(self.title_text))
            yield Input(self.default, id="path-input")
            yield Static("", id="dialog-error", classes="error")
            yield self.buttons()
            yield self.key_hint(_("enter: confirm · escape: cancel"))

    def action_ok(self) -> None:
        self.use(self.query_one("#path-input", Input).value)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.use(event.value)

    def use(self, value: str) -> None:
        text = value.strip()
        if not text:
            self.error(_("type a file path"))
            return
        self.dismiss(text)
