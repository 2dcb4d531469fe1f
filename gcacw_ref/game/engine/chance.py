"""The chance player: the one place where the dice of a game come from.

Every roll of the engine is a `ChanceRequest` answered here, die by die: the typed dice
first (the player's table dice, a save's recorded dice, or the prefix that
`api.chance_outcomes` enumerates), then the state's seeded generator. A typed die is
chained into the generator's state (`Rng.with_typed`), so a saved game's hash covers it.
"""

from __future__ import annotations

from gcacw_ref.game.model.chance import ChanceRequest
from gcacw_ref.game.model.state import Rng, draw


class ChancePlayer:
    """Answers the chance requests of one step."""

    def __init__(self, rng: Rng, typed: list[int] | None = None) -> None:
        self.rng = rng
        self.typed = list(typed or [])
        """The typed dice not used yet, in order."""
        self.requests: list[ChanceRequest] = []
        """Every request answered, in order."""
        self.seeded = 0
        """How many dice came from the seeded generator (none: the typed dice decided)."""

    def die(self) -> int:
        """One d6: the next typed die, else the seeded generator."""
        if self.typed:
            value = self.typed.pop(0)
            if type(value) is not int or not 1 <= value <= 6:
                raise ValueError(f"injected die {value!r} is not 1-6")
            self.rng = self.rng.with_typed(value)  # the state remembers the typed dice
            return value
        value, self.rng = draw(self.rng, 6)
        self.seeded += 1
        return value + 1

    def resolve(self, request: ChanceRequest) -> tuple[int, ...]:
        """The dice of `request`, in order."""
        self.requests.append(request)
        return tuple(self.die() for _ in range(request.dice))
