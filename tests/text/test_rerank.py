"""The learned reranker (`rerank.py`): its features, its shipped weights and their checks,
its fallback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gcacw_ref.text import line_ranker, rank, rerank
from gcacw_ref.text.asks import ASKS_FILE
from gcacw_ref.text.cards import CARDS_FILE
from gcacw_ref.text.library import Library

DATA = Path(__file__).resolve().parents[2] / "scripts" / "data"
TRAINING = [DATA / "asks_more.toml", DATA / "asks_rerank.toml"]  # scripts/train_rerank.py


@pytest.fixture
def fresh(monkeypatch: pytest.MonkeyPatch) -> None:
    """The model read again in this test (and forgotten after it)."""
    monkeypatch.setattr(rerank, "_state", {})


def _bm() -> rank.Evidence:
    return rank.Evidence(
        [(0, "b")],
        [],
        {},
        {},
        sem_lines=[(0, "b"), (0, "a")],
        line_cosine={(0, "a"): 0.40, (0, "b"): 0.60},
        line_asks={(0, "b"): 2.0},
        line_trained={(0, "a"): 0.2, (0, "b"): 0.7},
    )


def _data(**change: object) -> dict[str, object]:
    data: dict[str, object] = {
        "format": 1,
        "stamp": "a stamp",
        "top": 3,
        "features": ["cos_margin", "place"],
        "weights": {"en": [10.0, 0.5]},
    }
    data.update(change)
    return data


def test_the_shipped_weights_were_trained_on_the_current_lines() -> None:
    """scripts/train_rerank.py was run after the last change to the cards, the asks or the
    training lines."""
    got = rerank.read(rerank.MODEL_FILE)
    assert got is not None
    existing = [p for p in TRAINING if p.exists()]
    assert got.stamp == line_ranker.stamp(CARDS_FILE, ASKS_FILE, *existing)
    assert set(got.weights) <= {"en", "ja"} and got.weights


def test_features_have_a_column_per_name() -> None:
    head = [((0, "a"), 50.0), ((0, "b"), 40.0), ((1, "7.4"), 30.0)]
    x = rerank.features(head, _bm(), [((0, "a"), 95.0)], "can my cavalry retreat before combat")
    names = rerank.names()
    assert x.shape == (3, len(names)) and len(set(names)) == len(names)
    row = dict(zip(names, x[1].tolist(), strict=True))
    assert row["place"] == pytest.approx(0.5) and row["score"] == pytest.approx(0.4)
    assert row["cos_margin"] == pytest.approx(0.0) and row["asks_share"] == pytest.approx(1.0)
    assert row["top_passages"] == 1.0 and row["rr_sem_lines"] == 1.0
    assert row["p_margin"] == pytest.approx(0.0) and row["rr_terms"] == 0.0
    first = dict(zip(names, x[0].tolist(), strict=True))
    assert first["cos_margin"] == pytest.approx(-0.2) and first["top_terms"] == 1.0
    third = dict(zip(names, x[2].tolist(), strict=True))
    assert third["no_line"] == 1.0 and third["kind_other_book"] == 1.0
    assert third["mayxother_book"] == 1.0  # "can ..." asks may I


def test_shapes_and_kinds() -> None:
    assert rerank.shapes("what is a zoc") == [1, 0, 0, 0, 0, 0]
    assert rerank.shapes("騎兵は退却できる") == [0, 1, 0, 0, 0, 0]
    assert rerank.shapes("how many hexes can a leader move") == [0, 0, 0, 1, 0, 0]
    assert rerank.shapes("いつ塹壕を作る") == [0, 0, 0, 0, 1, 0]
    assert rerank.kinds((0, "2.2#司令官")) == [1, 1, 0, 0, 0, 0]
    assert rerank.kinds((0, "7.0")) == [0, 0, 1, 0, 0, 0]
    assert rerank.kinds((0, "retreat-tables")) == [0, 0, 0, 1, 0, 0]
    assert rerank.names_it("see 7.4 for it", (0, "7.4#側面攻撃")) == [1.0, 0.0]
    assert rerank.names_it("側面攻撃の修正", (0, "7.4#側面攻撃")) == [0.0, 1.0]


def test_reorder_follows_the_model_and_hands_the_scores_out_again() -> None:
    model = rerank._model(_data())
    assert model is not None
    order = [((0, "a"), 50.0), ((0, "b"), 40.0), ((0, "c"), 10.0), ((0, "d"), 5.0)]
    got = rerank.reorder(order, _bm(), lambda k: k, [], "q", japanese=False, given=model)
    # a: 10 x -0.2 + 0.5 x 1 = -1.5; b: 0 + 0.25 = 0.25; c (no line): 10 x -0.3 + 0.5 / 3
    assert got == [((0, "b"), 50.0), ((0, "a"), 40.0), ((0, "c"), 10.0), ((0, "d"), 5.0)]
    # no weights for Japanese: the order is kept; nor where the lines keep out
    assert rerank.reorder(order, _bm(), lambda k: k, [], "q", True, given=model) == order
    terms = [((1, "x"), 90.0)]
    assert rerank.reorder(order, _bm(), lambda k: k, terms, "q", False, given=model) == order


def test_damaged_files_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "rerank.json"
    path.write_text(json.dumps(_data()), encoding="utf-8")
    got = rerank.read(path)
    assert got is not None and got.top == 3 and got.weights == {"en": [10.0, 0.5]}
    for bad in (
        _data(format=2),
        _data(top=1),
        _data(top=True),
        _data(features=["cos_margin", "no such feature"]),
        _data(features=["place", "place"]),
        _data(weights={"en": [1.0]}),
        _data(weights={"en": [1.0, True]}),
        _data(weights={"fr": [1.0, 1.0]}),
        _data(stamp=3),
        {"format": 1},
    ):
        path.write_text(json.dumps(bad), encoding="utf-8")
        assert rerank.read(path) is None, bad
    path.write_text(json.dumps(_data()).replace("0.5", "NaN"), encoding="utf-8")
    assert rerank.read(path) is None
    for raw in (b"", b"\xff\xfe", b"[" * 100_000, b"{" + b" " * rerank.MAX_BYTES + b"}"):
        path.write_bytes(raw)
        assert rerank.read(path) is None
    assert rerank.read(tmp_path / "missing.json") is None
    assert rerank.read(tmp_path) is None  # a folder
    good = tmp_path / "good.json"
    good.write_text(json.dumps(_data()), encoding="utf-8")
    (tmp_path / "link.json").symlink_to(good)
    assert rerank.read(tmp_path / "link.json") is None  # a link is not followed


@settings(max_examples=80, deadline=None)
@given(at=st.integers(min_value=0, max_value=400), byte=st.integers(0, 255), cut=st.booleans())
def test_a_mutated_file_never_raises(
    tmp_path_factory: pytest.TempPathFactory, at: int, byte: int, cut: bool
) -> None:
    path = tmp_path_factory.mktemp("rerank") / "rerank.json"
    raw = bytearray(json.dumps(_data()).encode())
    raw[at % len(raw)] = byte
    path.write_bytes(bytes(raw[: at % len(raw)] if cut else raw))
    got = rerank.read(path)
    if got is not None:
        order = [((0, "a"), 50.0), ((0, "b"), 40.0)]
        again = rerank.reorder(order, _bm(), lambda k: k, [], "q", False, given=got)
        assert sorted(k for k, _ in again) == sorted(k for k, _ in order)
        assert [s for _, s in again] == [s for _, s in order]  # the scores handed out again


def test_a_missing_file_leaves_the_reranker_out_with_one_notice(
    library: Library,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    fresh: None,
) -> None:
    question = "can my cavalry retreat before the enemy attacks?"
    monkeypatch.setattr(rerank, "MODEL_FILE", tmp_path / "missing.json")
    hits = library.search(question, limit=3)
    again = library.search(question, limit=3)
    err = capsys.readouterr().err
    assert err.count("reranker") == 1 and "missing.json" in err
    assert hits and [h.ref for h in hits] == [h.ref for h in again]
    assert rerank.model() is None
