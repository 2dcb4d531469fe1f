"""`gcacw-ref serve` refuses bad options and a port it cannot use with one line, exit 2."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gcacw_ref.serve import valid_host


def serve(home: Path, *args: str | bytes) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "gcacw_ref", "--lang", "en", "serve", *args],
        capture_output=True,
        text=True,
        timeout=60,
        env={"GCACW_REF_HOME": str(home), "PATH": "/usr/bin:/bin"},
        stdin=subprocess.DEVNULL,
    )


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--port", "70000"], "gcacw-ref: --port must be 0 to 65535, not 70000\n"),
        (["--port", "-1"], "gcacw-ref: --port must be 0 to 65535, not -1\n"),
        (["--max-sessions", "0"], "gcacw-ref: --max-sessions must be 1 to 64, not 0\n"),
        (["--max-sessions", "65"], "gcacw-ref: --max-sessions must be 1 to 64, not 65\n"),
        (["--idle-minutes", "0"], "gcacw-ref: --idle-minutes must be more than 0\n"),
        (["--host", "no.such.host.invalid", "--port", "0"], None),
    ],
)
def test_bad_options_one_line_exit_2(tmp_path: Path, args: list[str], said: str | None) -> None:
    done = serve(tmp_path, *args)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1
    assert "Traceback" not in done.stderr
    if said is not None:
        assert done.stderr == said
    else:
        assert done.stderr.startswith("gcacw-ref: cannot listen on 'no.such.host.invalid' port 0")


def test_a_port_in_use_is_one_line_exit_2(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = serve(tmp_path, "--port", str(port))
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith(f"gcacw-ref: cannot listen on '127.0.0.1' port {port}: ")
    assert done.stderr.count("\n") == 1


BAD_HOST = "gcacw-ref: --host must be an IP address or a host name, not {}\n"


@pytest.mark.parametrize(
    ("host", "shown"),
    [
        ("a..b", "'a..b'"),
        (".", "'.'"),
        ("a" * 64, repr("a" * 64)),
        ("a b", "'a b'"),
        ("x\x1b[31m", "'x\\x1b[31m'"),
        (b"\xed\xb3\xbf", "'\ufffd\ufffd\ufffd'"),  # invalid UTF-8 in argv: one policy (argv.py)
    ],
)
def test_a_bad_host_is_one_line_exit_2(tmp_path: Path, host: str | bytes, shown: str) -> None:
    done = serve(tmp_path, "--host", host, "--port", "0")
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == BAD_HOST.format(shown)


def test_valid_host_by_hand() -> None:
    for host in ("", "127.0.0.1", "::1", "0.0.0.0", "localhost", "a.", "bücher.de", "a" * 63):
        assert valid_host(host), host
    for host in ("a..b", ".", "..", "a" * 64, "x\udcff", "a\ufffdb", "a/b", "[::1]"):
        assert not valid_host(host), host
    assert valid_host(".".join(["a" * 63] * 3) + "." + "a" * 61)  # 253 characters
    assert not valid_host(".".join(["a" * 63] * 3) + "." + "a" * 62)


@given(st.text())
def test_valid_host_never_raises_and_what_it_accepts_encodes(host: str) -> None:
    if valid_host(host):
        encoded = host.encode("idna")  # what getaddrinfo does first: no UnicodeError past it
        assert len(encoded) <= 253
