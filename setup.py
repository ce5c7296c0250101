"""The sweep's compiled inner loop, an optional C extension (no dependencies).

Everything else about the package is in pyproject.toml. Where no C compiler
is at hand, the build skips the extension (``optional=True``) and the
pure-Python sweep gives the same answers, slower (docs/benchmarks.md).
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "rummy101_solver.engine._sweepc",
            ["rummy101_solver/engine/_sweepc.c"],
            optional=True,
        )
    ]
)
