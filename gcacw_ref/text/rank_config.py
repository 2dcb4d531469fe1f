"""Every knob of a question's ranking, in one frozen value (`RankConfig`).

The stages of `search.py` read their constants from the `RankConfig` they are given, never
from module globals: a tuning script tries a weight with `dataclasses.replace(CONFIG,
w_cards=0.5)` and passes it to `Library(config=...)`, and nothing else changes. Each field
says which stage reads it and why it has its value; docs/search.md tells the stages apart
and docs/search-changelog.md when each value was chosen.

The shipped values are also written beside the learned weights (`rank_config.json`, by
`scripts/rebuild_models.sh`): the weights of `rerank.json` and the classifiers were learned
on the lists this configuration makes, and a test fails when the two disagree.

Constants of the indexes themselves (BM25's k1 and b, the tokenizer's limits in `bm25.py`,
the reading of a question in `question.py`) change what is stored or cached, not a
question's ranking alone; they stay beside the index code.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path

CONFIG_FILE = Path(__file__).with_name("rank_config.json")


@dataclass(frozen=True)
class RankConfig:
    """The ranking's constants; the defaults are what ships."""

    # -- reading the query ---------------------------------------------------------------
    max_query: int = 200
    """Characters of a query read (a pasted page is read from its start)."""
    lookup_chars: int = 16
    """A Japanese query at most this long, not ending in kana, is a look-up (`is_lookup`)."""

    # -- answering from the term ranker alone --------------------------------------------
    sure: float = 90.0
    """A term score from which the term ranker is sure (it weighs `w_terms_sure`)."""
    sure_lookup: float = 75.0
    """A look-up's term score from which its term hits are shown first, not fused."""

    # -- fusing the rankers' lists (`rank.fuse`, reciprocal rank fusion) ------------------
    depth: int = 30
    """How far down each ranker's list counts."""
    other_book: float = 0.5
    """Share of their BM25 scores books after the standard rules keep."""
    k: float = 2.0
    """The rank curve: a ranker adds weight / (k + rank). A Japanese question had its own
    curve and weights until issue 45 (ja_k 1.5; passages 1.5, sections and definitions
    0.5): on the fresh set's ablate half they changed no question's top 1 or top 3."""
    w_terms: float = 1.0
    w_terms_sure: float = 2.5
    w_passages: float = 1.0
    w_sections: float = 0.7
    w_definitions: float = 0.8
    w_cards: float = 0.7
    w_asks: float = 1.0
    w_sem_passages: float = 1.0
    w_sem_lines: float = 1.5
    en_trained_lines: bool = True
    """An English question's lines' list is the trained ranker's, not the nearest lines'."""

    # -- the margins of the players' lines (`rank.by_lines`) -----------------------------
    lines_top: int = 8
    """The first results reordered by their lines' margins."""
    w_line_cosine: float = 0.75
    w_line_asks: float = 0.05
    w_line_trained: float = 0.0
    ja_w_line_cosine: float = 0.75
    ja_w_line_asks: float = 0.1
    ja_w_line_trained: float = 0.25
    no_line: float = -0.3
    """The cosine margin of a result no line describes (another book); `rerank` reads it too."""

    # -- the encoder's lines (`semantic.score_lines`) and the trained ranker --------------
    en_best_of: int = 3
    """An English question ranks a rule by the mean of its best lines' cosines (a Japanese
    one by its best line)."""
    ja_ngrams: float = 0.5
    """A Japanese question's probabilities times its characters' classifier's to this power."""

    # -- the rule that governs (`governing.governing_first`) -----------------------------
    governing_top: int = 5
    """The first results looked at again."""
    w_definition: float = 1.0
    """A chapter-2 definition's score for a "may I / what happens" question (1: off)."""
    w_definition_heading: float = 0.9
    """A named part of a chapter-2 definition, unless the question asks what it is."""
    definition_shape: str = "may"
    """Which questions `w_definition` applies to: "may I / what happens" ones, or "any"."""
    w_table: float = 1.0
    """The retreat tables for a question naming a table (1: off)."""
    w_numbered_table: float = 2.0
    """The retreat tables for a question naming a table by its number."""

    # -- three sections at the top (`rank.varied`) ----------------------------------------
    same_section: int = 1
    """How many of a question's first three results one section may hold."""

    def to_json(self) -> str:
        """The configuration as `rank_config.json` holds it."""
        return json.dumps(asdict(self), indent=1, sort_keys=True) + "\n"


CONFIG = RankConfig()
"""The shipped configuration."""
