"""A question's scores over the cards' and asks' lines, gathered by rule: each rule by its
best line, or by the mean of its best few (`semantic.score_lines`).

With about forty lines a rule (round 11), a rule's single best line may be a lucky match
of a few words; the mean of its best lines asks that several of its lines be close. On the
tuning halves an English question's list gained from the mean of the best three (every
leave-one-set-out fold chose it), a Japanese question's lost (docs/search-changelog.md, round 11).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

Scores = npt.NDArray[np.float32]


class RuleLines:
    """The rows of each rule among a list of lines (the rule of each line given)."""

    def __init__(self, rules: list[str]) -> None:
        rows: dict[str, list[int]] = {}
        for i, rule in enumerate(rules):
            rows.setdefault(rule, []).append(i)
        self.rules = rules  # the list these groups were made from
        self.names = list(rows)
        width = max((len(r) for r in rows.values()), default=1)
        index = np.full((len(rows), width), -1, dtype=np.intp)
        for i, r in enumerate(rows.values()):
            index[i, : len(r)] = r
        self.missing = index < 0  # past a rule's last line
        self.index = np.where(self.missing, 0, index)
        self.counts = (~self.missing).sum(axis=1)

    def _table(self, scores: Scores) -> npt.NDArray[np.float64]:
        return np.where(self.missing, -np.inf, scores[self.index])

    def best(self, scores: Scores) -> list[float]:
        """Each rule's best score, in `names` order."""
        if not self.names:
            return []
        return [float(x) for x in self._table(scores).max(axis=1)]

    def mean_of_best(self, scores: Scores, k: int) -> list[float]:
        """Each rule's mean of its `k` best scores (of all it has, when fewer)."""
        if not self.names:
            return []
        table = -np.sort(-self._table(scores), axis=1)[:, :k]
        taken = np.minimum(self.counts, k)
        summed = np.where(np.isfinite(table), table, 0.0).sum(axis=1)
        return [float(x) for x in summed / np.maximum(taken, 1)]
