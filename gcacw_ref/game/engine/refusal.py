"""Why the engine does not offer a choice: the rule that forbids it and a sentence.

The legality checks of the engine (`march.move_check`, `combat.attack_refusal`,
`choices.activation_refusal`, `choices.march_refusal`) return a `Refusal` instead of
only False, and the engine's own options are built from them, so the reason a player
reads ("why not?") is the very check that left the choice out.
"""

from __future__ import annotations

from dataclasses import dataclass

from gcacw_ref.errors import RuleError
from gcacw_ref.i18n import _


@dataclass(frozen=True)
class Refusal:
    """A choice the rules forbid: the rule number and why.

    `message` is a message id (`N_`) put into words only when `reason` is read, so the
    engine pays nothing for the words when it only needs yes or no; `args` fill it in.
    """

    rule: str
    message: str
    args: tuple[tuple[str, str], ...] = ()

    @property
    def reason(self) -> str:
        """Why, in the interface language."""
        text = _(self.message)
        return text.format(**dict(self.args)) if self.args else text


def from_rule_error(exc: RuleError, default_rule: str) -> Refusal:
    """A `RuleError` of the rules core as a `Refusal` (its message without the rule tag)."""
    rule = exc.rule or default_rule
    text = str(exc)
    suffix = f" (rule {exc.rule})"
    if exc.rule and text.endswith(suffix):
        text = text[: -len(suffix)]
    return Refusal(rule, text)
