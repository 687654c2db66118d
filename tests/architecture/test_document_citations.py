"""What the code cites is in the project: a docstring or comment that names a document names one of
``docs/`` or the README (the design notes the project started from are not shipped with it), and the
document exists."""

from __future__ import annotations

import re

from tests.architecture.imports import ROOT

PACKAGES = ("engine", "bot", "cogs", "tests", "bench")
CITED = re.compile(r"(?<![\w/.-])((?:docs/)?[\w-]+\.md)\b")


def _sources() -> list[tuple[str, str]]:
    found = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            found.append((path.relative_to(ROOT).as_posix(), path.read_text(encoding="utf-8")))
    return found


def test_every_cited_document_is_in_the_project() -> None:
    """A bare name (``card-query.md``) may be one of ``docs/``."""
    missing = sorted(
        f"{name}: {cited}"
        for name, text in _sources()
        for cited in set(CITED.findall(text))
        if not any((folder / cited).is_file() for folder in (ROOT, ROOT / "docs"))
    )
    assert not missing, "the code cites documents the project does not have:\n" + "\n".join(missing)
