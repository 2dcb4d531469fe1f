"""Websocket messages the page never sends (issue 41): each is handled (the session goes on)
or answered with a clean close (1003 unsupported data, 1009 too big), never a traceback.

A `Server` runs in this process with a fake app that sends back the terminal input it gets
(tests/serve/conftest.py), so a test sees what reached the app.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator

import aiohttp
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gcacw_ref.serve.session import read_envelope
from tests.serve.conftest import TOKEN, InProcess, in_process

DEADLINE_S = 30.0  # failure bounds only
CLEAN = {aiohttp.WSCloseCode.UNSUPPORTED_DATA, aiohttp.WSCloseCode.MESSAGE_TOO_BIG}


@pytest.fixture(scope="module")
def served() -> Iterator[InProcess]:
    with in_process() as running:
        yield running


async def after(served: InProcess, message: str | bytes, probe: bool) -> tuple[str, object]:
    """Open a tab, send `message` then (with `probe`) `["stdin", "."]`: ("open", what the
    app got back) when the session went on, else ("closed", the close code)."""
    url = f"ws://127.0.0.1:{served.port}/ws/{TOKEN}?width=80&height=24"
    async with aiohttp.ClientSession() as client, client.ws_connect(url) as ws:
        first = await asyncio.wait_for(ws.receive(), DEADLINE_S)
        assert first.type == aiohttp.WSMsgType.BINARY and first.data.endswith(b"hello")
        if isinstance(message, bytes):
            await ws.send_bytes(message)
        else:
            await ws.send_str(message)
        if probe:
            await ws.send_str('["stdin", "."]')
        got = b""
        while not got.endswith(b"."):
            reply = await asyncio.wait_for(ws.receive(), DEADLINE_S)
            if reply.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED):
                return "closed", ws.close_code
            if reply.type == aiohttp.WSMsgType.BINARY:
                got += reply.data
        return "open", got[:-1]


def outcome(served: InProcess, message: str | bytes, *, probe: bool = True) -> tuple[str, object]:
    before = served.log.getvalue()
    result = asyncio.run(after(served, message, probe))
    assert served.log.getvalue() == before  # nothing went wrong in the server
    return result


def test_a_lone_surrogate_reaches_the_app_as_a_replacement_character(
    served: InProcess,
) -> None:
    sent = json.dumps(["stdin", "abc\ud800"])  # as JSON.stringify sends it: "abc\\ud800"
    assert outcome(served, sent) == ("open", "abc\ufffd".encode())
    assert outcome(served, json.dumps(["stdin", "\ud83d\ude00"])) == ("open", "😀".encode())


@pytest.mark.parametrize(
    "message",
    [
        '["stdin", 5]',
        '["resize", "x"]',
        '["resize", {"width": "a", "height": 1e400}]',
        '["resize", {"width": 99999999999999999999, "height": -5}]',
        '["ping", {}]',
        '["ping", "' + "x" * 10_000 + '"]',
        '["focus", 1, 2]',
        '["blur"]',
        '["no such kind", [1, 2]]',
    ],
    ids=lambda message: message[:24],
)
def test_wrong_types_are_ignored_and_the_session_goes_on(served: InProcess, message: str) -> None:
    assert outcome(served, message) == ("open", b"")


@pytest.mark.parametrize(
    "message",
    [
        "[" * 2000 + "]" * 2000,  # RecursionError in the decoder
        '["stdin", ' * 2000 + '"x"' + "]" * 2000,
        "{",
        "",
        "[]",
        "{}",
        '"stdin"',
        "null",
        "5",
        "[5, 6]",
        "1" * 5000,  # past Python's digit limit
        b"\x00\x01",  # the page sends text only
    ],
    ids=lambda message: repr(message[:12]),
)
def test_undecodable_messages_close_with_1003(served: InProcess, message: str | bytes) -> None:
    assert outcome(served, message) == ("closed", aiohttp.WSCloseCode.UNSUPPORTED_DATA)


def test_a_huge_message_closes_with_1009(served: InProcess) -> None:
    message = json.dumps(["stdin", "x" * 2 * 1024 * 1024])
    # no message after it: one sent to a socket being closed would be answered by a reset
    assert outcome(served, message, probe=False) == ("closed", aiohttp.WSCloseCode.MESSAGE_TOO_BIG)


def test_read_envelope_by_hand() -> None:
    assert read_envelope('["stdin", "a"]') == ["stdin", "a"]
    assert read_envelope('["blur"]') == ["blur"]
    for text in ("[" * 100_000, "[1]", "{}", "x", '"a"', "[]"):
        assert read_envelope(text) is None, text[:10]


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(), inner, max_size=3),
    max_leaves=8,
)
KINDS = st.sampled_from(["stdin", "resize", "ping", "focus", "blur", "quit", ""])
MESSAGE = st.one_of(
    st.builds(lambda kind, rest: json.dumps([kind, *rest]), KINDS, st.lists(JSON, max_size=3)),
    st.builds(lambda w, h: json.dumps(["resize", {"width": w, "height": h}]), JSON, JSON),
    JSON.map(json.dumps),
    st.text(max_size=200),
    st.integers(1, 5000).map(lambda n: "[" * n + "]" * n),
    st.binary(max_size=50),
)


def check_fuzzed(served: InProcess, message: str | bytes) -> None:
    state, detail = outcome(served, message)
    assert state == "open" or detail in CLEAN, (state, detail)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(MESSAGE)
def test_fuzzed_messages(served: InProcess, message: str | bytes) -> None:
    check_fuzzed(served, message)
