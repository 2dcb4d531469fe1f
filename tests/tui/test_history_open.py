"""The game screen opens a save through the one replay of saves (`replay.replay_save`) and
its checks (`replay.verify`): the same nodes as the game played, and the same refusals."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gcacw_ref.errors import DataError
from gcacw_ref.game.play.api import load_scenario
from gcacw_ref.tui.game.extras import GameExtras
from gcacw_ref.tui.game.history import History

from .conftest import HISTORY_BOTS as BOTS
from .conftest import bot_history as played


def test_an_opened_save_has_the_nodes_of_the_game(tmp_path: Path) -> None:
    h = played(40)
    path = tmp_path / "g.json"
    h.save(path)
    again = History.open(path)
    assert len(again.nodes) == len(h.nodes) == 42
    assert len(again.stops) == len(h.stops)
    assert again.cursor == len(again.stops) - 1
    assert again.last.state_hash() == h.last.state_hash()
    assert [n.action for n in again.nodes] == [n.action for n in h.nodes]
    assert [n.events for n in again.nodes] == [n.events for n in h.nodes]
    assert [n.kind for n in again.nodes] == [n.kind for n in h.nodes]
    assert {n.by for n in again.nodes[2:]} == {"saved"}
    assert again.players == BOTS
    for i in (5, 17, 33):  # rebuilt from a checkpoint, the same states
        assert again.state_of(i).state_hash() == h.state_of(i).state_hash()


def test_an_altered_result_is_refused(tmp_path: Path) -> None:
    """The replay's result check (the old copy of the loop checked only the hash)."""
    h = played(20)
    assert h.last.result is None
    path = tmp_path / "g.json"
    h.save(path)
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["result"] = {"winner": "union"}  # the game is not over: the replay reaches none
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(DataError, match="is not the result the replay reaches"):
        History.open(path)


def test_a_typed_die_not_used_is_refused(tmp_path: Path) -> None:
    """Typed dice must each be used by their action (the replay's `all_dice`)."""
    h = played(3)
    path = tmp_path / "g.json"
    h.save(path)
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["dice"] = {"0": [3]}
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(DataError, match="cannot be replayed"):
        History.open(path)


@pytest.mark.parametrize(
    ("name", "sid", "standing"),
    [(None, None, "shipped"), ("My training", None, "altered"), ("My own", "mine", "custom")],
)
def test_an_opened_save_says_how_its_scenario_stands(
    tmp_path: Path, name: str | None, sid: str | None, standing: str
) -> None:
    """Opening a save to play on runs `replay --verify`'s scenario check without refusing: a
    copy of a built-in scenario that matches no version we shipped is told (it opens: it may
    be the player's own file under a built-in id)."""
    scenario = load_scenario("training")
    info = scenario.scenario.model_copy(
        update={k: v for k, v in (("name", name), ("id", sid)) if v is not None}
    )
    h = History.new(scenario.model_copy(update={"scenario": info}), 3, dict(BOTS))
    h.go(len(h.stops) - 1)
    h.play(*h.bot_choice())
    path = tmp_path / "g.json"
    h.save(path)
    opened = History.open(path)
    assert opened.standing == standing
    assert opened.last.state_hash() == h.last.state_hash()


class _Host:
    """What `GameExtras.opened` uses of the game pane: the history set, the lines told."""

    def __init__(self) -> None:
        self.history: History | None = None
        self.said: list[tuple[str, bool]] = []

    def set_history(self, history: History) -> None:
        self.history = history

    def report(self, text: str, error: bool = False) -> None:
        self.said.append((text, error))


def test_the_player_is_told_when_a_built_in_scenario_was_altered() -> None:
    h = played(2)
    host = _Host()
    extras = GameExtras(host)  # type: ignore[arg-type]
    extras.opened(h, "a.json")
    h.standing = "altered"
    extras.opened(h, "b.json")
    assert host.said == [
        ("Opened a.json: 2 actions", False),
        (
            "Opened b.json: 2 actions. Its copy of the built-in scenario training matches no "
            "version we shipped: it was changed by hand, or made with a scenario file of your "
            "own",
            True,
        ),
    ]
