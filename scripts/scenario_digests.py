"""Write gcacw_ref/game/play/shipped_scenarios.json: the digest of every version of every built-in
scenario (with its built-in map) that this repository ever held, so `replay --verify` can
tell a save's stored copy of a built-in scenario from a forged one.

Every commit reachable from HEAD is read (a save embeds the scenario as the tool of that
commit loaded it); each version is validated by today's scenario model and digested as
`save_checks.scenario_digest` does. A version today's model refuses cannot be replayed anyway,
so it is left out (and counted). Run from the repository root after changing a scenario
or a map:  python scripts/scenario_digests.py
"""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

from gcacw_ref.errors import GcacwError
from gcacw_ref.game.model.scenario import SCENARIO_DIR, Scenario, check_scenario
from gcacw_ref.game.play.save_checks import SHIPPED_DIGESTS, scenario_digest

SCEN = "gcacw_ref/game/scenarios"
MAPS = "gcacw_ref/game/maps"


def _git(*args: str) -> str:
    return subprocess.run(["git", *args], capture_output=True, text=True, check=True).stdout


def _blobs(commit: str, folder: str) -> dict[str, str]:
    """File stem -> blob id of the TOML files in `folder` at `commit`."""
    out: dict[str, str] = {}
    for line in _git("ls-tree", commit, f"{folder}/").splitlines():
        meta, path = line.split("\t", 1)
        if path.endswith(".toml"):
            out[Path(path).stem] = meta.split()[2]
    return out


def _toml(blob: str) -> dict[str, Any]:
    return tomllib.loads(_git("cat-file", "blob", blob))


def _digest(scen_blob: str, map_blob: str | None) -> str | None:
    data = _toml(scen_blob)
    if map_blob is not None and "map_document" not in data:
        data["map_document"] = _toml(map_blob)
    try:
        scen = Scenario.model_validate(data)
        check_scenario(scen, "history")
    except (GcacwError, ValueError):
        return None
    return scenario_digest(scen)


def main() -> int:
    found: dict[str, dict[str, str]] = {}  # id -> digest -> first commit holding it
    seen: set[tuple[str, str | None]] = set()
    refused = 0
    for commit in reversed(_git("rev-list", "HEAD").split()):
        scens = _blobs(commit, SCEN)
        maps = _blobs(commit, MAPS)
        for stem, blob in scens.items():
            map_name = str(_toml(blob).get("scenario", {}).get("map", ""))
            pair = (blob, maps.get(map_name))
            if pair in seen:
                continue
            seen.add(pair)
            digest = _digest(*pair)
            if digest is None:
                refused += 1
                continue
            found.setdefault(stem, {}).setdefault(digest, commit[:12])
    shipped_now = {p.stem for p in SCENARIO_DIR.glob("*.toml")}
    doc = {sid: found[sid] for sid in sorted(found) if sid in shipped_now}
    SHIPPED_DIGESTS.write_text(json.dumps(doc, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    total = sum(len(v) for v in doc.values())
    print(f"{total} versions of {len(doc)} scenarios; {refused} refused by today's model")
    return 0


if __name__ == "__main__":
    sys.exit(main())
