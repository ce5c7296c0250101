"""tabulate, imported without its optional wide-character support.

tabulate imports ``wcwidth`` when it is installed (prompt_toolkit, which
``track``'s interactive mode uses, installs it) to measure East Asian wide
characters. Our tables hold ASCII and Turkish letters, one column each, so
the widths are the same without it, and its import cost a cold ``rummy101
solve`` about a tenth of its CPU (measured with ``python -X importtime``,
issue 32). Every module takes tabulate from here: the first import of the
process decides, and ``wcwidth`` stays importable for prompt_toolkit.
"""

from __future__ import annotations

import sys
from importlib import import_module

if "tabulate" not in sys.modules and "wcwidth" not in sys.modules:
    sys.modules["wcwidth"] = None  # type: ignore[assignment]  # tabulate: ImportError
    try:
        import_module("tabulate")
    finally:
        del sys.modules["wcwidth"]

from tabulate import tabulate, tabulate_formats

__all__ = ["tabulate", "tabulate_formats"]
