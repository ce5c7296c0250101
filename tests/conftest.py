"""Test settings: hypothesis runs derandomized, so every CI run tries the same examples;
the program speaks English whatever the locale of the machine running the tests (the
tests of Turkish ask for it: tests/test_i18n.py)."""

import os

from hypothesis import settings

for _variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
    os.environ.pop(_variable, None)
os.environ["LANG"] = "C.UTF-8"

settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
settings.load_profile("ci")
