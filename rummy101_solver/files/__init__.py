"""File formats and streams: the batch and verify inputs, fixture cases and the match
ledger.
"""
