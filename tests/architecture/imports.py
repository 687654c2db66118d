"""Every module a source file imports, read with :mod:`ast` (the text is never searched)."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
"""The repository: the folder with ``engine/``, ``bot/`` and ``cogs/``."""


@dataclass(frozen=True)
class Import:
    """One imported module name and where the import is written."""

    module: str
    path: Path
    line: int

    def __str__(self) -> str:
        return f"{self.path.relative_to(ROOT)}:{self.line}: imports {self.module}"


def python_files(package: str) -> list[Path]:
    """The ``.py`` files of a top-level package, sorted."""
    return sorted((ROOT / package).rglob("*.py"))


def module_name(path: Path) -> str:
    """``engine/match/state.py`` -> ``engine.match.state``; a package's ``__init__`` is the package."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _absolute(node: ast.ImportFrom, path: Path) -> str:
    """The module a ``from`` import names, with a relative import resolved against the file's package."""
    if not node.level:
        return node.module or ""
    package = module_name(path).split(".")
    if path.name != "__init__.py":
        package.pop()
    base = package[: len(package) - (node.level - 1)]
    return ".".join([*base, *([node.module] if node.module else [])])


def imports_of(path: Path) -> Iterator[Import]:
    """Every module the file imports: ``import a.b``, ``from a import b`` (as ``a`` and ``a.b``, since
    ``b`` may be a module), relative imports resolved, and ``importlib.import_module("a.b")`` with a
    literal name. Imports under ``if TYPE_CHECKING:`` count too: a layer may not even name another."""
    return imports_in(path.read_text(encoding="utf-8"), path)


def imports_in(source: str, path: Path) -> Iterator[Import]:
    """:func:`imports_of` for source text said to be at ``path`` (which need not exist)."""
    tree = ast.parse(source, filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield Import(alias.name, path, node.lineno)
        elif isinstance(node, ast.ImportFrom):
            module = _absolute(node, path)
            yield Import(module, path, node.lineno)
            for alias in node.names:
                if alias.name != "*":
                    yield Import(f"{module}.{alias.name}", path, node.lineno)
        elif isinstance(node, ast.Call) and (name := _literal_import(node)) is not None:
            yield Import(name, path, node.lineno)


def _literal_import(call: ast.Call) -> str | None:
    """The module ``importlib.import_module("a.b")`` (or ``__import__``) names, when it is a literal."""
    func = call.func
    imports = (isinstance(func, ast.Attribute) and func.attr == "import_module") or (
        isinstance(func, ast.Name) and func.id in ("import_module", "__import__")
    )
    first = call.args[0] if call.args else None
    if imports and isinstance(first, ast.Constant) and isinstance(first.value, str):
        return first.value
    return None


def is_within(module: str, package: str) -> bool:
    """``bot.store.cards_repo`` is within ``bot.store``; ``bot.storefront`` is not."""
    return module == package or module.startswith(package + ".")
