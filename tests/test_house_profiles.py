"""House profiles (issue 30): a table's rules written once in TOML, ``--house FILE|NAME``
on every command that takes rules, a flag overriding the profile, a bad key refused
with the nearest valid one (exit 2)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner

from rummy101_solver import api
from rummy101_solver.cli import main
from rummy101_solver.cli.options import HOUSE_SCORE_OPTIONS
from rummy101_solver.files.house import (
    PROFILE_KEYS,
    PROFILE_ONLY,
    HouseError,
    builtin_profiles,
    load_house,
)

ROUND = ["--winner", "Ali", "Ali: pairs", "Bea: melds R3 R5", "Can: pairs R7 J"]


def run(*args: str) -> click.testing.Result:
    return CliRunner().invoke(main, list(args), prog_name="rummy101")


def score_json(*args: str) -> dict[str, Any]:
    result = run("score", *args, "--format", "json")
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def test_the_built_in_profiles() -> None:
    assert list(builtin_profiles()) == ["classic", "okey.gg", "okey-plus", "esli"]
    assert load_house("classic").values == ()
    assert load_house("OKEY-PLUS").values == (
        ("sheet", "paper"), ("finish-table", "okey-plus"), ("okey-left", "outside"),
    )  # fmt: skip
    assert dict(load_house("esli").values) == {"teams": True, "sheet": "paper",
                                               "indicator-twin": False}  # fmt: skip


def test_profile_keys_are_the_options_by_the_same_names() -> None:
    options: set[str] = set()
    for name in ("solve", "check", "play", "outs", "batch", "score"):
        command = main.get_command(click.Context(main), name)
        assert command is not None
        for param in command.params:
            if isinstance(param, click.Option):
                options |= {o.removeprefix("--no-").removeprefix("--") for o in param.opts}
                assert "--house" in [o for p in command.params for o in p.opts], name
    assert set(PROFILE_KEYS) - set(PROFILE_ONLY) <= options
    assert {name.replace("_", "-") for name in HOUSE_SCORE_OPTIONS} <= set(PROFILE_KEYS)


def test_a_profile_plays_as_its_flags() -> None:
    flags = score_json("--sheet", "paper", "--finish-table", "okey-plus", "--okey-left",
                       "outside", *ROUND)  # fmt: skip
    assert score_json("--house", "okey-plus", *ROUND) == flags
    assert [p["result"] for p in flags["players"]] == [-202, 16, 2 * 2 * 7 + 101]


def test_a_profile_file(tmp_path: Path) -> None:
    table = tmp_path / "table.toml"
    table.write_text('about = "our table"\nsheet = "paper"\nfinish-table = "okey-plus"\n'
                     'okey-left = "outside"\n', encoding="utf-8")  # fmt: skip
    assert score_json("--house", str(table), *ROUND) == score_json("--house", "okey-plus", *ROUND)


def test_a_flag_overrides_the_profile_and_the_output_says_so() -> None:
    result = run("score", "--house", "esli", "--sheet", "gains", "--winner", "Ali", "Ali",
                 "Bea: melds R3", "Can: not", "Deniz: pairs K2")  # fmt: skip
    assert result.exit_code == 0
    assert result.stderr == (
        "House profile esli: teams = true. The command line overrides it: --sheet.\n"
    )
    assert "Team Ali & Can: -101 [R-TEAMS]." in result.stdout  # gains: the winner gains
    result = run("score", "--house", "okey-plus", *ROUND)
    assert result.stderr == (
        "House profile okey-plus: sheet = paper, finish-table = okey-plus, okey-left = outside.\n"
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('finish_tabel = "okey-plus"\n', "unknown key 'finish_tabel'; did you mean"
         " 'finish-table'? ('rummy101 rules --house classic' shows the format)"),
        ('rizko = true\n', "unknown key 'rizko'; did you mean 'riziko'? ('rummy101 rules"
         " --house classic' shows the format)"),
        ('sheet = "pepper"\n', 'sheet = \'pepper\': use "gains" or "paper"'),
        ("teams = 1\n", "teams = 1: use true or false"),
        ("layoff-limit = 20\n", "layoff-limit = 20: use a whole number 1–13"),
        ("sheet = \n", "not TOML (Invalid value (at line 1, column 9))"),
    ],
)  # fmt: skip
def test_a_bad_profile_is_refused_naming_the_key(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str, message: str
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("t.toml").write_text(text, encoding="utf-8")
    for command in (["score", "--winner", "A", "A", "B: not"], ["solve", "R1"],
                    ["rules"]):  # fmt: skip
        result = run(*command, "--house", "t.toml")
        assert (result.output, result.exit_code) == (f"Error: --house 't.toml': {message}\n", 2)


def test_a_mistyped_built_in_name_is_refused_with_the_nearest() -> None:
    result = run("score", "--house", "okey", "--winner", "A", "A", "B: not")
    assert (result.output, result.exit_code) == (
        "Error: --house 'okey': no such built-in profile or file; did you mean 'okey.gg'?"
        " built-in profiles: classic, okey.gg, okey-plus, esli\n",
        2,
    )


def test_rules_prints_the_profile_and_the_rules_it_switches() -> None:
    result = run("rules", "--house", "okey-plus")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0] == "House profile okey-plus (built-in)"
    assert result.output.split("\n\n")[0].splitlines()[-3:] == [
        '  sheet = "paper"                         [R-PAPER-SHEET]',
        '  finish-table = "okey-plus"              [R-FINISH-TABLE]',
        '  okey-left = "outside"                   [R-OKEY-LEFT]',
    ]
    blocks = result.output.split("\n\n")
    assert [b.split()[0] for b in blocks[1:]] == ["R-PAPER-SHEET", "R-FINISH-TABLE", "R-OKEY-LEFT"]
    data = json.loads(run("rules", "--house", "esli", "--format", "json").output)
    assert data["house"]["switches"][0] == {"key": "teams", "value": True, "rule": "R-TEAMS"}
    assert [r["id"] for r in data["rules"]] == ["R-TEAMS", "R-PAPER-SHEET", "R-INDICATOR-TWIN"]
    assert api.rules(house="esli") == data


def test_solve_takes_the_profile_s_rules() -> None:
    result = run("solve", "--house", "okey.gg", "R10", "R11", "R12", "B11", "B12", "B13")
    assert result.exit_code == 1
    assert result.stderr == "House profile okey.gg: rising = true, indicator-twin = true.\n"
    assert "Rising mode: nobody has opened yet" in result.stdout
    assert api.analyse("R10 R11 R12", house="okey.gg")["rules"]["rising"] is True
    assert api.analyse("R10 R11 R12", house="okey.gg", rising=False)["rules"]["rising"] is False


def test_the_api_takes_a_profile_and_a_keyword_overrides_it() -> None:
    hands = ["Ali", "Bea: melds R3", "Can: not", "Deniz: pairs K2"]
    got = api.score(hands, winner="Ali", house="esli")
    assert got["teams"][0] == {"players": ["Ali", "Can"], "result": -101 + 202}
    assert api.score(hands, winner="Ali", house="esli", sheet="gains")["rules"]["sheet"] == "gains"
    with pytest.raises(api.BadInputError, match="no such built-in profile or file"):
        api.score(hands, winner="Ali", house="eşli")
    with pytest.raises(HouseError):
        load_house("nowhere.toml")


def test_play_and_track_take_the_profile(tmp_path: Path) -> None:
    # okey.gg: at most 3 tiles onto one group per turn, a joker leaves only a full set
    data = api.play("R7 R8 R9 R10 K1", "R4 R5 R6", opened="melds", house="okey.gg")
    assert (data["rules"]["layoff_limit"], data["rules"]["retrieve"]) == (3, "full-set")
    game = tmp_path / "g.jsonl"
    rack = [f"R{n}" for n in range(1, 14)] + [f"B{n}" for n in range(1, 9)]
    result = run("track", "new", "--house", "okey.gg", "--game", str(game), *rack)
    assert result.exit_code == 0, result.output
    assert result.stderr == (
        "House profile okey.gg: rising = true, layoff-limit = 3, retrieve = full-set.\n"
    )
    first = json.loads(game.read_text(encoding="utf-8").splitlines()[0])
    assert '"layoff_limit": 3' in json.dumps(first)
