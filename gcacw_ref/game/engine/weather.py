"""Random event phase: the scenario's weather (3.0 step 1, 12.0 rain and river markers)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gcacw_ref.errors import DataError, RuleError
from gcacw_ref.game.engine.misc import rain_in_provisional_swamp
from gcacw_ref.game.model import events as ev
from gcacw_ref.rules.games import Game
from gcacw_ref.rules.rain import River, last_rain_turn, rain_number, uncrossable_marker_turn

if TYPE_CHECKING:
    from gcacw_ref.game.engine.work import Work
    from gcacw_ref.game.model.scenario import Scenario


EXTRA = {"rain": 0, "rain+1": 1, "rain+2": 2, "rain+3": 3}
RIVERS: tuple[River, ...] = ("minor", "major")


def rain_event_exists(game: Game, event: str) -> bool:
    """12.0: a rain result exists in `game` only where the rain-number tables give its
    figures; "n/a" (rain current+3 outside OTR) means that game's random events never
    produce it (register game-rain-number-na)."""
    if event == "none":
        return True
    return all(rain_number(game, river, EXTRA[event]) is not None for river in RIVERS)


def check_rain_events(scen: Scenario, where: str = "scenario") -> None:
    """A scenario may only name rain results its game has (12.0): `DataError` naming the
    [weather] turn or [rain_table] entry otherwise."""
    game = Game(scen.scenario.game)
    blocks = (("weather", scen.weather), ("rain_table", scen.rain_table))
    for block, entries in blocks:
        for key, event in entries.items():
            if not rain_event_exists(game, event):
                raise DataError(
                    f"{where}: {block}.{key}: {event!r} does not occur in {game.value}; the "
                    "rain-number tables give it no figure (12.0, register game-rain-number-na)"
                )


def river_rain_number(game: Game, river: River, extra: int) -> int:
    """12.0: the rain number for this result; a result without one cannot occur here."""
    number = rain_number(game, river, extra)
    if number is None:
        raise RuleError(
            f"rain current+{extra} has no {river}-river rain number in {game.value} "
            "(register game-rain-number-na)",
            "12.0",
        )
    return number


def random_event_phase(w: Work) -> None:
    """12.0: a rain result marks rain turns and moves the river markers ahead."""
    event = w.scen.rain_event(w.turn)
    if str(w.turn) not in w.scen.weather and w.scen.rain_table:
        total = sum(w.roll("rain", 2, None, "3.0"))
        event = w.scen.rain_from_table(total)
        w.emit(ev.RainEvent(turn=w.turn, rule="3.0", dice=total, event=event))
    if event == "none":
        return
    extra = EXTRA[event]
    rained = list(w.rain_turns)
    prev_last = max(rained) if rained else None
    last = last_rain_turn(w.turn, extra, prev_last)
    w.rain_turns = tuple(sorted(set(rained) | set(range(w.turn, last + 1))))
    for river in RIVERS:
        number = river_rain_number(w.game, river, extra)
        now = w.minor_unfordable_until if river == "minor" else w.major_unfordable_until
        new = uncrossable_marker_turn(w.turn, number, now or None) or 0
        if river == "minor":
            w.minor_unfordable_until = new
        else:
            w.major_unfordable_until = new
    w.emit(
        ev.RainEvent(
            turn=w.turn,
            rule="12.0",
            through=last,
            minor_until=w.minor_unfordable_until,
            major_until=w.major_unfordable_until,
        )
    )

    rain_in_provisional_swamp(w)
