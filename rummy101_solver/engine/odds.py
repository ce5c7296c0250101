"""Shares over many trials and their 95 % intervals: what ``simulate``, whole
rounds and ``outs --draws`` report."""

from __future__ import annotations

import math

Z_95 = 1.959963984540054
"""The standard normal quantile of 0.975: a two-sided 95 % interval."""


def wilson_interval(successes: int, trials: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of a share: ``successes`` of ``trials``.

    ``(centre ± half) / (1 + z²/n)`` with ``centre = p + z²/2n`` and
    ``half = z·sqrt(p(1-p)/n + z²/4n²)``; unlike the normal approximation it
    stays inside [0, 1] and is not empty at 0 or n successes.
    """
    if trials <= 0:
        return (0.0, 1.0)
    n, p = trials, successes / trials
    denominator = 1 + z * z / n
    centre = p + z * z / (2 * n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    low = 0.0 if successes <= 0 else (centre - half) / denominator  # exactly 0 at 0 of n
    high = 1.0 if successes >= trials else (centre + half) / denominator  # and 1 at n of n
    return (max(0.0, low), min(1.0, high))
