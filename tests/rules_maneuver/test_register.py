"""The manoeuvre register: it loads, holds the required entries, and every id cited exists."""

from __future__ import annotations

import re
from pathlib import Path

from gcacw_ref.rules.register import load_register
from gcacw_ref.rules.tables import tables_dir

REQUIRED = {
    "retreat-footnote-marks",
    "extended-march-missing-column",
    "extended-march-union-cavalry",
    "forced-march-infantry-minus-one",
    "movement-allowance-exceptions",
    "cavalry-retreat-river",
    "flank-limited-zoc",
    "recovery-demoralized-exceptions",
}
MODULES = [
    "flank",
    "march",
    "forced_march",
    "movement_allowance",
    "retreat",
    "retreat_paths",
    "cavalry_retreat",
    "recovery",
    "demoralization",
    "rain",
]
TABLES = [
    "extended_march",
    "forced_march",
    "movement_allowance",
    "retreat_tables",
    "cavalry_retreat",
    "rain_numbers",
]


def test_required_entries() -> None:
    ids = {e.id for e in load_register()}
    assert ids >= REQUIRED


def test_cited_ids_exist() -> None:
    ids = {e.id for e in load_register()}
    root = Path(__file__).resolve().parents[2]
    rules = root / "gcacw_ref" / "rules"
    texts = [(rules / f"{m}.py").read_text(encoding="utf-8") for m in MODULES]
    texts += [(tables_dir() / f"{t}.toml").read_text(encoding="utf-8") for t in TABLES]
    cited = set()
    for t in texts:
        cited |= set(re.findall(r"register(?: entry| entries)?:? ([a-z0-9]+(?:-[a-z0-9]+)+)", t))
    assert len(cited) >= 6, cited
    assert cited <= ids, cited - ids
