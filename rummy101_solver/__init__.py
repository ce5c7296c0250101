"""rummy101-solver: the proven-best opening of a Rummy 101 (101 Okey) rack.

Library entry points: :func:`rummy101_solver.parsing.parse_rack` and
:func:`rummy101_solver.solver.analyse`.
"""

__version__ = "0.1.0"
