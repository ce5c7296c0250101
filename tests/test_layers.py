"""The package keeps its shape: every import points down a layer (or stays on its floor).

Layers, lowest first (docs/development.md, /LAYOUT): the ground floor (``messages``, ``i18n``,
``lines``: text helpers; ``interrupt``: Ctrl-C outside a command's run) < ``game`` (the
rules of 101) < ``engine`` (what searches) < ``report`` (text, tables, JSON, pictures) <
``files`` (file formats and streams) < ``cli`` (one module per command). ``api.py`` sits
beside ``cli``: it reuses the command line's ``--variant`` parser (``simulate`` variants
read exactly as on the command line), so it may import ``cli``, never the other way round.
The package face (``__init__``, ``__main__``) is on top. Every import counts: at module
level, inside a function, under ``TYPE_CHECKING``. Beyond the layers: only ``cli`` (and the
API's variant parser through it) imports click, and only ``engine/sat.py`` imports
OR-Tools.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "rummy101_solver"
NAME = "rummy101_solver"
FLOORS = ["ground", "game", "engine", "report", "files", "cli", "api", "face"]
"""Each floor may import from its own floor and those before it."""


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def floor(module: str) -> str:
    """The floor of ``rummy101_solver.X…``: its sub-package, or the module's own name."""
    parts = module.split(".")
    if len(parts) == 1 or parts[1] in ("__init__", "__main__"):
        return "face"
    top = parts[1]
    if top in ("messages", "lines", "i18n", "interrupt", "tables"):
        return "ground"
    if top in FLOORS:
        return top
    raise AssertionError(f"{module}: on no floor; give it one in tests/test_layers.py")


MODULES = sorted(PACKAGE.rglob("*.py"))


def imports(path: Path) -> list[tuple[int, str]]:
    """(line, imported module) of every import in ``path``: see :func:`imports_in`."""
    here = module_name(path)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    return imports_in(path.read_text(encoding="utf-8"), package)


def imports_in(source: str, package: str) -> list[tuple[int, str]]:
    """(line, imported module) of every import in ``source``, a module of ``package``;
    relative imports resolved, ``from rummy101_solver import x`` counted as importing
    ``rummy101_solver.x``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            if base == NAME:
                found += [(node.lineno, f"{NAME}.{alias.name}") for alias in node.names]
            else:
                found.append((node.lineno, base))
    return found


def test_every_module_is_on_a_floor() -> None:
    assert len(MODULES) > 40
    for path in MODULES:
        floor(module_name(path))


@pytest.mark.parametrize("path", MODULES, ids=[module_name(p) for p in MODULES])
def test_no_import_runs_up_a_floor(path: Path) -> None:
    here = module_name(path)
    mine = FLOORS.index(floor(here))
    broken = [
        f"{path.relative_to(PACKAGE.parent)}:{line}: {here} ({floor(here)}) imports"
        f" {target} ({floor(target)}), a floor above it; the floors, lowest first:"
        f" {' < '.join(FLOORS)}"
        for line, target in imports(path)
        if target.split(".")[0] == NAME and FLOORS.index(floor(target)) > mine
    ]
    assert not broken, "\n".join(broken)


@pytest.mark.parametrize("path", MODULES, ids=[module_name(p) for p in MODULES])
def test_click_only_in_the_cli_and_ortools_only_in_sat(path: Path) -> None:
    here = module_name(path)
    for line, target in imports(path):
        top = target.split(".")[0]
        where = f"{path.relative_to(PACKAGE.parent)}:{line}"
        if top == "click":
            assert floor(here) == "cli", f"{where}: {here} imports click; only cli/ may"
        if top == "ortools":
            assert here == f"{NAME}.engine.sat", f"{where}: {here} imports ortools; only sat"


def test_the_check_sees_imports_in_functions_and_relative_ones() -> None:
    """An import inside a function, a relative one and one through the package face are
    all seen (else the test above could pass on a broken shape)."""
    source = (
        "def f():\n    from rummy101_solver.report import render\n"
        "from ..cli import x\nfrom rummy101_solver import files\nimport click\n"
    )
    found = sorted(target for _, target in imports_in(source, f"{NAME}.game"))
    assert found == ["click", f"{NAME}.cli", f"{NAME}.files", f"{NAME}.report"]
    assert [floor(t) for t in found[1:]] == ["cli", "files", "report"]
