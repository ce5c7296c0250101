"""The CP-SAT model builder (``rummy101_solver.engine.sat``) and the OR-Tools parts it relies on.

``sat.py`` writes CP-SAT's model message through ``ortools.sat.python.cp_model_helper``
(a lower-level module than the documented ``cp_model``), so that solving imports
neither pandas nor numpy. The first tests here are the canary for an OR-Tools
upgrade: they fail with a message naming what changed.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from rummy101_solver.engine.sat import HELPER_NAMES, SatModel, helper

UPGRADE = (
    "OR-Tools {version} changed ortools.sat.python.cp_model_helper, which "
    "rummy101_solver/sat.py writes models through: {what}. Update sat.py (or pin ortools)."
)


def _upgrade_message(what: str) -> str:
    import ortools

    return UPGRADE.format(version=getattr(ortools, "__version__", "?"), what=what)


def test_the_helper_module_still_has_what_sat_uses() -> None:
    cmh = helper()
    missing = [name for name in HELPER_NAMES if not hasattr(cmh, name)]
    assert not missing, _upgrade_message(f"missing {', '.join(missing)}")
    params = cmh.SatParameters()
    for name in ("num_workers", "random_seed", "max_time_in_seconds", "cp_model_presolve",
                 "cp_model_probing_level", "catch_sigint_signal"):  # fmt: skip
        assert hasattr(params, name), _upgrade_message(f"SatParameters has no {name}")
    proto = cmh.CpModelProto()
    for name in ("variables", "constraints", "objective", "solution_hint", "merge_text_format",
                 "clear_objective"):  # fmt: skip
        assert hasattr(proto, name), _upgrade_message(f"CpModelProto has no {name}")
    for name in ("set_parameters", "solve"):
        assert hasattr(cmh.SolveWrapper, name), _upgrade_message(f"SolveWrapper has no {name}")
    for name in ("status", "solution"):
        assert hasattr(cmh.CpSolverResponse(), name), _upgrade_message(f"response has no {name}")
    constraint = proto.constraints.add()
    for name in ("linear", "bool_or", "bool_and", "exactly_one", "at_most_one",
                 "enforcement_literal"):  # fmt: skip
        assert hasattr(constraint, name), _upgrade_message(f"ConstraintProto has no {name}")
    for name in ("vars", "coeffs", "scaling_factor"):
        assert hasattr(proto.objective, name), _upgrade_message(f"objective has no {name}")


def test_the_status_numbers_are_cp_sats() -> None:
    status = helper().CpSolverStatus
    numbers = {name: int(getattr(status, name)) for name in
               ("UNKNOWN", "MODEL_INVALID", "FEASIBLE", "INFEASIBLE", "OPTIMAL")}  # fmt: skip
    expected = {"UNKNOWN": 0, "MODEL_INVALID": 1, "FEASIBLE": 2, "INFEASIBLE": 3, "OPTIMAL": 4}
    assert numbers == expected, _upgrade_message(f"CpSolverStatus numbers are {numbers}")


def test_a_tiny_knapsack_solves_to_its_known_optimum() -> None:
    # weights 3, 4, 5 (at most 2 copies each) into capacity 10; values 4, 5, 7:
    # best is 2 x weight 5 (value 14)
    m = SatModel()
    xs = m.new_int_vars([0, 0, 0], [2, 2, 2])
    m.add_linear(list(xs), [3, 4, 5], ub=10)
    m.maximize(list(xs), [4, 5, 7])
    solution = m.solve(5.0)
    assert solution.status == "optimal", _upgrade_message(f"status {solution.status}")
    assert solution.values == (0, 0, 2), _upgrade_message(f"values {solution.values}")


def test_linear_bounds_equalities_and_repeated_variables() -> None:
    m = SatModel()
    x, y = m.new_int_var(0, 9), m.new_int_var(-5, 5)
    m.add_linear([x, y, x], [1, 1, 1], lb=4, ub=6)  # 2x + y in [4, 6]
    m.add_linear([y], [1], lb=-1, ub=-1)  # y == -1
    m.add_linear([x, y], [1, 0], ub=3)  # x <= 3 (zero coefficient dropped)
    m.maximize([x, y], [10, 1])
    assert m.solve(5.0).values == (3, -1)
    m.minimize([x], [1])
    assert m.solve(5.0).values == (3, -1)  # 2x - 1 >= 4 forces x = 3
    proto = m.proto
    assert list(proto.constraints[0].linear.vars) == [x, y]
    assert list(proto.constraints[0].linear.coeffs) == [2, 1]
    assert list(proto.constraints[2].linear.vars) == [x]


def test_an_empty_range_and_a_contradiction_are_infeasible() -> None:
    m = SatModel()
    x = m.new_int_var(0, 3)
    m.add_linear([x], [1], lb=2, ub=1)
    assert m.solve(1.0).status == "infeasible"
    m = SatModel()
    x = m.new_int_var(0, 3)
    m.add_linear([x], [1], lb=4)
    solution = m.solve(1.0)
    assert (solution.status, solution.values, solution.found) == ("infeasible", (), False)


def test_clauses_implications_and_cardinality() -> None:
    m = SatModel()
    a, b, c = m.new_bool_vars(3)
    m.add_bool_or([~a, ~b])  # not both a and b
    m.add_implication(c, a)  # c -> a
    m.add_exactly_one([b, c])
    m.maximize([a, b, c], [1, 1, 4])
    assert m.solve(1.0).values == (1, 0, 1)
    m.add_at_most_one([a, c])
    assert m.solve(1.0).values == (0, 1, 0)
    m.add_hint([a, c], [1, 0])  # a hint steers the search, never the optimum
    assert m.solve(1.0).values == (0, 1, 0)
    assert (list(m.proto.solution_hint.vars), list(m.proto.solution_hint.values)) == (
        [0, 2],
        [1, 0],
    )


def test_bad_coefficient_lists_and_bounds_are_refused() -> None:
    m = SatModel()
    x = m.new_bool_var()
    with pytest.raises(ValueError, match="1 variables but 2 coefficients"):
        m.add_linear([x], [1, 2], ub=1)
    with pytest.raises(ValueError, match="2 lower bounds but 1 upper bounds"):
        m.new_int_vars([0, 0], [1])
    with pytest.raises(ValueError, match="cannot read"):
        m.new_int_vars([0], [2**64])
    assert m.num_vars == 1


def test_bulk_variables_follow_single_ones() -> None:
    m = SatModel()
    assert m.new_int_var(-3, 3) == 0
    assert list(m.new_int_vars([0, 5], [1, 9])) == [1, 2]
    assert list(m.new_bool_vars(2)) == [3, 4]
    assert [list(v.domain) for v in m.proto.variables] == [[-3, 3], [0, 1], [5, 9], [0, 1], [0, 1]]


def test_solving_a_rack_imports_neither_pandas_nor_numpy() -> None:
    code = (
        "import sys\n"
        "from rummy101_solver.cli import main\n"
        "try:\n"
        "    main(['solve', *'R11 R12 R13 B11 B12 B13 K13 Y13 Y12 K12 J R9 R9'.split()])\n"
        "except SystemExit as stop:\n"
        "    assert stop.code == 0, stop.code\n"
        "heavy = sorted({m.split('.')[0] for m in sys.modules} & {'pandas', 'numpy'})\n"
        "print(heavy, 'ortools.sat.python.cp_model' in sys.modules,"
        " 'ortools.sat.python.cp_model_helper' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "Best meld opening: 141 points, meets 101 points (optimal)" in out.stdout
    assert out.stdout.splitlines()[-1] == "[] False True"
