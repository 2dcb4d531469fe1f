"""A game's history for the game screen: every action's state and events, and a cursor.

No Textual here and no rule logic: the engine (`step`, `legal_actions`) decides
everything; this module remembers what it returned so the screen can travel in time.

- `nodes[0]` is the scenario's set-up (`initial_state`), `nodes[1]` the state after the
  engine's start (`start`), every later node the state after one action.
- A *stop* is one place the cursor can be: one event of a node, or a node that emitted
  no event (a decision with no visible effect), or the set-up. `→`/`←` walk the stops.
- Playing an action while the cursor is in the past drops the future (a new branch).

States are not all kept (a harrow game's 2,900 states took 33 MB): a node keeps its
state only at every `CHECKPOINT`-th action and at the end; any other state is rebuilt
by replaying the engine's `step` from the checkpoint before it (the same actions and
table dice, so the same states), and the last `CACHED` rebuilt states are kept, so
stepping back through a stretch replays it once. The bench measures the worst step.
"""

from __future__ import annotations

import gc
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

from gcacw_ref.errors import InputError
from gcacw_ref.game.play.api import (
    Action,
    ChanceRequest,
    CombatInput,
    Event,
    Game,
    GameState,
    ReplayFailed,
    ReplayStep,
    SaveFile,
    Scenario,
    attack_inputs,
    chance_requests,
    copy_standing,
    initial_state,
    legal_actions,
    make_bot,
    pending_decision,
    pending_side,
    read_save,
    replay_from,
    replay_save,
    save_game,
    start,
    step_chance,
    verify,
)
from gcacw_ref.tui.game.nodes import Node, Stop, node_of

CHECKPOINT = 16  # every 16th node keeps its state
SETTLE_EVERY = 256  # stops added between two `settle_memory` calls
CACHED = 96  # rebuilt states kept (a few stretches between checkpoints)
PLAYERS = ("human", "heuristic", "random")
SIDES = ("union", "confederate")


def settle_memory() -> None:
    """Take every object alive now out of the cyclic garbage collector's full passes.

    A whole harrow game on screen holds a few million objects (events, states, log
    lines); each full collection walked them all and stopped one step for 0.3-1.2 s, so
    the worst step was a collection, not the step. Frozen objects are still freed by
    reference counting (the history's are not cyclic); only new objects are walked.
    """
    gc.freeze()


@dataclass
class History:
    """Every node of a game, the stops over them, and the cursor."""

    scenario: Scenario
    seed: int
    players: dict[str, str]
    nodes: list[Node] = field(default_factory=list)
    stops: list[Stop] = field(default_factory=list)
    cursor: int = 0
    generation: int = 0  # bumped whenever nodes change (a worker's result may be stale)
    cut_at: int | None = None  # the first stop dropped by the last truncation (for the log)
    standing: str = "shipped"  # an opened save's scenario beside the shipped ones (`copy_standing`)
    bots: dict[str, Callable[[GameState, list[Action]], Action]] = field(default_factory=dict)
    _cache: OrderedDict[int, GameState] = field(default_factory=OrderedDict)

    # -- building ----------------------------------------------------------------------

    @classmethod
    def new(cls, scenario: Scenario, seed: int, players: dict[str, str]) -> History:
        """A new game, run to its first decision; the cursor on the set-up."""
        h = cls(scenario=scenario, seed=seed, players=dict(players))
        h._make_bots()
        setup = initial_state(scenario, seed)
        h._append(node_of(setup))
        state, events = start(setup)
        h._append(node_of(state, tuple(events)))
        h.cursor = 0
        return h

    def _make_bots(self) -> None:
        # the same bot seeds as `gcacw-ref play`, so a bot-only game is the same game
        for i, side in enumerate(SIDES):
            name = self.players.get(side, "heuristic")
            if name != "human":
                self.bots[side] = make_bot(name, self.seed * 2 + 1 + i)

    def _append(self, node: Node) -> None:
        index = len(self.nodes)
        if index > 2 and (index - 1) % CHECKPOINT:  # the node before is no longer the end
            before = self.nodes[index - 1]
            if before.state is not None:
                self._remember(index - 1, before.state)
                self.nodes[index - 1] = replace(before, state=None)
        self.nodes.append(node)
        if node.events:
            self.stops.extend(Stop(index, k) for k in range(len(node.events)))
        else:
            self.stops.append(Stop(index, None))
        self.generation += 1

    def truncate(self, keep: int) -> None:
        """Keep nodes[:keep] (at least the set-up and the start)."""
        keep = max(2, keep)
        if keep >= len(self.nodes):
            return
        self.nodes[keep - 1] = replace(self.nodes[keep - 1], state=self.state_of(keep - 1))
        del self.nodes[keep:]
        for index in [i for i in self._cache if i >= keep]:
            del self._cache[index]
        self.stops = [s for s in self.stops if s.node < keep]
        cut = len(self.stops)
        self.cut_at = cut if self.cut_at is None else min(self.cut_at, cut)
        self.cursor = min(self.cursor, len(self.stops) - 1)
        self.generation += 1

    # -- where we are ------------------------------------------------------------------

    @property
    def stop(self) -> Stop:
        return self.stops[self.cursor]

    @property
    def node_index(self) -> int:
        return self.stop.node

    @property
    def state(self) -> GameState:
        """The position at the cursor (the state after the cursor's action)."""
        return self.state_of(self.stop.node)

    @property
    def last(self) -> GameState:
        state = self.nodes[-1].state
        assert state is not None  # the end always keeps its state
        return state

    def state_of(self, index: int) -> GameState:
        """The state after node `index`: kept, cached, or replayed from a checkpoint."""
        node = self.nodes[index]
        if node.state is not None:
            return node.state
        cached = self._cache.get(index)
        if cached is not None:
            self._cache.move_to_end(index)
            return cached
        base = index - 1
        while self.nodes[base].state is None and base not in self._cache:
            base -= 1
        state = self.nodes[base].state or self._cache[base]
        acted = self.nodes[base + 1 : index + 1]
        dice = {str(base - 1 + k): list(n.dice) for k, n in enumerate(acted) if n.dice}

        def keep(done: ReplayStep) -> None:
            at = base + 1 + len(kept)
            node = self.nodes[at]
            if (done.after.turn, done.after.phase) != (node.turn, node.phase):
                raise ReplayFailed(f"action {at - 1}: the replay does not reach its position")
            kept.append(at)
            self._remember(at, done.after)

        kept: list[int] = []
        actions: list[Action] = []
        for n in acted:
            assert n.action is not None  # every node after the start is an action's
            actions.append(n.action)
        state, _events = replay_from(state, actions, dice, keep, first=base - 1)
        return state

    def _remember(self, index: int, state: GameState) -> None:
        self._cache[index] = state
        self._cache.move_to_end(index)
        while len(self._cache) > CACHED:
            self._cache.popitem(last=False)

    @property
    def event(self) -> Event | None:
        s = self.stop
        return None if s.event is None else self.nodes[s.node].events[s.event]

    @property
    def at_last_node(self) -> bool:
        """The cursor is on one of the last action's events: the position on the map is
        the live one, so its decision can be made from here."""
        return self.stop.node == len(self.nodes) - 1

    @property
    def at_end(self) -> bool:
        return self.cursor == len(self.stops) - 1

    def to_move(self, state: GameState | None = None) -> str | None:
        """The side that decides now (None when the game is over)."""
        return pending_side(state or self.last)

    def human_to_move(self) -> bool:
        side = self.to_move()
        return side is not None and self.players.get(side) == "human"

    # -- moving the cursor -------------------------------------------------------------

    def go(self, index: int) -> None:
        self.cursor = max(0, min(index, len(self.stops) - 1))

    def first_stop_of(self, node: int) -> int:
        for i, s in enumerate(self.stops):
            if s.node >= node:
                return i
        return len(self.stops) - 1

    def next_action(self) -> int:
        """The first stop of the next node (the end when there is none)."""
        node = self.stop.node
        for i in range(self.cursor + 1, len(self.stops)):
            if self.stops[i].node > node:
                return i
        return len(self.stops) - 1

    def previous_action(self) -> int:
        first = self.first_stop_of(self.stop.node)
        if first < self.cursor:
            return first
        return self.first_stop_of(self.stops[first - 1].node) if first > 0 else 0

    def turn_at(self, index: int) -> int:
        s = self.stops[index]
        if s.event is not None:
            return int(self.nodes[s.node].events[s.event].get("turn", 0))
        return self.nodes[s.node].turn

    def next_turn(self) -> int:
        turn = self.turn_at(self.cursor)
        for i in range(self.cursor + 1, len(self.stops)):
            if self.turn_at(i) > turn:
                return i
        return len(self.stops) - 1

    def previous_turn(self) -> int:
        """The first stop of this turn, or of the previous turn when already there."""
        turn = self.turn_at(self.cursor)
        i = self.cursor
        while i > 0 and self.turn_at(i - 1) >= turn:
            i -= 1
        if i < self.cursor:
            return i
        if i == 0:
            return 0
        before = self.turn_at(i - 1)
        while i > 0 and self.turn_at(i - 1) >= before:
            i -= 1
        return i

    # -- playing -----------------------------------------------------------------------

    def legal(self) -> list[Action]:
        """The engine's legal actions at the end of the history."""
        return legal_actions(self.last)

    def bot_choice(self) -> tuple[Action, str]:
        """The action the bot of the side to move picks (at the end of the history)."""
        side = self.to_move()
        if side is None or side not in self.bots:
            raise InputError("no bot is to move")
        return self.bots[side](self.last, self.legal()), self.players[side]

    def play(self, action: Action, dice: list[int] | None = None, by: str = "human") -> Node:
        """Apply `action` at the cursor's node (dropping any later nodes); cursor unchanged.

        `IllegalAction`/`InputError` from the engine propagate; the history is untouched.
        """
        base = self.stop.node
        state = self.state_of(base)
        try:
            done = step_chance(state, action, list(dice) if dice else None)
        except ValueError as exc:  # an injected die outside 1-6
            raise InputError(str(exc)) from None
        new, events = done.state, done.events
        # keep the typed dice the step used (an earlier die may spare a later roll), so
        # a replay, which requires every typed die to be used, takes the same path
        used = sum(r.dice for r in done.requests) - done.seeded
        dice = list(dice or ())[:used]
        self.truncate(base + 1)
        facts = pending_decision(state)
        kind, rule = (str(facts.kind), facts.rule) if facts is not None else ("", "")
        node = node_of(new, tuple(events), action, tuple(dice or ()), by, kind, rule)
        self._append(node)
        return node

    def dice_needed(self, action: Action) -> tuple[int, list[str], tuple[ChanceRequest, ...]]:
        """How many dice `action` at the cursor asks for, under which rules, and the rolls
        themselves, from the engine's chance node (`chance_requests`: a dry run with the
        seeded generator, whose values are not to be shown; nothing is kept)."""
        requests = chance_requests(self.state_of(self.stop.node), action)
        rules = list(dict.fromkeys(r.rule for r in requests))
        return sum(r.dice for r in requests), rules, requests

    def attack_inputs(self, action: Action) -> tuple[CombatInput, ...]:
        """The attacks `action` at the cursor resolves, as `calc combat`'s input (the
        engine's dry run, `api.attack_inputs`; nothing is kept)."""
        return attack_inputs(self.state_of(self.stop.node), action)

    def undo(self) -> bool:
        """Drop the last decision made by a person (and every bot action after it); with
        no person's decision, the last action. False when there is nothing to undo."""
        humans = [i for i, n in enumerate(self.nodes) if n.by == "human"]
        target = humans[-1] if humans else len(self.nodes) - 1
        if target < 2:
            return False
        self.truncate(target)
        self.cursor = len(self.stops) - 1
        return True

    # -- saving and opening ------------------------------------------------------------

    def game(self) -> Game:
        """The game as `gcacw_ref.game.play.replay` saves it (actions up to the last node)."""
        acted = self.nodes[2:]
        return Game(
            scenario=self.scenario,
            seed=self.seed,
            bots=[self.players[s] for s in SIDES],
            actions=[n.action for n in acted if n.action is not None],
            dice={str(i): list(n.dice) for i, n in enumerate(acted) if n.dice},
            events=[e for n in self.nodes for e in n.events],
            state=self.last,
        )

    def save(self, path: Path) -> None:
        """Write the save atomically (`OSError` propagates)."""
        save_game(self.game(), path)

    @classmethod
    def open(cls, path: Path, players: dict[str, str] | None = None) -> History:
        """A saved game, replayed action by action and checked against its hash."""
        save = read_save(path)
        return cls.from_save(save, str(path), players)

    @classmethod
    def from_save(
        cls, save: SaveFile, where: str, players: dict[str, str] | None = None
    ) -> History:
        """The game of `save`, rebuilt by the one replay of saves (`replay_save`: its checks
        of the scenario, the typed dice and the rules version) and checked by `verify`
        (the final hash and the result); each replayed step becomes a node."""
        saved = save.bots or []
        chosen = players or {
            side: saved[i] if i < len(saved) and saved[i] in PLAYERS else "heuristic"
            for i, side in enumerate(SIDES)
        }
        built: list[History] = []

        def keep(step: ReplayStep) -> None:
            if step.action is None:  # the start: the set-up and the first decision
                h = cls(scenario=step.before.scenario, seed=save.seed, players=dict(chosen))
                h._make_bots()
                h._append(node_of(step.before))
                h._append(node_of(step.after, tuple(step.events)))
                built.append(h)
                return
            facts = pending_decision(step.before)
            kind, rule = (str(facts.kind), facts.rule) if facts is not None else ("", "")
            dice = tuple(step.dice or ())
            node = node_of(step.after, tuple(step.events), step.action, dice, "saved", kind, rule)
            built[0]._append(node)

        game = replay_save(save, where, keep)
        verify(save, game, where)
        h = built[0]
        h.standing = copy_standing(game.scenario)
        h.cursor = len(h.stops) - 1  # where it was saved: the end of its history
        return h
