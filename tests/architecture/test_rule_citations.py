"""Every rule number the game definitions and deck checks cite exists in that game's rules document.

A game's modules are ``engine/match/games/<game>/`` and ``engine/decks/<game>.py``. Citations are read
from comments, docstrings and strings (see :mod:`tests.architecture.citations`), normalised with the
game's own id normaliser (what a reader typing the citation into the bot would get) and looked up in the
records its bundled comprehensive rules parse to. Each document is parsed once per test session.
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

import pytest

from engine.games import game_keys
from engine.rules.formats import normalise_id, parser_for
from tests.architecture.citations import GRAMMARS, Citation, citations_in
from tests.architecture.imports import ROOT

RULES_DIR = ROOT / "data" / "rules"
GAMES = sorted(game_keys())


@cache
def rule_ids(game: str) -> frozenset[str]:
    """The ids of every record of the game's bundled documents (comprehensive rules and updates)."""
    manifest = tomllib.loads((RULES_DIR / "documents.toml").read_text(encoding="utf-8"))
    ids: set[str] = set()
    for entry in manifest["document"]:
        if entry["game"] == game:
            text = (RULES_DIR / entry["file"]).read_text(encoding="utf-8")
            ids.update(record.rule_id for record in parser_for(entry["format"]).parse(text).rules)
    return frozenset(ids)


def game_files(game: str) -> list[Path]:
    """The modules of one game: its match definition package and its deck checks."""
    files = sorted((ROOT / "engine" / "match" / "games" / game).rglob("*.py"))
    deck = ROOT / "engine" / "decks" / f"{game}.py"
    return files + ([deck] if deck.exists() else [])


def unknown_citations(game: str) -> tuple[list[Citation], int]:
    """The citations of the game's modules that name no rule of its documents, and how many were read."""
    known = rule_ids(game)
    read = [found for path in game_files(game) for found in citations_in(path, GRAMMARS[game])]
    bad = [found for found in read if not any(c in known for c in normalise_id(game, found.cited))]
    return bad, len(read)


def test_every_game_module_folder_is_a_game() -> None:
    """A new game's folder must be given a citation grammar here, or its citations go unchecked."""
    folders = {
        p.name for p in (ROOT / "engine" / "match" / "games").iterdir() if (p / "__init__.py").exists()
    }
    assert folders == set(GAMES) == set(GRAMMARS)


@pytest.mark.parametrize("game", GAMES)
def test_cited_rules_exist(game: str) -> None:
    bad, read = unknown_citations(game)
    assert read > 20, f"only {read} citations read in {game}'s modules: is the grammar still right?"
    assert not bad, (
        f"{len(bad)} rule number(s) cited in {game}'s modules are not in its rules:\n"
        + "\n".join(map(str, bad))
    )


@pytest.mark.parametrize(
    ("game", "prose", "cited"),
    [
        (
            "gateruler",
            "# 8-4c to 8-4e; 10-4c/d, 8-4e-1 and 3-6e-3a",
            ["8-4c", "8-4e", "10-4c", "10-4d", "8-4e-1", "3-6e-3a"],
        ),
        ("gateruler", "# card 2021GB03-055, 2023-02-10, CR Sections 6, 8-13", []),
        (
            "forceofwill",
            '"""803.4a/b; 505.1-505.3, 319.5a-1, 1205.7-1208."""',
            ["803.4a", "803.4b", "505.1", "505.3", "319.5a-1", "1205.7"],
        ),
        (
            "vanguard",
            "# (6.4.1.2.4-6.4.1.2.5), 7.4.1.12. ver. 2.01, spec 2.2, 8.5.2.1.1.2.1",
            ["6.4.1.2.4", "6.4.1.2.5", "7.4.1.12", "8.5.2.1.1.2.1"],
        ),
        (
            "duelmasters",
            'x = "506.3b-c, 509.2-509.3 (power 5000, 12000)"',
            ["506.3b", "506.3c", "509.2", "509.3"],
        ),
    ],
)
def test_citations_are_read_in_each_games_grammar(
    game: str, prose: str, cited: list[str], tmp_path: Path
) -> None:
    path = tmp_path / "module.py"
    path.write_text(f"x = 7.4 + 103.4  # numbers in code are never read\n{prose}\n", encoding="utf-8")
    found = list(citations_in(path, GRAMMARS[game]))
    assert [c.cited for c in found] == cited
    assert all(c.line == 2 for c in found)
