"""The sweep's compiled inner loop, an optional C extension (no dependencies).

Everything else about the package is in pyproject.toml. Where no C compiler
is at hand, the build skips the extension (``optional=True``) and the
pure-Python sweep gives the same answers, slower (docs/benchmarks.md).

``RUMMY101_NO_EXTENSION=1 pip install .`` skips it on purpose, compiler or not:
a pure-Python install (tests/test_wheel.py builds one and compares its answers).
``CC=/bin/false pip install .`` is not enough: a ``build/`` folder left by an
earlier build holds the compiled extension, and setuptools reuses it as up to date.
"""

import os

from setuptools import Extension, setup

SKIP = os.environ.get("RUMMY101_NO_EXTENSION", "").strip() not in ("", "0")
"""Whether to build without the C extension: ``RUMMY101_NO_EXTENSION`` set and not 0."""

setup(
    ext_modules=[]
    if SKIP
    else [
        Extension(
            "rummy101_solver.engine._sweepc",
            ["rummy101_solver/engine/_sweepc.c"],
            optional=True,
        )
    ]
)
