"""The sentence encoder's rankings (`semantic.py`): vectors, caches, rankings, fallback."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from gcacw_ref.text import embed, semantic, vector_file
from gcacw_ref.text.library import Library
from gcacw_ref.text.rank_config import CONFIG


def test_the_encoder_is_installed() -> None:
    """A dependency of the project: CI measures the search with it, never without."""
    assert embed.available()


def test_a_translation_lies_nearer_than_another_rule() -> None:
    retreat_ja, retreat_en, rain_en = embed.encode(
        ["戦闘に負けたユニットは2ヘクス退却する", "the losing unit falls back two hexes", "rain"]
    )
    assert np.isclose(np.linalg.norm(retreat_en), 1.0, atol=1e-3)
    assert float(retreat_ja @ retreat_en) > float(retreat_ja @ rain_en) + 0.1


def test_a_question_vector_is_remembered() -> None:
    first = embed.query_vector("can artillery attack alone?")
    assert embed.query_vector("can artillery attack alone?") is first


def test_best_keeps_each_label_at_its_best_row() -> None:
    scores = np.array([0.1, 0.9, 0.8, 0.7, 0.95], dtype=np.float32)
    labels = ["a", "b", "b", "c", "a"]
    assert semantic._best(scores, labels.__getitem__, 5) == [
        ("a", 4, pytest.approx(0.95)),
        ("b", 1, pytest.approx(0.9)),
        ("c", 3, pytest.approx(0.7)),
    ]
    assert [x[0] for x in semantic._best(scores, labels.__getitem__, 2)] == ["a", "b"]
    assert semantic._best(scores[:0], labels.__getitem__, 5) == []


def test_cache_round_trip_stale_and_damaged(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "b.sem"
    texts = ["退却", "rain"]
    made = semantic.cached(path, "stamp-1", texts)
    assert path.exists() and capsys.readouterr().err == ""  # a new file: no notice
    again = semantic.cached(path, "stamp-1", texts)
    assert np.allclose(again, made, atol=1e-2)  # stored as float16
    semantic.cached(path, "stamp-2", texts)  # another book or model: rebuilt
    assert "rebuilt" in capsys.readouterr().err
    path.write_bytes(b"not a vectors file")
    assert np.allclose(semantic.cached(path, "stamp-2", texts), made, atol=1e-2)
    assert "rebuilt" in capsys.readouterr().err
    assert vector_file.load(path, "stamp-2", 3) is None  # rows that do not match the book


def test_a_cache_that_cannot_be_written_is_kept_in_memory(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    not_a_folder = tmp_path / "file"
    not_a_folder.write_text("x", encoding="utf-8")
    got = semantic.cached(not_a_folder / "x.sem", "s", ["退却"])  # nowhere to write
    assert got.shape == (1, 512)
    folder_in_place = tmp_path / "x.sem"
    folder_in_place.mkdir()  # a folder where the file should be: left alone
    assert semantic.cached(folder_in_place, "s", ["退却"]).shape == (1, 512)
    assert folder_in_place.is_dir()
    assert "rebuilt" in capsys.readouterr().err


def test_a_damaged_header_is_rebuilt(tmp_path: Path) -> None:
    path = tmp_path / "x.sem"
    path.write_bytes(vector_file.MAGIC + b' {"format": 2, cut short')
    assert vector_file.load(path, "s", 1) is None
    assert semantic.cached(path, "s", ["退却"]).shape == (1, 512)
    assert vector_file.load(path, "s", 1) is not None


def test_rank_lines_only_for_the_standard_rules() -> None:
    assert semantic.rank_lines(["wftu"], "which way do I retreat?", None) == []
    order = semantic.rank_lines(["wftu", "gcacw"], "which way do I retreat?", None)
    assert order and all(b == 1 for b, _ in order)
    assert len({r for _, r in order}) == len(order) <= semantic.DEPTH


def test_score_lines_gives_every_rule_its_best_line() -> None:
    query = "which way do I retreat?"
    order, best = semantic.score_lines(["wftu", "gcacw"], query, None)
    assert order == semantic.rank_lines(["wftu", "gcacw"], query, None)
    rules, vectors = semantic.line_vectors(None)
    scores = vectors @ embed.query_vector(query)
    expected = {}
    for rule, score in zip(rules, scores.tolist(), strict=True):
        expected[rule] = max(expected.get(rule, -1.0), score)
    assert best == {(1, rule): value for rule, value in expected.items()}
    assert max(best, key=best.__getitem__) == order[0]  # the first rule has the best line
    assert semantic.score_lines(["wftu"], query, None) == ([], {})


def test_an_english_question_ranks_a_rule_by_its_best_three_lines() -> None:
    query = "which way do I retreat?"
    order, best = semantic.score_lines(["gcacw"], query, None, CONFIG.en_best_of)
    assert best == semantic.score_lines(["gcacw"], query, None)[1]  # still the best line
    rules, vectors = semantic.line_vectors(None)
    scores = (vectors @ embed.query_vector(query)).tolist()
    by_rule: dict[str, list[float]] = {}
    for rule, score in zip(rules, scores, strict=True):
        by_rule.setdefault(rule, []).append(score)
    mean = {r: sum(sorted(v)[-3:]) / len(sorted(v)[-3:]) for r, v in by_rule.items()}
    expected = sorted(mean, key=lambda r: -mean[r])[: semantic.DEPTH]
    assert [r for _, r in order] == expected


def test_passages_ranked_and_cached_beside_the_book(library: Library) -> None:
    book = library._book("gcacw")
    found = semantic.rank_passages([book, library._book("wftu")], "pontoon bridge engineers")
    assert len(found) == semantic.DEPTH
    assert {b for (b, _), _ in found} == {0}  # the leading book only
    (b, ref), p_idx = found[0]
    assert b == 0 and book.passage_refs[p_idx] == ref
    assert book.source is not None and semantic.sem_path(book.source).exists()


def test_without_the_encoder_the_words_still_answer(
    library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(embed, "available", lambda: False)
    hits = library.search("can artillery attack on its own during a march?", limit=3)
    assert hits and hits[0].book == "gcacw"


def test_the_shipped_line_vectors_are_those_of_the_current_lines() -> None:
    """scripts/lines_vectors.py was run after the last change to the cards or asks."""
    stamp, texts = semantic.line_stamp()
    shipped = vector_file.load(semantic.SHIPPED, stamp, len(texts))
    assert shipped is not None
    fresh = embed.encode(texts[:5])
    assert np.allclose(shipped[:5], fresh, atol=2e-3)  # stored as float16


def test_the_shipped_line_tokens_are_those_of_the_current_files() -> None:
    """scripts/lines_vectors.py was run after the last change to the cards, the asks or
    how their lines are tokenized (`prepared.py`)."""
    from gcacw_ref.text import prepared
    from gcacw_ref.text.asks import ASKS_FILE, asks_docs
    from gcacw_ref.text.cards import CARDS_FILE, card_docs

    assert prepared.docs("cards", CARDS_FILE) == card_docs(CARDS_FILE)
    assert prepared.docs("asks", ASKS_FILE) == asks_docs(ASKS_FILE)
    rules, texts = semantic._line_texts()
    assert semantic.LINE_FILES[:2] == (CARDS_FILE, ASKS_FILE)
    assert prepared.lines(*semantic.LINE_FILES) == (rules, semantic._digest(texts))


def test_line_tokens_of_another_file_are_read_from_it(tmp_path: Path) -> None:
    from gcacw_ref.text import prepared
    from gcacw_ref.text.cards import CARDS_FILE

    other = tmp_path / "cards.toml"
    other.write_bytes(CARDS_FILE.read_bytes() + b"\n# edited\n")
    assert prepared.docs("cards", other) is None  # made from another file: not used
    assert prepared.docs("cards", tmp_path / "missing.toml") is None
