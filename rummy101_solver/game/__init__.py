"""The rules of 101, no search: tiles, rack notation, the rules object, the rule book,
scoring and deals.
"""
