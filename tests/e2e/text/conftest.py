"""The text area's fixtures (tests/text/conftest.py) for its end-to-end cases."""

from __future__ import annotations

from tests.text.conftest import filled_home, library, library_home  # noqa: F401
