"""The layers of docs/architecture.md: imports point down only (cogs -> bot -> engine), and the engine stays
pure."""

from __future__ import annotations

import pytest

from tests.architecture.imports import (
    ROOT,
    Import,
    imports_in,
    imports_of,
    is_within,
    module_name,
    python_files,
)

# (package whose files are checked, modules they must not import, why)
LAYER_RULES: list[tuple[str, tuple[str, ...], str]] = [
    (
        "engine",
        ("bot", "cogs", "discord", "aiosqlite", "sqlite3"),
        "the engine is pure Python: no Discord, no database, nothing from the layers above it",
    ),
    ("cogs", ("bot.store",), "cogs call services; only the store's repositories touch the database"),
    ("bot", ("cogs",), "the application does not depend on its Discord adapters"),
]


def forbidden_imports(package: str, forbidden: tuple[str, ...]) -> list[Import]:
    """The imports in ``package`` of a module within any of ``forbidden``."""
    return [
        found
        for path in python_files(package)
        for found in imports_of(path)
        if any(is_within(found.module, banned) for banned in forbidden)
    ]


@pytest.mark.parametrize(("package", "forbidden", "why"), LAYER_RULES, ids=[rule[0] for rule in LAYER_RULES])
def test_layer_imports_point_down(package: str, forbidden: tuple[str, ...], why: str) -> None:
    assert python_files(package), f"no Python files found under {package}/"
    bad = forbidden_imports(package, forbidden)
    assert not bad, f"{package}/ must not import {', '.join(forbidden)} ({why}):\n" + "\n".join(
        sorted({str(found) for found in bad})
    )


@pytest.mark.parametrize(
    ("where", "source", "module"),
    [
        ("cogs/rules.py", "from bot import store\n", "bot.store"),
        ("cogs/rules.py", "from bot.store.cards_repo import CardsRepo\n", "bot.store.cards_repo"),
        ("bot/services/rules.py", "from ..store import rules_repo\n", "bot.store.rules_repo"),
        ("bot/services/__init__.py", "from .. import store\n", "bot.store"),
        ("engine/match/state.py", "import discord.ext.commands as commands\n", "discord.ext.commands"),
        ("engine/rules/formats.py", "import importlib\nimportlib.import_module('bot.app')\n", "bot.app"),
        ("engine/match/state.py", "if TYPE_CHECKING:\n    from cogs.match import MatchCog\n", "cogs.match"),
    ],
)
def test_every_spelling_of_an_import_is_seen(where: str, source: str, module: str) -> None:
    """The reader resolves the spellings a layering break could hide behind."""
    found = list(imports_in(source, ROOT / where))
    assert module in {item.module for item in found}
    assert {item.line for item in found if item.module == module} == {source.count("\n")}


def test_a_sibling_package_name_is_not_within() -> None:
    assert is_within("bot.store.cards_repo", "bot.store")
    assert not is_within("bot.storefront", "bot.store")


def _cycle(graph: dict[str, set[str]]) -> list[str]:
    """One import cycle of ``graph`` (module -> modules it imports), or none."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(module: str) -> list[str]:
        state[module] = 1
        path.append(module)
        for imported in sorted(graph.get(module, ())):
            if state.get(imported) == 1:
                return [*path[path.index(imported) :], imported]
            if imported not in state:
                found = visit(imported)
                if found:
                    return found
        path.pop()
        state[module] = 2
        return []

    for module in sorted(graph):
        if module not in state:
            found = visit(module)
            if found:
                return found
    return []


def test_the_match_package_imports_point_one_way() -> None:
    """cogs/match: commands -> components -> places, and no module imports one that imports it (the
    places are given their layouts when the extension loads)."""
    graph: dict[str, set[str]] = {}
    for path in python_files("cogs/match"):
        own = module_name(path)
        graph[own] = {
            found.module
            for found in imports_of(path)
            if is_within(found.module, "cogs.match") and found.module != own
        }
    assert graph, "no modules found in cogs/match"
    assert not _cycle(graph), " -> ".join(_cycle(graph))


def test_a_cycle_is_found() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) == []
