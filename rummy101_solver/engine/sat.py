"""The one place that talks to OR-Tools CP-SAT: a small, index-based model builder.

Every model of the project (openings, outs, the turn against the table) is
built through :class:`SatModel`, so the solver is configured in one place
(one worker, fixed seed, Ctrl-C left to the command line) and the way the
model reaches CP-SAT can change without touching the models themselves.

Variables are plain ``int`` indices. A *literal* is a Boolean variable's index
``i`` or its negation ``~i`` (that is ``-i - 1``, CP-SAT's own convention).
Linear constraints and the objective take parallel lists of variable indices
and integer coefficients.

The model is written straight into CP-SAT's model message
(``CpModelProto``) through ``ortools.sat.python.cp_model_helper``, the C++
module under ``cp_model``: no expression objects per call, and neither pandas
nor numpy imported (``cp_model`` imports both: two thirds of a cold start).
This module is the only user of that lower-level interface;
``tests/test_sat.py`` fails with a clear message if an OR-Tools upgrade
changes the parts used here (:data:`HELPER_NAMES`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

Status = Literal["optimal", "feasible", "infeasible", "unknown"]

INT_MIN = -(2**63)
INT_MAX = 2**63 - 1
"""CP-SAT's "no bound" (int64 limits), as ``cp_model`` writes them."""

HELPER_NAMES = (
    "CpModelProto",
    "SatParameters",
    "SolveWrapper",
    "CpSolverResponse",
    "CpSolverStatus",
)
"""What this module uses from ``ortools.sat.python.cp_model_helper``."""

# CpSolverStatus numbers (cp_model.proto): UNKNOWN 0, MODEL_INVALID 1,
# FEASIBLE 2, INFEASIBLE 3, OPTIMAL 4
_STATUSES: dict[int, Status] = {4: "optimal", 2: "feasible", 3: "infeasible"}

_helper: Any = None


def helper() -> Any:
    """The ``cp_model_helper`` module, imported on first use (not at import:
    ``rummy101 --help`` never loads OR-Tools)."""
    global _helper
    if _helper is None:
        from ortools.sat.python import cp_model_helper

        _helper = cp_model_helper
    return _helper


@dataclass(frozen=True)
class SatSolution:
    """What one solve found: the status, and each variable's value (empty
    unless the status is ``"optimal"`` or ``"feasible"``)."""

    status: Status
    values: tuple[int, ...]

    @property
    def found(self) -> bool:
        """True when a solution was found (proven optimal or not)."""
        return self.status in ("optimal", "feasible")

    def value(self, var: int) -> int:
        """The value of variable ``var`` in this solution."""
        return self.values[var]


def _canonical(variables: Sequence[int], coeffs: Sequence[int]) -> tuple[list[int], list[int]]:
    """Merge repeated variables and drop zero coefficients (first occurrence
    order), as ``cp_model`` does; a no-op copy in the usual case."""
    if len(variables) != len(coeffs):
        raise ValueError(f"{len(variables)} variables but {len(coeffs)} coefficients")
    if 0 not in coeffs and len(set(variables)) == len(variables):
        return list(variables), list(coeffs)
    merged: dict[int, int] = {}
    for v, c in zip(variables, coeffs, strict=True):
        merged[v] = merged.get(v, 0) + c
    kept = [(v, c) for v, c in merged.items() if c]
    return [v for v, _ in kept], [c for _, c in kept]


class SatModel:
    """A CP-SAT model built by index: variables, linear constraints, clauses
    and one objective to maximize (or minimize)."""

    def __init__(self) -> None:
        self._proto = helper().CpModelProto()
        self._variables = self._proto.variables
        self._constraints = self._proto.constraints
        self._num_vars = 0

    @property
    def num_vars(self) -> int:
        """How many variables the model has."""
        return self._num_vars

    @property
    def proto(self) -> Any:
        """The CP-SAT model message as built so far (for tests and debugging)."""
        return self._proto

    def new_int_var(self, lb: int, ub: int) -> int:
        """A new integer variable in ``[lb, ub]``; returns its index."""
        self._variables.add().domain.extend((lb, ub))
        self._num_vars += 1
        return self._num_vars - 1

    def new_bool_var(self) -> int:
        """A new Boolean variable; returns its index (a positive literal)."""
        return self.new_int_var(0, 1)

    def new_int_vars(self, lbs: Sequence[int], ubs: Sequence[int]) -> range:
        """New integer variables, the i-th in ``[lbs[i], ubs[i]]``; returns their
        indices (consecutive)."""
        if len(lbs) != len(ubs):
            raise ValueError(f"{len(lbs)} lower bounds but {len(ubs)} upper bounds")
        # one call for all: the text form is parsed in C++ (faster than a call per variable)
        bounds = list(zip(lbs, ubs, strict=True))
        text = "".join([f"variables{{domain:[{lb:d},{ub:d}]}}" for lb, ub in bounds])
        if not self._proto.merge_text_format(text):
            raise ValueError(f"variable bounds CP-SAT cannot read: {bounds}")
        first = self._num_vars
        self._num_vars += len(lbs)
        return range(first, self._num_vars)

    def new_bool_vars(self, count: int) -> range:
        """``count`` new Boolean variables; returns their indices (consecutive)."""
        return self.new_int_vars([0] * count, [1] * count)

    def add_linear(
        self,
        variables: Sequence[int],
        coeffs: Sequence[int],
        lb: int | None = None,
        ub: int | None = None,
    ) -> None:
        """Constrain ``lb <= sum(coeffs[i] * variables[i]) <= ub`` (``None``: no bound;
        both ``None``: nothing is added)."""
        if lb is None and ub is None:
            return
        low = INT_MIN if lb is None else lb
        high = INT_MAX if ub is None else ub
        linear = self._constraints.add().linear
        if low > high:
            linear.domain.extend((1, 1))  # an empty range: 0 == 1, never satisfied
            return
        vs, cs = _canonical(variables, coeffs)
        linear.vars.extend(vs)
        linear.coeffs.extend(cs)
        linear.domain.extend((low, high))

    def add_bool_or(self, literals: Sequence[int]) -> None:
        """At least one of ``literals`` is true."""
        self._constraints.add().bool_or.literals.extend(literals)

    def add_exactly_one(self, literals: Sequence[int]) -> None:
        """Exactly one of ``literals`` is true."""
        self._constraints.add().exactly_one.literals.extend(literals)

    def add_at_most_one(self, literals: Sequence[int]) -> None:
        """At most one of ``literals`` is true."""
        self._constraints.add().at_most_one.literals.extend(literals)

    def add_implication(self, a: int, b: int) -> None:
        """Literal ``a`` implies literal ``b``."""
        constraint = self._constraints.add()
        constraint.enforcement_literal.append(a)
        constraint.bool_and.literals.append(b)

    def _set_objective(self, variables: Sequence[int], coeffs: Sequence[int], sign: int) -> None:
        vs, cs = _canonical(variables, coeffs)
        self._proto.clear_objective()
        objective = self._proto.objective
        objective.vars.extend(vs)
        objective.coeffs.extend([sign * c for c in cs] if sign < 0 else cs)
        objective.scaling_factor = sign

    def maximize(self, variables: Sequence[int], coeffs: Sequence[int]) -> None:
        """Set the objective: maximize ``sum(coeffs[i] * variables[i])``."""
        # CP-SAT minimizes: the negated sum, scaled by -1 (as cp_model writes it)
        self._set_objective(variables, coeffs, -1)

    def minimize(self, variables: Sequence[int], coeffs: Sequence[int]) -> None:
        """Set the objective: minimize ``sum(coeffs[i] * variables[i])``."""
        self._set_objective(variables, coeffs, 1)

    def add_hint(self, variables: Sequence[int], values: Sequence[int]) -> None:
        """Suggest a (partial) solution for CP-SAT to try first; it changes the
        search, so the answer among equally good solutions may change."""
        hint = self._proto.solution_hint
        hint.vars.extend(variables)
        hint.values.extend(values)

    def solve(
        self,
        time_limit: float,
        assumptions: Sequence[int] = (),
        *,
        thorough: bool = False,
        presolve: bool = False,
        work_limit: float | None = None,
    ) -> SatSolution:
        """Solve within ``time_limit`` seconds (wall clock, at least 1 ms), with the
        ``assumptions`` (literals) held true for this solve only.

        Deterministic: one worker, a fixed seed; presolve and probing off (the
        models are tiny). ``thorough``: presolve on and the fuller LP relaxation
        (linearization level 2), for a model that has grown no-good cuts (the
        alternatives of ``play``: measured 30 s → 2.5 s for five on an 18-tile
        rack with two jokers and eight groups; the first solve stays lean).
        ``presolve``: presolve on (alone, without the fuller LP relaxation).
        ``work_limit``: CP-SAT's deterministic time limit (work units, the same
        on every machine and run), so a solve it cuts ends ``"unknown"``
        reproducibly; ``None``: no such limit.
        CP-SAT does not catch Ctrl-C: the command line owns it.
        Only a proven optimum has status ``"optimal"``.
        """
        cmh = helper()
        params = cmh.SatParameters()
        params.num_workers = 1
        params.random_seed = 0
        params.max_time_in_seconds = max(time_limit, 0.001)
        # the models are tiny: presolve and probing cost more than they save
        # (measured: median 1.0 → 0.5 ms, p95 3.8 → 1.2 ms on dealt racks with jokers)
        params.cp_model_presolve = thorough or presolve
        if work_limit is not None:
            params.max_deterministic_time = work_limit
        params.cp_model_probing_level = 0
        if thorough:
            # no-good cuts are disjunctions a weak LP cannot bound: proofs took seconds
            params.linearization_level = 2
        params.catch_sigint_signal = False
        # literals held true for this solve only (CP-SAT's ~i is ours too)
        self._proto.assumptions.clear()
        if assumptions:
            self._proto.assumptions.extend(assumptions)
        wrapper = cmh.SolveWrapper()
        wrapper.set_parameters(params)
        response = wrapper.solve(self._proto)
        status = _STATUSES.get(int(response.status), "unknown")
        values: tuple[int, ...] = ()
        if status in ("optimal", "feasible"):
            values = tuple(response.solution)
        return SatSolution(status, values)
