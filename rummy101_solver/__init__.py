"""rummy101-solver: the proven-best opening of a Rummy 101 (101 Okey) rack.

The Python API (:mod:`rummy101_solver.api`): :func:`analyse`, :func:`check`,
:func:`play`, :func:`score`, :func:`outs`, :func:`simulate`, :func:`rules` and
:func:`schema` take text and
keyword options and return what the matching command prints with ``--format
json``; bad input raises :class:`BadInputError`. Importing the package does not
import ortools.

The code is grouped by layer, each importing only the layers below it:
:mod:`rummy101_solver.game` (the rules of 101), :mod:`rummy101_solver.engine`
(what searches or proves), :mod:`rummy101_solver.report` (text, tables, JSON),
:mod:`rummy101_solver.files` (file formats and streams), and on top the two
faces, :mod:`rummy101_solver.cli` and :mod:`rummy101_solver.api`.
"""

from rummy101_solver.api import (
    BadInputError,
    analyse,
    check,
    outs,
    play,
    rules,
    schema,
    score,
    simulate,
)

__all__ = [
    "BadInputError",
    "analyse",
    "check",
    "outs",
    "play",
    "rules",
    "schema",
    "score",
    "simulate",
]

__version__ = "0.1.0"
