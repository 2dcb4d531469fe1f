"""A big book's first question (issue 41, item 7): its meaning vectors are built in
pieces, each written as it is done; the build tells how far it is, can be stopped, and
the next question goes on from the pieces written. Tested with tiny pieces on a small
synthetic book, and with a stand-in encoder that counts what it encodes."""

from __future__ import annotations

import contextlib
import hashlib
import tempfile
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gcacw_ref.text import embed, semantic, vector_file, vector_pieces
from gcacw_ref.text.embed import DIM
from gcacw_ref.text.library import Library
from tests.robust.conftest import run_cli

Capsys = pytest.CaptureFixture[str]


class CountingEncoder:
    """A stand-in for the encoder: a fixed unit vector per text; counts the texts."""

    def __init__(self, stop_after: int | None = None) -> None:
        self.encoded: list[str] = []
        self.stop_after = stop_after  # raise KeyboardInterrupt once this many are done

    def __call__(self, texts: list[str]) -> np.ndarray:
        if self.stop_after is not None and len(self.encoded) >= self.stop_after:
            raise KeyboardInterrupt
        self.encoded += texts
        rows = [_vector(t) for t in texts]
        return np.asarray(rows, dtype=np.float32).reshape(len(texts), DIM)


def _vector(text: str) -> np.ndarray:
    seed = int.from_bytes(hashlib.blake2b(text.encode(), digest_size=4).digest(), "big")
    v = np.random.default_rng(seed).standard_normal(DIM).astype(np.float32)
    return (v / np.linalg.norm(v)).astype(np.float16).astype(np.float32)


TEXTS = [f"passage {i}" for i in range(10)]


def test_pieces_are_told_and_joined_in_order(tmp_path: Path) -> None:
    told: list[tuple[int, int]] = []
    enc = CountingEncoder()
    with vector_pieces.listening(lambda done, total: told.append((done, total))):
        got = vector_pieces.encode_in_pieces(tmp_path / "b.sem", "s", TEXTS, enc, piece=3, big=0)
    assert told == [(0, 10), (3, 10), (6, 10), (9, 10), (10, 10)]
    assert np.array_equal(got, CountingEncoder()(TEXTS))
    names = sorted(p.name for p in vector_pieces.pieces_dir(tmp_path / "b.sem").iterdir())
    assert names == ["00000.sem", "00001.sem", "00002.sem", "00003.sem"]


def test_a_stopped_build_goes_on_from_its_pieces(tmp_path: Path) -> None:
    path = tmp_path / "b.sem"

    def stop_at_six(done: int, total: int) -> None:
        if done >= 6:
            raise vector_pieces.Cancelled

    first = CountingEncoder()
    with pytest.raises(vector_pieces.Cancelled), vector_pieces.listening(stop_at_six):
        vector_pieces.encode_in_pieces(path, "s", TEXTS, first, piece=3, big=0)
    assert first.encoded == TEXTS[:6]
    second = CountingEncoder()
    got = vector_pieces.encode_in_pieces(path, "s", TEXTS, second, piece=3, big=0)
    assert second.encoded == TEXTS[6:]  # only what the first build had not done
    assert np.array_equal(got, CountingEncoder()(TEXTS))
    third = CountingEncoder()  # another book (another stamp): nothing is reused
    vector_pieces.encode_in_pieces(path, "other", TEXTS, third, piece=3, big=0)
    assert third.encoded == TEXTS


def test_a_small_book_is_encoded_at_once_and_tells_no_one(tmp_path: Path) -> None:
    told: list[tuple[int, int]] = []
    with vector_pieces.listening(lambda d, t: told.append((d, t))):
        vector_pieces.encode_in_pieces(tmp_path / "b.sem", "s", TEXTS, CountingEncoder())
    assert told == [] and not vector_pieces.pieces_dir(tmp_path / "b.sem").exists()


def test_a_book_up_to_big_is_encoded_in_one_batch_as_before(tmp_path: Path) -> None:
    """Batches of another size would change the vectors' last bits: a book of `BIG`
    passages or fewer (the rulebooks) keeps the one batch it always had."""
    enc = CountingEncoder()
    calls: list[int] = []

    def counted(texts: list[str]) -> np.ndarray:
        calls.append(len(texts))
        return enc(texts)

    vector_pieces.encode_in_pieces(tmp_path / "b.sem", "s", TEXTS, counted, piece=3, big=10)
    assert calls == [10]
    vector_pieces.encode_in_pieces(tmp_path / "c.sem", "s", TEXTS, counted, piece=3, big=9)
    assert calls == [10, 3, 3, 3, 1]


def test_pieces_are_never_written_through_a_link(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    home = tmp_path / "books"
    home.mkdir()
    vector_pieces.pieces_dir(home / "b.sem").symlink_to(outside, target_is_directory=True)
    vector_pieces.encode_in_pieces(home / "b.sem", "s", TEXTS, CountingEncoder(), piece=3, big=0)
    assert list(outside.iterdir()) == []
    vector_pieces.remove_pieces(home / "b.sem")
    assert vector_pieces.pieces_dir(home / "b.sem").is_symlink()


@settings(max_examples=25, deadline=None)
@given(n=st.integers(0, 30), piece=st.integers(1, 8), stop=st.integers(0, 30))
def test_resume_equals_one_build(n: int, piece: int, stop: int) -> None:
    """Stopped anywhere and resumed, the vectors are those of one uninterrupted build,
    and no text is encoded twice."""
    texts = [f"t{i}" for i in range(n)]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "b.sem"
        first = CountingEncoder(stop_after=stop)
        with contextlib.suppress(KeyboardInterrupt):
            vector_pieces.encode_in_pieces(path, "s", texts, first, piece=piece, big=0)
        second = CountingEncoder()
        got = vector_pieces.encode_in_pieces(path, "s", texts, second, piece=piece, big=0)
        assert np.array_equal(got, CountingEncoder()(texts))
        if n > piece:
            assert len(first.encoded) + len(second.encoded) == n


# -- the CLI, on a synthetic book ---------------------------------------------------
def _book(folder: Path, sections: int) -> Path:
    lines = ["合成ルールブック（テスト用）", ""]
    for i in range(1, sections + 1):
        lines += [f"{i}.0 規則{i}", f"部隊{i}は移動力で行軍し、ヘクス{i:04d}へ進む。", ""]
    path = folder / "big.txt"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


@pytest.fixture
def big_home(home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    if not embed.available():
        pytest.fail("the sentence encoder is shipped with the package")
    Library(home=home).import_book(_book(tmp_path, 40), book_id="big")
    monkeypatch.setattr(vector_pieces, "PIECE", 8)
    monkeypatch.setattr(vector_pieces, "BIG", 0)
    semantic._books.clear()
    return home


def test_the_cli_shows_progress_stops_and_resumes(
    big_home: Path, capsys: Capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    sem = big_home / "books" / "big.sem"
    pieces = vector_pieces.pieces_dir(sem)
    stopping = CountingEncoder(stop_after=16)  # Ctrl-C during the third piece
    monkeypatch.setattr(semantic, "_as_stored", stopping)
    code, _out, err = run_cli(capsys, "search", "部隊はどう行軍するか", "--book", "big")
    assert code == 130
    assert "41 passages" in err  # the title and 40 rules
    assert sorted(p.name for p in pieces.iterdir()) == ["00000.sem", "00001.sem"]
    assert not sem.exists()
    semantic._books.clear()
    going_on = CountingEncoder()
    monkeypatch.setattr(semantic, "_as_stored", going_on)
    code, out, err = run_cli(capsys, "search", "部隊はどう行軍するか", "--book", "big")
    assert code == 0, err
    assert len(going_on.encoded) == 41 - 16  # the two pieces written were reused
    assert "41 passages ready" in err
    assert vector_file.load(sem, f"{embed.MODEL}:{_digest(big_home)}", 41) is not None
    assert not pieces.exists()  # the whole file written, its pieces removed


def _digest(home: Path) -> str:
    return Library(home=home)._book("big").digest
