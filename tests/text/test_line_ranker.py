"""The trained ranker (`line_ranker.py`): its shipped weights, their checks, its fallback."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gcacw_ref.text import embed, line_ranker, rank
from gcacw_ref.text.asks import ASKS_FILE
from gcacw_ref.text.cards import BOOK_KIND, CARDS_FILE, CardsFile, read_data
from gcacw_ref.text.library import Library
from gcacw_ref.text.rank_config import CONFIG
from gcacw_ref.text.spelling import canonical

MORE_FILE = Path(__file__).resolve().parents[2] / "scripts" / "data" / "asks_more.toml"
RULES = ["7.6", "6.3", "intro"]


def _file(path: Path, weights: np.ndarray, bias: np.ndarray, rules: list[str] = RULES) -> bytes:
    raw = line_ranker.header_bytes("a stamp", rules)
    raw += np.asarray(weights, dtype="<f4").tobytes() + np.asarray(bias, dtype="<f4").tobytes()
    path.write_bytes(raw)
    return raw


@pytest.fixture
def fresh(monkeypatch: pytest.MonkeyPatch) -> None:
    """The classifier read again in this test (and forgotten after it)."""
    monkeypatch.setattr(line_ranker, "_state", {})


def test_the_shipped_weights_were_trained_on_the_current_lines() -> None:
    """scripts/train_ranker.py was run after the last change to the cards, the asks or the
    training file of more lines."""
    got = line_ranker.read(line_ranker.CLF_FILE)
    assert got is not None
    stamp, rules, weights, bias = got
    assert stamp == line_ranker.stamp(CARDS_FILE, ASKS_FILE, MORE_FILE)
    assert rules == [c.rule for c in read_data(CARDS_FILE, CardsFile, "cards").card]
    assert weights.shape == (embed.DIM, 131) and bias.shape == (131,)
    chars = line_ranker.read(line_ranker.NGRAM_FILE, line_ranker.NGRAM_DIM)
    assert chars is not None
    assert chars[:2] == (stamp, rules) and chars[2].shape == (line_ranker.NGRAM_DIM, 131)


def test_ngrams_are_the_characters_of_the_one_spelling() -> None:
    a, b, c = line_ranker.ngrams([canonical(t) for t in ("退却できますか？", "退却できる", "")])
    assert np.array_equal(a, b)  # polite and plain, "?" or not: one spelling
    assert np.count_nonzero(b) == 4 + 3  # 退却 却で でき きる, 退却で 却でき できる
    assert np.linalg.norm(b) == pytest.approx(1.0) and not c.any()


def test_a_japanese_question_reads_its_characters_too(fresh: None) -> None:
    q = canonical("騎兵は敵の隣から離れられる？")
    vector = embed.query_vector(q)
    alone, both = line_ranker.probabilities(vector), line_ranker.probabilities(vector, q)
    assert alone != both and sum(both.values()) == pytest.approx(1.0, abs=1e-5)
    assert max(both, key=both.__getitem__) == "7.7"


def test_a_question_gets_the_rule_its_lines_describe(fresh: None) -> None:
    p = line_ranker.probabilities(
        embed.query_vector(canonical("how far can a leader move on his own?"))
    )
    assert sum(p.values()) == pytest.approx(1.0, abs=1e-5)
    assert max(p, key=p.__getitem__) == "6.3"
    p = line_ranker.probabilities(embed.query_vector(canonical("騎兵は敵の隣から離れられる？")))
    assert max(p, key=p.__getitem__) == "7.7"


def test_score_lists_the_standard_rules_only(fresh: None) -> None:
    ranked, probs = line_ranker.score(
        [BOOK_KIND, "scenario"], "how far can a leader move on his own?"
    )
    assert len(ranked) == CONFIG.depth and {b for b, _ in ranked} == {0}
    assert ranked[0] == (0, "6.3") and len(probs) == 131
    assert line_ranker.score(["scenario"], "how far can a leader move?") == ([], {})


def test_a_file_round_trips(tmp_path: Path) -> None:
    w = np.arange(embed.DIM * 3, dtype=np.float32).reshape(embed.DIM, 3) / 1000
    _file(tmp_path / "c.clf", w, np.array([1, 2, 3]))
    got = line_ranker.read(tmp_path / "c.clf")
    assert got is not None
    assert got[:2] == ("a stamp", RULES)
    assert np.array_equal(got[2], w) and list(got[3]) == [1.0, 2.0, 3.0]


def test_damaged_files_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "c.clf"
    w = np.zeros((embed.DIM, 3), dtype=np.float32)
    raw = _file(path, w, np.zeros(3))
    for bad in (
        raw[:-1],  # cut short
        raw + b"\0",  # longer than its header says
        b"GCACWSEM" + raw[8:],  # another file's magic
        raw.replace(b'"dim": 512', b'"dim": 511'),
        raw.replace(b'"format": 1', b'"format": 2'),
        b"",
    ):
        path.write_bytes(bad)
        assert line_ranker.read(path) is None
    w[3, 1] = np.nan
    _file(path, w, np.zeros(3))
    assert line_ranker.read(path) is None
    _file(path, np.zeros((embed.DIM, 2)), np.zeros(2), ["7.6", "7.6"])  # a rule twice
    assert line_ranker.read(path) is None
    assert line_ranker.read(tmp_path / "missing.clf") is None
    assert line_ranker.read(tmp_path) is None  # a folder
    good = tmp_path / "good.clf"
    _file(good, np.zeros((embed.DIM, 3)), np.zeros(3))
    (tmp_path / "link.clf").symlink_to(good)
    assert line_ranker.read(tmp_path / "link.clf") is None  # a link is not followed


@settings(max_examples=60, deadline=None)
@given(at=st.integers(min_value=0, max_value=400), byte=st.integers(0, 255), cut=st.booleans())
def test_a_mutated_file_never_raises(
    tmp_path_factory: pytest.TempPathFactory, at: int, byte: int, cut: bool
) -> None:
    path = tmp_path_factory.mktemp("clf") / "c.clf"
    raw = bytearray(_file(path, np.ones((embed.DIM, 3)), np.zeros(3)))
    raw[at % len(raw)] = byte
    path.write_bytes(bytes(raw[: at % len(raw)] if cut else raw))
    got = line_ranker.read(path)
    assert got is None or got[2].shape[0] == embed.DIM


def test_a_missing_file_leaves_the_ranker_out_with_one_notice(
    library: Library,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    fresh: None,
) -> None:
    monkeypatch.setattr(line_ranker, "CLF_FILE", tmp_path / "missing.clf")
    question = "how far can a leader move on his own?"
    hits = library.search(question, limit=3)
    again = library.search(question, limit=3)
    err = capsys.readouterr().err
    assert err.count("trained ranker") == 1 and "missing.clf" in err
    assert hits and hits[0].book == "gcacw" and [h.ref for h in hits] == [h.ref for h in again]
    assert line_ranker.score([BOOK_KIND], question) == ([], {})


def test_without_the_characters_file_a_japanese_question_reads_the_vector_alone(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str], fresh: None
) -> None:
    monkeypatch.setattr(line_ranker, "NGRAM_FILE", tmp_path / "missing_ja.clf")
    q = canonical("騎兵は敵の隣から離れられる？")
    vector = embed.query_vector(q)
    assert line_ranker.probabilities(vector, q) == line_ranker.probabilities(vector)
    line_ranker.probabilities(vector, q)
    assert capsys.readouterr().err.count("missing_ja.clf") == 1


def test_an_english_question_is_fused_with_the_trained_list() -> None:
    bm = rank.Evidence([], [], {}, {}, sem_lines=[(0, "a")], trained=[(0, "b")])
    assert rank.lines_list(bm, japanese=False) == [(0, "b")]
    assert rank.lines_list(bm, japanese=True) == [(0, "a")]
    bm = replace(bm, trained=[])
    assert rank.lines_list(bm, japanese=False) == [(0, "a")]


def test_by_lines_reads_the_trained_margin_for_a_japanese_question() -> None:
    order = [((0, "a"), 50.0), ((0, "b"), 49.0)]
    bm = rank.Evidence(
        [],
        [],
        {},
        {},
        sem_lines=[(0, "a"), (0, "b")],
        line_cosine={(0, "a"): 0.5, (0, "b"): 0.5},
        line_trained={(0, "a"): 0.1, (0, "b"): 0.9},
    )
    got = rank.by_lines(order, bm, lambda k: k, [], japanese=True)
    # a: 0.50 + 0.25 * (0.1 - 0.9) = 0.30; b: 0.49 + 0 = 0.49
    assert got == [((0, "b"), 49.0), ((0, "a"), 30.0)]
    assert rank.by_lines(order, bm, lambda k: k, [], japanese=False) == order
