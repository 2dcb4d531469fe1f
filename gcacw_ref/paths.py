"""Where things live: the user's data directory, the shipped tables, the seed files."""

from __future__ import annotations

import os
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent


def data_dir() -> Path:
    """The data directory: `$GCACW_REF_HOME` when set, else the platform's user data dir."""
    env = os.environ.get("GCACW_REF_HOME")
    if env:
        return Path(env).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir("gcacw-ref", appauthor=False))


def tables_dir() -> Path:
    """The `tables/` folder: inside the wheel (`gcacw_ref/_tables`) or beside the source tree."""
    packaged = PACKAGE_DIR / "_tables"
    if packaged.is_dir():
        return packaged
    return PACKAGE_DIR.parent / "tables"


def seeds_dir() -> Path:
    """The seed files (tests and the benchmark): `$GCACW_REF_SEEDS` or `../shared/seeds`."""
    env = os.environ.get("GCACW_REF_SEEDS")
    if env:
        return Path(env).expanduser()
    return PACKAGE_DIR.parent.parent / "shared" / "seeds"


def read_user_text(path: Path | str) -> str:
    """A user's UTF-8 text file; any failure is a one-line `DataError` naming the file."""
    from gcacw_ref.errors import DataError

    try:
        return Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataError(f"{path}: file not found") from None
    except IsADirectoryError:
        raise DataError(f"{path}: is a folder, not a file") from None
    except UnicodeDecodeError:
        raise DataError(f"{path}: not UTF-8 text") from None
    except OSError as exc:
        raise DataError(f"{path}: cannot read ({exc.strerror or exc})") from None


def atomic_write_text(path: Path, text: str) -> None:
    """Write a file so that a crash leaves either the old content or the new, never half."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp-{os.getpid()}")
    with open(tmp, "w", encoding="utf-8") as fh:
        fh.write(text)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)
