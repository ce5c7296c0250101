"""``python -m rummy101_solver`` runs the ``rummy101`` command."""

from rummy101_solver.cli import main

main(prog_name="rummy101")
