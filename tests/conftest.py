"""Test settings: hypothesis runs derandomized, so every CI run tries the same examples."""

from hypothesis import settings

settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
settings.load_profile("ci")
