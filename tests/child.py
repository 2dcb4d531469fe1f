"""Run a few lines of Python in a fresh interpreter (what a new CLI process loads and
keeps), against a given data directory."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def last_line(code: str, home: Path) -> str:
    """The last line `code` prints in a new Python process whose data directory is `home`
    (a failure there fails the test with its output)."""
    env = {**os.environ, "GCACW_REF_HOME": str(home)}
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    return done.stdout.splitlines()[-1]
