"""House rule R-LAYOFF-LIMIT, other tables' reading: at most N tiles laid off at one end
of a run per turn (``play --layoff-per-end N``, the profile key ``layoff-per-end``),
beside okey.gg's per-group ``--layoff-limit``. Off by default."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from rummy101_solver import api
from rummy101_solver.cli import main


def play_json(*args: str) -> tuple[dict[str, Any], int, str]:
    result = CliRunner().invoke(
        main, ["play", *args, "--format", "json", "--alternatives", "0"], prog_name="rummy101"
    )
    return json.loads(result.stdout), result.exit_code, result.stderr


def moves(data: dict[str, Any]) -> list[tuple[str, list[str], str | None]]:
    return [(m["kind"], m["tiles"], m.get("end")) for m in data["moves"]]


def test_default_three_tiles_at_one_end_finish() -> None:
    data, code, _ = play_json("R7", "R8", "R9", "K1", "--opened", "pairs", "--table", "R4 R5 R6")
    assert code == 0
    assert "layoff_per_end" not in data["rules"]
    assert moves(data) == [("lay off", ["R7", "R8", "R9"], "high")]
    assert data["finish"]["possible"] is True
    assert data["residual_penalty"] == 2  # K1 doubled: the discard, before it is thrown


def test_two_per_end_keeps_r9_R_LAYOFF_LIMIT() -> None:
    data, code, _ = play_json(
        "R7", "R8", "R9", "K1", "--opened", "pairs", "--table", "R4 R5 R6", "--layoff-per-end", "2"
    )
    assert code == 0
    assert data["rules"]["layoff_per_end"] == 2
    assert moves(data) == [("lay off", ["R7", "R8"], "high")]
    assert data["finish"]["possible"] is False
    assert data["left"] == ["R9", "K1"]
    assert data["residual_penalty"] == 20  # (9 + 1) x 2 for a pairs opener
    assert data["discard"]["tile"] == "K1"


def test_two_per_end_both_ends_of_one_run() -> None:
    # two at each end: four tiles onto one run, which a per-group limit of 3 would refuse
    data, code, _ = play_json(
        "R2", "R3", "R7", "R8", "K1", "--opened", "pairs", "--table", "R4 R5 R6",
        "--layoff-per-end", "2",
    )  # fmt: skip
    assert code == 0
    assert sorted(moves(data)) == [
        ("lay off", ["R2", "R3"], "low"),
        ("lay off", ["R7", "R8"], "high"),
    ]
    assert data["finish"]["possible"] is True


def test_text_names_the_house_rule() -> None:
    result = CliRunner().invoke(
        main,
        ["play", "R7", "R8", "R9", "K1", "--opened", "pairs", "--table", "R4 R5 R6",
         "--layoff-per-end", "2", "--alternatives", "0"],
        prog_name="rummy101",
    )  # fmt: skip
    assert result.exit_code == 0
    assert "House rules: at most 2 tiles at one end of a run per turn [R-LAYOFF-LIMIT]." in (
        result.stdout
    )
    assert "1       lay off R7 R8 onto group 1 (high end)" in result.stdout


def test_a_profile_sets_it(tmp_path: Path) -> None:
    profile = tmp_path / "table.toml"
    profile.write_text("layoff-per-end = 2\n", encoding="utf-8")
    data, code, stderr = play_json(
        "R7", "R8", "R9", "K1", "--opened", "pairs", "--table", "R4 R5 R6", "--house", str(profile)
    )
    assert code == 0
    assert stderr == f"House profile {profile}: layoff-per-end = 2.\n"
    assert data["rules"]["layoff_per_end"] == 2
    assert data["left"] == ["R9", "K1"]


def test_bad_value_exit_2() -> None:
    result = CliRunner().invoke(main, ["play", "R7", "--layoff-per-end", "0"], prog_name="rummy101")
    assert result.exit_code == 2
    assert "--layoff-per-end" in result.output


def test_api_takes_it() -> None:
    data = api.play("R7 R8 R9 K1", "R4 R5 R6", opened="pairs", layoff_per_end=2, alternatives=0)
    assert (data["left"], data["residual_penalty"]) == (["R9", "K1"], 20)
