"""A second reader of the rules: replays bot games and checks each event against the
rulebook and the charts, apart from the engine's rule functions.

`Oracle.see(seen)` checks one step (the state before it, its legal actions, the action and
the events) and counts checks and violations per rule in `oracle.tally`;
`play_checked(...)` plays one bot game under the oracle. Used by `bench --soak` and by the
tests. The oracle reads the position and the map data itself (`board`, `position`); what
it checks it computes from the rules (`combat`, `cavalry`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gcacw_ref.game.play.api import Game, GameState, Scenario
from gcacw_ref.game.play.replay import BotStep, play_bots
from gcacw_ref.oracle.board import Board
from gcacw_ref.oracle.bridges import bridge_checks
from gcacw_ref.oracle.cavalry import AdvanceWatch, retreat_roll
from gcacw_ref.oracle.combat import attack_set, chart, flank, tactical
from gcacw_ref.oracle.control import retreat_declared, vp_control
from gcacw_ref.oracle.ledger import MpLedger
from gcacw_ref.oracle.march import extended_march
from gcacw_ref.oracle.modifiers import modifiers
from gcacw_ref.oracle.movement import MarchWatch, moves
from gcacw_ref.oracle.priority import retreat_priority
from gcacw_ref.oracle.recovery import recovery
from gcacw_ref.oracle.retreat import retreat_options
from gcacw_ref.oracle.tally import Seen, Tally
from gcacw_ref.oracle.weather import flooding, river_markers

__all__ = ["Oracle", "Seen", "Tally", "play_checked"]

# events after which the position of the step's start no longer holds
_MOVED = frozenset(
    {"move", "retreat", "advance", "eliminated", "surrender", "cavalry_retreat", "loss"}
)


def as_dict(ev: object) -> dict[str, Any]:
    if isinstance(ev, Mapping):
        return dict(ev)
    as_json = getattr(ev, "as_json", None)  # a typed game event: the facts it was given
    if as_json is not None:
        return dict(as_json())
    dump = getattr(ev, "model_dump", None)
    return dict(dump(mode="json")) if dump else {}


class Oracle:
    """Checks each step of one game."""

    def __init__(self, where: str = "") -> None:
        self.tally = Tally(where=where)
        self.game = where  # the game's name; `tally.where` adds the step being checked
        self.advance = AdvanceWatch()
        self._board: tuple[int, Board] | None = None
        self.assault_leader: str | None = None  # the leader of the assault under way
        self.march = MarchWatch()
        self.ledger = MpLedger()

    def see_step(self, step: BotStep) -> None:
        """Check one step of `replay.play_bots` (its observer); the start is not a choice."""
        if step.action is None:
            return
        self.tally.where = f"{self.game} action {step.index}"
        self.see(
            Seen(
                pre=step.before,
                legal=step.legal,
                action=step.action,
                events=[e.as_json() for e in step.events],
                post=step.after,
            )
        )

    def board(self, state: GameState) -> Board:
        key = hash((id(state.scenario), state.turn, state.bridges, state.destroyed))
        if self._board is None or self._board[0] != key:
            self._board = (key, Board.of(state))
        return self._board[1]

    def see(self, seen: Seen) -> None:
        board = self.board(seen.pre)
        attack_set(self.tally, seen, board)
        retreat_options(self.tally, seen, board)
        retreat_priority(self.tally, seen, board)
        moves(self.tally, seen, board, self.march)
        self.march.acts(seen.action)
        self.ledger.check(self.tally, seen)
        self.ledger.after(seen)
        recovery(self.tally, seen, board)
        bridge_checks(self.tally, seen, board)
        retreat_declared(self.tally, seen, board)
        vp_control(self.tally, seen)
        river_markers(self.tally, seen)
        flooding(self.tally, seen)
        moved = False
        fatigue: dict[str, int] = {}  # fatigue after a march began, from its event
        for raw in seen.events:
            ev = as_dict(raw)
            kind = ev.get("type")
            self.advance.see(self.tally, ev)
            self.march.see(ev)
            if kind == "assault" and "leader" in ev and "units" in ev:
                self.assault_leader = str(ev["leader"])
            if kind == "combat" and not moved:
                tactical(self.tally, seen, ev)
                flank(self.tally, seen, board, ev, self.assault_leader)
                chart(self.tally, seen, ev)
                leader = self.assault_leader if ev.get("action") == "assault" else None
                modifiers(self.tally, seen, board, ev, leader)
            elif kind == "cavalry_retreat" and not moved and "die" in ev:
                retreat_roll(self.tally, seen, board, ev)
            elif kind == "march" and "fatigue" in ev:
                fatigue[str(ev.get("unit"))] = int(ev["fatigue"])
            elif kind == "extended_march" and not moved:
                extended_march(self.tally, seen, ev, fatigue.get(str(ev.get("unit"))))
            if kind in _MOVED:
                moved = True


def play_checked(scenario: Scenario, seed: int, union: str, confederate: str) -> tuple[Game, Tally]:
    """One bot game (`replay.play_bots`: the same bots and seeds) with every step checked."""
    oracle = Oracle(f"{scenario.id} {union}/{confederate} seed {seed}")
    game = play_bots(scenario, seed, union, confederate, observe=oracle.see_step)
    return game, oracle.tally
