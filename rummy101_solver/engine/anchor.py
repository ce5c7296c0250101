"""The speed anchor of ``rummy101 bench``: a fixed plain-Python exact search.

``bench`` times every line beside this search run on the same racks in the same
run, so each figure also reads as a ratio to it: a ratio holds from machine to
machine and from an idle machine to a busy one, where seconds do not (issue 32).

The search is frozen on purpose: it uses no part of the package and nothing
but the standard library, so its speed depends only on the machine and the
Python interpreter. Changing it changes every published ratio
(``docs/benchmarks.md``); do not optimise it.

What it computes: the best meld value [R-VALUE] of a rack's numbered tiles
(wild tiles set aside) laid in runs of 3–13 [R-RUN] and sets of 3–4 [R-SET],
by a memoised recursion over the faces in canonical order: the smallest face
still holding a copy either keeps one copy on the rack for good or is the
smallest tile of a run of its colour or of a set of its number.
"""

from __future__ import annotations

from itertools import combinations

__all__ = ["anchor_value"]


def anchor_value(counts: tuple[int, ...]) -> int:
    """The best meld value (points) of a rack of numbered tiles, wild tiles set
    aside: ``counts`` holds 52 copy counts (0–2), index ``13 * colour rank +
    number - 1`` (canonical order). Raises ``ValueError`` for another length."""
    if len(counts) != 52:
        raise ValueError(f"52 copy counts expected, not {len(counts)}")
    memo: dict[tuple[int, ...], int] = {}
    return _best(tuple(counts), memo)


def _best(counts: tuple[int, ...], memo: dict[tuple[int, ...], int]) -> int:
    found = memo.get(counts)
    if found is not None:
        return found
    i = next((i for i, k in enumerate(counts) if k), -1)
    if i < 0:
        return 0
    rest = list(counts)
    rest[i] -= 1
    best = _best(tuple(rest), memo)  # one copy of face i stays on the rack
    colour, number = divmod(i, 13)
    # a run of i's colour starting at i: numbers number+1 … while held
    run = list(counts)
    run[i] -= 1
    value = number + 1
    length = 1
    j = i + 1
    while j < 13 * (colour + 1) and run[j]:
        run[j] -= 1
        value += j - 13 * colour + 1
        length += 1
        if length >= 3:
            best = max(best, value + _best(tuple(run), memo))
        j += 1
    # a set of i's number with i as its first colour, the others of later colours
    later = [13 * c + number for c in range(colour + 1, 4) if counts[13 * c + number]]
    for size in (2, 3):
        for others in combinations(later, size):
            group = list(counts)
            group[i] -= 1
            for k in others:
                group[k] -= 1
            best = max(best, (number + 1) * (size + 1) + _best(tuple(group), memo))
    memo[counts] = best
    return best
