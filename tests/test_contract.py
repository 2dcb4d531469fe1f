"""docs/contract.md's checked examples: every command in its `sh` code blocks runs, exits 0,
and its JSON has every key the `# keys:` line under it names (the page cannot drift from
the output)."""

from __future__ import annotations

import json
import re
import shlex
import shutil
from pathlib import Path

import pytest

from gcacw_ref.cli import main

CONTRACT = Path(__file__).resolve().parent.parent / "docs" / "contract.md"

Example = tuple[list[str], list[str]]  # the command's arguments, the keys it documents


def examples(text: str) -> list[Example]:
    """Each `gcacw-ref …` line of the page's `sh` blocks, with the keys documented under it."""
    out: list[Example] = []
    for block in re.findall(r"```sh\n(.*?)```", text, flags=re.S):
        for line in block.splitlines():
            if line.startswith("gcacw-ref "):
                out.append((shlex.split(line)[1:], []))
            elif line.startswith("# keys:") and out:
                out[-1][1].extend(line.removeprefix("# keys:").split())
    return out


def missing(doc: object, path: str) -> list[str]:
    """The places in `doc` where the key path `path` (`a.b`, `[]`, `[0]`) is absent."""
    parts = re.findall(r"\[\]|\[0\]|[^.\[\]]+", path)

    def walk(node: object, rest: list[str], at: str) -> list[str]:
        if not rest:
            return []
        head, tail = rest[0], rest[1:]
        if head in ("[]", "[0]"):
            if not isinstance(node, list) or not node:
                return [at or "(top)"]
            items = node if head == "[]" else node[:1]
            return [m for i, item in enumerate(items) for m in walk(item, tail, f"{at}[{i}]")]
        if not isinstance(node, dict) or head not in node:
            return [f"{at}.{head}"]
        return walk(node[head], tail, f"{at}.{head}")

    return walk(doc, parts, "")


def test_the_page_shows_commands_with_keys() -> None:
    found = examples(CONTRACT.read_text(encoding="utf-8"))
    assert len(found) >= 15
    assert (
        ["rule", "7.4", "--json"],
        ["book", "section", "title", "text", "parent", "children", "previous", "next"],
    ) in found
    played = next(keys for args, keys in found if args[0] == "play")
    assert "events[].text" in played and "events[].en" not in played


def test_the_key_paths_read_lists_and_objects() -> None:
    doc = {"a": [{"b": 1}, {"c": 2}], "d": {"e": []}}
    assert missing(doc, "a[0].b") == []
    assert missing(doc, "a[].b") == [".a[1].b"]
    assert missing(doc, "d.e[]") == [".d.e"]
    assert missing(doc, "x") == [".x"]


def test_every_command_of_the_contract_runs_and_has_its_keys(
    seeds: dict[str, Path],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("GCACW_REF_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    shutil.copy(seeds["gcacw"], tmp_path / "rules.txt")
    capsys.readouterr()
    for args, keys in examples(CONTRACT.read_text(encoding="utf-8")):
        assert main(["--lang", "en", *args]) == 0, args
        out = capsys.readouterr().out
        if not keys:
            assert out.strip(), args
            continue
        doc = json.loads(out)
        gaps = {key: where for key in keys if (where := missing(doc, key))}
        assert gaps == {}, args
