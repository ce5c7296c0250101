"""Two build steps beside pyproject.toml: the sweep's compiled inner loop, an optional C
extension (no dependencies), and the compiled message catalogs.

Where no C compiler is at hand, the build skips the extension (``optional=True``) and the
pure-Python sweep gives the same answers, slower (docs/benchmarks.md).

``RUMMY101_NO_EXTENSION=1 pip install .`` skips it on purpose, compiler or not:
a pure-Python install (tests/test_wheel.py builds one and compares its answers).
``CC=/bin/false pip install .`` is not enough: a ``build/`` folder left by an
earlier build holds the compiled extension, and setuptools reuses it as up to date.

The catalogs (``rummy101_solver/locale/LANG/LC_MESSAGES/rummy101.po``) are compiled to
``.mo`` files beside them with Babel (a build requirement, so an ordinary ``pip install``
has it; docs/development.md says why Babel). They are written into the source tree, so
the wheel carries them and an editable install (``pip install -e .``) finds them. Where
Babel is missing (a build without build isolation), the build warns and goes on: the
tool installs and speaks English only, and says so when Turkish is asked for.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_py import build_py

LOCALE_DIR = Path(__file__).resolve().parent / "rummy101_solver" / "locale"


def compile_catalogs(locale_dir: Path = LOCALE_DIR) -> list[Path]:
    """Compile every ``.po`` under ``locale_dir`` to its ``.mo`` (fuzzy entries left out,
    as msgfmt does); the ``.mo`` files written, none when Babel is not installed (a
    warning on stderr then, not a failure)."""
    try:
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po
    except ImportError:
        print(
            "WARNING: rummy101-solver: Babel is not installed, so the Turkish catalog is"
            " not compiled; the tool will speak English only"
            " (pip install babel, then install rummy101-solver again).",
            file=sys.stderr,
        )
        return []
    written = []
    for po in sorted(locale_dir.glob("*/LC_MESSAGES/*.po")):
        with po.open("rb") as source:
            catalog = read_po(source, locale=po.parent.parent.name)
        mo = po.with_suffix(".mo")
        with mo.open("wb") as target:
            write_mo(target, catalog)
        written.append(mo)
    return written


class BuildPyWithCatalogs(build_py):
    """``build_py`` that compiles the catalogs first (a wheel and an editable install
    both run it)."""

    def run(self) -> None:
        compile_catalogs()
        super().run()


SKIP = os.environ.get("RUMMY101_NO_EXTENSION", "").strip() not in ("", "0")
"""Whether to build without the C extension: ``RUMMY101_NO_EXTENSION`` set and not 0."""

setup(
    cmdclass={"build_py": BuildPyWithCatalogs},
    ext_modules=[]
    if SKIP
    else [
        Extension(
            "rummy101_solver.engine._sweepc",
            ["rummy101_solver/engine/_sweepc.c"],
            optional=True,
        )
    ],
)
