"""rummy101-solver: the proven-best opening of a Rummy 101 (101 Okey) rack.

The Python API (:mod:`rummy101_solver.api`): :func:`analyse`, :func:`check`,
:func:`play`, :func:`score`, :func:`outs`, :func:`simulate`, :func:`rules` and
:func:`schema` take text and
keyword options and return what the matching command prints with ``--format
json``; bad input raises :class:`BadInputError`. Importing the package does not
import ortools.

``check``, ``play``, ``outs``, ``simulate``, ``rules`` and ``schema`` are also
module names: here they are the API functions; import the modules' contents with ``from
rummy101_solver.play import …``.
"""

# load the modules named like API functions first: a module loaded later would
# replace the function of the same name on the package
from rummy101_solver import check as _check_module  # noqa: F401
from rummy101_solver import outs as _outs_module  # noqa: F401
from rummy101_solver import play as _play_module  # noqa: F401
from rummy101_solver import rules as _rules_module  # noqa: F401
from rummy101_solver import schema as _schema_module  # noqa: F401
from rummy101_solver import simulate as _simulate_module  # noqa: F401
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
