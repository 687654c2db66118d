"""Database files for tests: a copy of a prepared database, so each test gets its own real file."""

from __future__ import annotations

import shutil
from pathlib import Path


def copy_database(source: Path, target: Path) -> Path:
    """Copy a database file (WAL checkpointed at close, so the main file is complete)."""
    shutil.copyfile(source, target)
    return target
