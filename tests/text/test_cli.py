"""The `books`, `search` and `rule` commands: output, JSON contract, exit codes."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from gcacw_ref.cli import main
from gcacw_ref.text.library import Library

Capsys = pytest.CaptureFixture[str]


def _run(capsys: Capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _bad(capsys: Capsys, *argv: str) -> str:
    code, _out, err = _run(capsys, *argv)
    assert code == 2, (argv, err)
    assert "Traceback" not in err
    assert err.startswith("gcacw-ref: ") and err.count("\n") == 1, err
    return err


def test_search_json_contract(filled_home: Path, capsys: Capsys) -> None:
    code, out, _ = _run(capsys, "search", "延長行軍", "--json", "--limit", "3")
    hits = json.loads(out)
    assert code == 0 and len(hits) == 3
    for key in ("book", "section", "title", "score", "snippet"):
        assert key in hits[0]
    assert (hits[0]["book"], hits[0]["section"], hits[0]["anchor"]) == ("gcacw", "5.1", "延長行軍")


def test_search_text_output(filled_home: Path, capsys: Capsys) -> None:
    code, out, _ = _run(capsys, "search", "flank", "attack", "--limit", "2", "--book", "gcacw")
    assert code == 0
    first = out.splitlines()[0]
    assert first.startswith("gcacw 7.4 戦闘のダイス修正 › 側面攻撃")
    assert "[側面攻撃]" in out  # highlighted with brackets when not a tty


def test_rule_output_and_json(filled_home: Path, capsys: Capsys) -> None:
    code, out, _ = _run(capsys, "rule", "７．４")
    lines = out.splitlines()
    assert code == 0 and lines[0] == "gcacw 7.4 戦闘のダイス修正"
    assert "parent:   7.0 戦闘" in out and "previous: 7.3 砲兵値" in out
    assert "next:     7.5 戦闘結果" in out
    code, out, _ = _run(capsys, "rule", "7.4.", "--json")
    view = json.loads(out)
    for key in ("book", "section", "title", "text", "parent", "children", "previous", "next"):
        assert key in view
    assert view["section"] == "7.4" and view["parent"] == "7.0"


@pytest.mark.parametrize(
    "argv",
    [
        ("rule", "99.9"),
        ("rule", ""),
        ("rule", "7.4", "--book", "nope"),
        ("search", ""),
        ("search", "  "),
        ("search", "x", "--limit", "0"),
        ("search", "x", "--book", "nope"),
        ("books", "remove", "nope"),
        ("books", "remove", "../etc"),
        ("books", "import", "/no/such/file.txt"),
    ],
)
def test_bad_input_exits_2(filled_home: Path, capsys: Capsys, argv: tuple[str, ...]) -> None:
    assert _bad(capsys, *argv).startswith("gcacw-ref: ")


def test_rule_and_search_without_books(home: Path, capsys: Capsys) -> None:
    assert "books import" in _bad(capsys, "rule", "7.4")
    assert "books import" in _bad(capsys, "search", "延長行軍")
    code, out, _ = _run(capsys, "books", "list")
    assert code == 0 and "no books" in out


def test_bad_files(home: Path, tmp_path: Path, seeds: dict[str, Path], capsys: Capsys) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_text("  \n", encoding="utf-8")
    assert "empty" in _bad(capsys, "books", "import", str(empty))
    binary = tmp_path / "rules.pdf"
    binary.write_bytes(b"%PDF-1.4\x00\x01\x02" * 100)
    assert "binary" in _bad(capsys, "books", "import", str(binary))
    latin = tmp_path / "latin1.txt"
    latin.write_bytes("caf\xe9 7.4 r\xe8gle".encode("latin-1"))
    assert "UTF-8" in _bad(capsys, "books", "import", str(latin))
    assert "directory" in _bad(capsys, "books", "import", str(tmp_path))
    assert "rulebook" in _bad(capsys, "books", "import", str(seeds["charts"]))
    prose = tmp_path / "notes.txt"
    prose.write_text("ただのメモです。\n" * 50, encoding="utf-8")
    assert "rulebook" in _bad(capsys, "books", "import", str(prose))
    assert "book id" in _bad(capsys, "books", "import", str(seeds["gcacw"]), "--id", "Bad Id!")
    assert not (home / "books").exists() or not list((home / "books").iterdir())


def test_unreadable_file(
    home: Path, seeds: dict[str, Path], capsys: Capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    import gcacw_ref.paths

    def denied(fh: object, limit: int) -> bytes:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(gcacw_ref.paths, "_read_limited", denied)
    assert "cannot read" in _bad(capsys, "books", "import", str(seeds["gcacw"]))


def test_corrupt_book_file_is_reported_and_kept(filled_home: Path, capsys: Capsys) -> None:
    path = filled_home / "books" / "wftu.json"
    path.write_text('{"format": 1, "info": {"id": "wftu"', encoding="utf-8")
    before = path.read_bytes()
    # the damaged book is skipped with a notice; the others keep working
    for argv in (("books", "list"), ("search", "強行軍")):
        code, out, err = _run(capsys, *argv)
        assert code == 0 and "damaged" in err and "wftu" in err
        assert "gcacw" in out
    err = _bad(capsys, "rule", "9.2", "--book", "wftu")
    assert "damaged" in err and "wftu" in err
    assert path.read_bytes() == before  # the user's data is never destroyed
    assert _run(capsys, "books", "remove", "wftu")[0] == 0  # the way out
    code, _out, err = _run(capsys, "books", "list")
    assert code == 0 and not err


def test_corrupt_data_directory(home: Path, capsys: Capsys) -> None:
    (home / "books").write_text("not a directory", encoding="utf-8")
    assert "data directory" in _bad(capsys, "books", "list")
    assert "data directory" in _bad(capsys, "search", "x")


def test_reimport_is_atomic(
    filled_home: Path, tmp_path: Path, seeds: dict[str, Path], capsys: Capsys
) -> None:
    books = filled_home / "books"
    before = (books / "gcacw.json").read_bytes()
    bad = tmp_path / "broken.txt"
    bad.write_text("no rules here\n", encoding="utf-8")
    _bad(capsys, "books", "import", str(bad), "--id", "gcacw")
    assert (books / "gcacw.json").read_bytes() == before  # a failed import keeps the old book
    assert _run(capsys, "books", "import", str(seeds["gcacw"]), "--replace")[0] == 0
    assert Library().rule("7.4").title == "戦闘のダイス修正"
    derived = (".json", ".bm25", ".sem")  # a book, its word index, its vectors
    leftovers = [p.name for p in books.iterdir() if p.suffix not in derived]
    assert leftovers in ([], ["encoder"])  # no temporary files (the encoder's files may be)
    assert sorted(n for n in os.listdir(books) if not n.endswith(".sem") and n != "encoder") == [
        f"{b}.{ext}" for b in ("brandywine", "gcacw", "wftu") for ext in ("bm25", "json")
    ]


def test_reimport_replaces_content(
    filled_home: Path, tmp_path: Path, seeds: dict[str, Path], capsys: Capsys
) -> None:
    lib = Library()
    assert lib.rule("9.2", book="wftu").title.startswith("強行軍移動")
    wftu = (filled_home / "books" / "wftu.json").read_bytes()
    line = _bad(capsys, "books", "import", str(seeds["brandywine"]), "--id", "wftu")
    assert "--replace" in line and "wftu" in line  # asked first: nothing replaced
    assert (filled_home / "books" / "wftu.json").read_bytes() == wftu
    argv = ("books", "import", str(seeds["brandywine"]), "--id", "wftu", "--replace")
    code, _, _ = _run(capsys, *argv)
    assert code == 0
    assert lib.books()[-1].kind == "brandywine"  # the cached copy was refreshed


def test_an_import_recognised_as_a_stored_book_asks_first(
    filled_home: Path, seeds: dict[str, Path], capsys: Capsys
) -> None:
    """A file recognised by its content as `gcacw` never silently replaces the stored
    `gcacw` (issue 41): exit 2 naming --replace, the stored book untouched."""
    path = filled_home / "books" / "gcacw.json"
    before = path.read_bytes()
    line = _bad(capsys, "books", "import", str(seeds["gcacw"]))
    assert "'gcacw'" in line and "--replace" in line
    assert path.read_bytes() == before


def test_inconsistent_book_file(filled_home: Path, capsys: Capsys) -> None:
    path = filled_home / "books" / "gcacw.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["sections"][3]["parent"] = "no-such-section"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    assert "damaged" in _bad(capsys, "rule", "7.4")


def test_data_home_is_a_file(
    tmp_path: Path, capsys: Capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    not_dir = tmp_path / "home-file"
    not_dir.write_text("x", encoding="utf-8")
    monkeypatch.setenv("GCACW_REF_HOME", str(not_dir))
    assert "not a directory" in _bad(capsys, "books", "list")
    assert "not a directory" in _bad(capsys, "rule", "7.4")


@pytest.mark.parametrize("encoding", ["cp932", "utf-16", "utf-8-sig"])
def test_other_encodings(
    home: Path, tmp_path: Path, seeds: dict[str, Path], capsys: Capsys, encoding: str
) -> None:
    text = seeds["gcacw"].read_text(encoding="utf-8")
    path = tmp_path / f"rules-{encoding}.txt"
    path.write_bytes(text.encode(encoding, errors="replace"))
    code, _out, err = _run(capsys, "books", "import", str(path))
    assert code == 0, err
    assert Library().rule("7.4").title == "戦闘のダイス修正"


def test_search_question_shows_the_answering_passage(filled_home: Path, capsys: Capsys) -> None:
    code, out, _ = _run(capsys, "search", "can", "artillery", "force", "march?", "--json")
    hits = json.loads(out)
    assert code == 0 and hits[0]["section"] == "5.1"
    top = hits[0]
    for key in ("book", "section", "title", "score", "snippet"):
        assert key in top
    assert "砲兵ユニットは強行軍をおこなうことができない" in top["passage"]
    marked = [top["passage"][a:b] for a, b in top["passage_highlights"]]
    assert "砲兵" in marked and "強行軍" in marked
    assert all(isinstance(n, str) and n != "5.1" for n in top["see_also"])
    assert all(h["passage"] == "" for h in hits[1:])
    code, out, _ = _run(capsys, "search", "敵の隣で止まらずに通り抜けられる？", "--limit", "2")
    lines = out.splitlines()
    assert code == 0 and lines[0].startswith("gcacw 6.2")
    assert "[停止]" in lines[1] and lines[2].strip().startswith("see also: ")


@pytest.mark.parametrize("query", ["x" * 10_000, "🎲⚔️", "\x01\x02", "？？？", "Привет мир"])
def test_search_bad_input_never_fails(filled_home: Path, capsys: Capsys, query: str) -> None:
    code, out, err = _run(capsys, "search", query, "--limit", "2")
    assert code == 0 and "Traceback" not in err
    assert out.strip()
