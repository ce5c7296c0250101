"""rummy101-solver: the proven-best opening of a Rummy 101 (101 Okey) rack.

The Python API (:mod:`rummy101_solver.api`, its names in ``api.__all__``):
one function per command (:func:`analyse` for ``solve``, :func:`check`,
:func:`play`, :func:`score`, :func:`standings`, :func:`outs`, :func:`batch`,
:func:`verify`, :func:`deal`, :func:`simulate`, :func:`rules`, :func:`schema`)
takes text and the command's flags as keywords and returns what the command
prints with ``--format json``; bad input raises :class:`BadInputError`.
Importing the package does not import ortools.

The code is grouped by layer, each importing only the layers below it:
:mod:`rummy101_solver.game` (the rules of 101), :mod:`rummy101_solver.engine`
(what searches or proves), :mod:`rummy101_solver.report` (text, tables, JSON),
:mod:`rummy101_solver.files` (file formats and streams), and on top the two
faces, :mod:`rummy101_solver.cli` and :mod:`rummy101_solver.api`.
"""

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

__version__ = "0.1.0"
