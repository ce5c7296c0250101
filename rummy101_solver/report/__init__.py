"""Results to text, tables, JSON, documents and pictures: render (solve), outs, play,
explain, plot and the JSON schemas.
"""
