"""What searches or proves: candidate melds, the CP-SAT model (``sat`` is the one door to
OR-Tools), the opening solver, check, outs, play and simulate.
"""
