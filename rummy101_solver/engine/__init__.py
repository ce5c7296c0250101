"""What searches or proves, one idea per module.

Openings (``solve``, ``check``): ``candidates`` (the runs and sets a rack can
make), ``model`` (the packing model), ``sat`` (the one door to OR-Tools),
``small`` and ``pairs`` (exact shortcuts before CP-SAT), ``solver`` (best
openings, one-turn finish), ``check`` (is this arrangement legal, does it
open).

How far from opening (``outs``): ``sweep`` (the exact meld programme over the
numbers 1 → 13: its questions and answers), ``sweep_steps`` (its states and
moves), ``sweep_python`` and ``_sweepc.c`` (its two engines, pure Python and
compiled), ``pairs_distance`` (the pairs side), ``outs`` (distances, outs, the
discard table, draw odds), ``lookahead`` (the exact odds of opening within T
own draws).

A turn with the table in view (``play``): ``table`` (the groups on the table,
their readings, lay-off places), ``plan`` (what a turn is), ``turn_model``
(the CP-SAT turn model), ``discard`` (the opened player's discard), ``play``
(the best turn).

Many deals and whole rounds (``simulate``, ``track``): ``simulate``,
``rounds``, ``bots`` (the advice bots), ``random_bot`` (legal actions at
random), ``bot_kinds`` (the registry: one name, one policy), ``arena`` (the
duplicate arena: two kinds on the same deals), ``advice``; ``odds`` (shares
and their 95 % intervals).
"""
