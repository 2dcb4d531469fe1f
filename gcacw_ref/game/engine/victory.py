"""Victory (the scenario's conditions): VP hexes held at the end, enemy strength lost,
stations raided. Ends the game with its result."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from gcacw_ref.game.engine.common import other
from gcacw_ref.game.model import events as ev
from gcacw_ref.rules.games import Side

if TYPE_CHECKING:
    from gcacw_ref.game.engine.work import Work


def tally(w: Work) -> dict[str, int]:
    v = w.scen.victory
    vp = {"union": 0, "confederate": 0}
    for side in (Side.UNION, Side.CONFEDERATE):
        lost = Fraction(w.lost[side.value])
        vp[other(side).value] += int(lost) * v.vp_per_strength
    for hx in v.hexes:
        holder = w.hex_control.get(hx.hex, hx.owner.value)
        vp[holder] += hx.vp
    for hex_, raider in w.station_raider.items():
        factor = 2 if w.stations.get(hex_) == "destroyed" else 1
        vp[raider] += v.vp_per_station * factor
    return vp


def finish_game(w: Work) -> None:
    vp = tally(w)
    w.vp = vp
    diff = vp["union"] - vp["confederate"]
    margin = w.scen.victory.margin
    winner = "union" if diff >= margin else "confederate" if -diff >= margin else "draw"
    w.result = {"winner": winner, "vp": vp, "turns_played": w.turn}
    w.phase = "over"
    w.stack.clear()
    w.emit(ev.GameEndEvent(turn=w.turn, rule="scenario", winner=winner, vp=vp))
