"""The end-to-end case of tests/serve/test_http_abuse.py: 1,500 fuzzed HTTP requests."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings

from tests.serve.conftest import InProcess
from tests.serve.test_http_abuse import REQUEST, check_fuzzed, served  # noqa: F401


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(REQUEST)
def test_fuzzed_requests_long(served: InProcess, data: bytes) -> None:  # noqa: F811
    check_fuzzed(served, data)
