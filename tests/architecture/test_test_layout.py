"""The tests' own layout: folders mirror the code they test, and no test module imports another.

A test module that imports another makes one file's tests depend on another file's private helpers
and runs the imported module's module-level code twice; what tests share lives in a helper module
(``helpers.py``, ``published_lists.py``...) or a folder's ``conftest.py``."""

from __future__ import annotations

from pathlib import Path

from tests.architecture.imports import ROOT, imports_of, module_name

TESTS = ROOT / "tests"

OWN_FOLDERS: dict[str, str] = {
    "tests/architecture": "the layering, citation and layout checks of the whole tree",
    "tests/discord": "the offline Discord wire the cog tests run on",
    "tests/hostile": "hostile input against every front door at once (services, console, command line)",
}
"""Test folders that mirror no package, each with its reason."""


def _is_test_module(module: str) -> bool:
    """A test module, or a conftest (pytest loads those itself; an import would load one twice)."""
    last = module.rsplit(".", 1)[-1]
    return last.startswith("test_") or last == "conftest"


def test_no_test_module_imports_another_test_module() -> None:
    found = []
    for path in sorted(TESTS.rglob("*.py")):
        own = module_name(path)
        for imported in imports_of(path):
            if _is_test_module(imported.module) and imported.module != own:
                found.append(str(imported))
    assert not found, "move what the tests share into a helper module or a conftest.py:\n" + "\n".join(
        sorted(set(found))
    )


def _test_folders() -> list[Path]:
    return sorted(
        path.parent
        for path in TESTS.rglob("__init__.py")
        if path.parent != TESTS and "__pycache__" not in path.parts
    )


def test_test_folders_mirror_the_code() -> None:
    """``tests/engine/match/games/vanguard`` tests ``engine/match/games/vanguard``; a folder outside
    that pattern is one of :data:`OWN_FOLDERS`."""
    stray = []
    for folder in _test_folders():
        relative = folder.relative_to(TESTS)
        name = folder.relative_to(ROOT).as_posix()
        if any(name == own or name.startswith(own + "/") for own in OWN_FOLDERS):
            continue
        if not (ROOT / relative).is_dir():
            stray.append(f"{name} (no folder {relative.as_posix()}/ in the code)")
    assert not stray, "test folders mirror the code:\n" + "\n".join(stray)


def test_the_own_folders_exist() -> None:
    """The allowlist does not outlive its folders."""
    missing = [own for own in OWN_FOLDERS if not (ROOT / own).is_dir()]
    assert not missing, missing
