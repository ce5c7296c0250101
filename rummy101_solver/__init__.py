"""rummy101-solver: the proven-best opening of a Rummy 101 (101 Okey) rack.

The Python API (:mod:`rummy101_solver.api`, its names in ``api.__all__``):
one function per command (:func:`analyse` for ``solve``, :func:`check`,
:func:`play`, :func:`score`, :func:`standings`, :func:`outs`, :func:`batch`,
:func:`verify`, :func:`deal`, :func:`simulate`, :func:`rules`, :func:`schema`)
takes text and the command's flags as keywords and returns what the command
prints with ``--format json``; bad input raises :class:`BadInputError`.
Importing the package imports nothing at all (not even ``typing``), nor the
API: each name is imported on first use (PEP 562), so the ``rummy101`` entry
point (:mod:`rummy101_solver.__main__`) takes Ctrl-C before any import of
the package runs.

The code is grouped by layer, each importing only the layers below it:
:mod:`rummy101_solver.game` (the rules of 101), :mod:`rummy101_solver.engine`
(what searches or proves), :mod:`rummy101_solver.report` (text, tables, JSON),
:mod:`rummy101_solver.files` (file formats and streams), and on top the two
faces, :mod:`rummy101_solver.cli` and :mod:`rummy101_solver.api`.
"""

# no import here, not even "from __future__" or typing: a Ctrl-C that lands while
# a module loads, before the entry point holds it, would print a traceback (issue 34)
TYPE_CHECKING = False  # what typing.TYPE_CHECKING is at run time; mypy reads it as True

if TYPE_CHECKING:
    from typing import Any

    from rummy101_solver.api import (
        BadInputError,
        analyse,
        batch,
        check,
        deal,
        outs,
        play,
        rules,
        schema,
        score,
        simulate,
        standings,
        verify,
    )

__all__ = [  # the names of rummy101_solver.api.__all__ (a test checks)
    "BadInputError",
    "analyse",
    "batch",
    "check",
    "deal",
    "outs",
    "play",
    "rules",
    "schema",
    "score",
    "simulate",
    "standings",
    "verify",
]


def __getattr__(name: str) -> "Any":
    """The API names, imported from :mod:`rummy101_solver.api` on first use (PEP 562),
    so ``import rummy101_solver`` (and the ``rummy101`` command, which lives under it)
    does not pay for the whole API. Raises :class:`AttributeError` for any other name."""
    if name in __all__:
        from rummy101_solver import api

        value = getattr(api, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


__version__ = "0.1.0"
