"""The answering passage against the sentences blind readers marked (`answers.toml`)."""

from __future__ import annotations

import pytest

from gcacw_ref.text.library import Library
from gcacw_ref.text.quality import load_answers, passage_answers, sentence_digest

ANSWERS = load_answers()
# (half) -> the share of marked questions whose passage shows a marked sentence, among those
# whose marked rule the search still puts first: what the passage achieves, measured when the
# marks were made (round 13: tune 58/98, held 60/97; nothing tuned on either yet)
BARS = {"tune": 0.591, "held": 0.618}


def test_the_file_is_large_split_and_names_sentences_by_digest() -> None:
    assert len(ANSWERS) >= 150
    assert {a["half"] for a in ANSWERS} == {"tune", "held"}
    for a in ANSWERS:
        assert a["gold"] and all(len(g) == 16 and int(g, 16) >= 0 for g in a["gold"])


def test_a_digest_reads_the_search_form() -> None:
    assert sentence_digest("ＺＯＣ から。") == sentence_digest("zocから。")
    assert sentence_digest("a") != sentence_digest("b")


@pytest.mark.parametrize("half", sorted(BARS))
def test_passages_show_the_marked_sentence(library: Library, half: str) -> None:
    got = [passage_answers(library, a) for a in ANSWERS if a["half"] == half]
    ranked = [g for g in got if g is not None]
    assert len(ranked) >= 0.9 * len(got)  # the marked rule is still first for nearly all
    assert sum(ranked) / len(ranked) >= BARS[half]
