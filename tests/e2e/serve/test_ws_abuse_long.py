"""The end-to-end case of tests/serve/test_ws_abuse.py: 1,000 fuzzed websocket messages."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings

from tests.serve.conftest import InProcess
from tests.serve.test_ws_abuse import MESSAGE, check_fuzzed, served  # noqa: F401


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(MESSAGE)
def test_fuzzed_messages_long(served: InProcess, message: str | bytes) -> None:  # noqa: F811
    check_fuzzed(served, message)
