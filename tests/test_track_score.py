"""The end of a ``track`` round hands off to scoring [R-SCORE, R-PENALTY, R-JOKER-FINISH,
R-ONE-TURN]: ``track show`` prints the ``score`` line, ``track score`` scores it through
``rummy101 score`` (``--ledger`` appends as ``score --ledger`` does), and the ``stock``
event ends a round with no winner."""

from __future__ import annotations

import json
import shlex
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from jsonschema import Draft202012Validator

from rummy101_solver.cli import main
from rummy101_solver.files.game_file import read_game
from rummy101_solver.report.schema import load_schema

ROOT = Path(__file__).resolve().parent.parent
RULES = ["--threshold", "30", "--pairs-threshold", "3"]


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def track(game: Path, *args: str) -> Result:
    return run("track", "--game", str(game), *args)


def record(game: Path, *events: tuple[str, ...]) -> None:
    for event in events:
        result = track(game, *event)
        assert result.exit_code == 0, (event, result.output)


def show_json(game: Path) -> dict[str, Any]:
    result = track(game, "show", "--format", "json")
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.output)
    errors = list(Draft202012Validator(load_schema("track")).iter_errors(data))
    assert not errors, errors
    return data


def opened_round(tmp_path: Path) -> Path:
    """3 players, you seat 1: player 2 opens with melds, player 3 with pairs, then it is
    player 3's turn (their finish comes next)."""
    game = tmp_path / "g.jsonl"
    record(
        game,
        ("new", "R3", "R4", "R5", "B9", "K9", "K12", "Y2", "Y6", "--players", "3", *RULES),
        ("draw", "K1"), ("discard", "K1"),
        ("lay", "2", "K10 K11 K12 K13"), ("seen", "2", "B2"),
        ("lay", "3", "B5 B5 | K7 K7 | R11 R11"), ("seen", "3", "R1"),
        ("draw", "R6"), ("discard", "R6"), ("seen", "2", "Y3"),
    )  # fmt: skip
    return game


# --- the score line -------------------------------------------------------------------


def test_your_finish_gives_a_normal_finish_line(tmp_path: Path) -> None:
    game = tmp_path / "g.jsonl"
    shutil.copy(ROOT / "examples" / "round-finished.jsonl", game)
    score = show_json(game)["score"]
    assert score["end"] == "normal" and score["winner"] == 1 and score["last"] == "Y2"
    assert score["line"] == (
        "rummy101 score --end normal --winner you 'you: melds' 'player 2: melds TILES'"
        " 'player 3: pairs TILES'"
    )
    assert score["missing"] == [2, 3]
    text = track(game, "show").output
    assert "Round end: a normal finish [R-SCORE].\n" in text
    assert text.endswith(
        "The tiles left of player 2 (melds), player 3 (pairs) are not known (they opened);"
        " give them with --left '2: TILES', one --left per player [R-PENALTY].\n"
    )


def test_an_opponents_finish_and_a_joker_finish(tmp_path: Path) -> None:
    game = opened_round(tmp_path)
    joker = tmp_path / "j.jsonl"
    shutil.copy(game, joker)
    record(game, ("finish", "3", "K5"))
    assert show_json(game)["score"]["args"] == [
        "--end", "normal", "--winner", "player 3",
        "you: not", "player 2: melds TILES", "player 3: pairs",
    ]  # fmt: skip
    record(joker, ("finish", "3", "J"))
    score = show_json(joker)["score"]
    assert score["end"] == "joker" and score["last"] == "J"
    result = track(joker, "score", "--left", "2: B1 B3")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0] == (
        "Score line: rummy101 score --end joker --winner 'player 3' 'you: not'"
        " 'player 2: melds B1 B3' 'player 3: pairs'"
    )
    # the same table as rummy101 score prints for that line
    line = result.output.splitlines()[0].removeprefix("Score line: rummy101 score ")
    assert result.output.split("\n", 1)[1] == run("score", *shlex.split(line)).output
    assert "you       not      –                        202             2      -404" in (
        result.output
    )


def test_an_untold_last_discard_is_a_normal_finish_and_said_so(tmp_path: Path) -> None:
    game = opened_round(tmp_path)
    record(game, ("finish", "3"))
    assert show_json(game)["score"]["end"] == "normal"
    assert (
        "Player 3's last discard was not told; a joker there would make it a joker finish:"
        " undo, then 'finish 3 J' [R-JOKER-FINISH]." in track(game, "show").output
    )


def test_a_one_turn_finish_with_a_joker(tmp_path: Path) -> None:
    game = tmp_path / "g.jsonl"
    record(
        game,
        ("new", "R3", "R4", "R5", "B9", "K9", "K12", "Y2", "Y6", "--players", "3", *RULES),
        ("draw", "K1"), ("discard", "K1"), ("seen", "2", "B2"), ("finish", "3", "J"),
    )  # fmt: skip
    assert show_json(game)["score"]["line"] == (
        "rummy101 score --end one-turn-joker --winner 'player 3' 'you: not' 'player 2: not'"
        " 'player 3'"
    )
    result = track(game, "score", "--name", "3=Can", "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert [(p["name"], p["points"]) for p in data["players"]] == [
        ("you", -808), ("player 2", -808), ("Can", 404),
    ]  # fmt: skip


def test_an_opening_turn_finish_after_others_opened(tmp_path: Path) -> None:
    game = tmp_path / "g.jsonl"
    record(
        game,
        ("new", "R3", "R4", "R5", "B9", "K9", "K12", "Y2", "Y6", "--players", "3", *RULES),
        ("draw", "K1"), ("discard", "K1"),
        ("lay", "2", "K10 K11 K12 K13"), ("seen", "2", "B2"), ("finish", "3", "Y5"),
    )  # fmt: skip
    assert show_json(game)["score"]["args"][:2] == ["--end", "open-finish"]


def test_the_stock_ends_a_round_with_no_winner(tmp_path: Path) -> None:
    game = tmp_path / "g.jsonl"
    shutil.copy(ROOT / "examples" / "round-stock.jsonl", game)
    data = show_json(game)
    assert data["phase"] == "over" and data["winner"] is None
    assert data["score"]["line"] == (
        "rummy101 score --end stock 'you: not' 'player 2: melds TILES' 'player 3: not'"
        " 'player 4: not'"
    )
    result = track(game, "score", "--left", "2: B1 B2 B3", "--name", "2=Bea")
    assert result.exit_code == 0, result.output
    assert "Bea       melds    B1 B2 B3                   6             1        -6" in (
        result.output
    )
    assert "you       not      –                        202             1      -202" in (
        result.output
    )


# --- the stock event ----------------------------------------------------------------


def test_the_stock_is_refused_while_it_must_hold_tiles(tmp_path: Path) -> None:
    game = tmp_path / "g.jsonl"
    shutil.copy(ROOT / "examples" / "round-stock.jsonl", game)
    record(game, ("undo",), ("undo",))  # the stock, then player 2's last discard
    before = game.read_bytes()
    result = track(game, "stock")
    assert result.exit_code == 2
    assert result.output == (
        "Error: stock: the stock still holds at least 1 tile (the unseen tiles less what the"
        " opponents' racks can hold); the round goes on [R-SCORE]\n"
    )
    assert game.read_bytes() == before


def test_the_stock_only_as_a_turn_starts_and_nothing_after_it(tmp_path: Path) -> None:
    game = opened_round(tmp_path)
    record(game, ("seen", "3", "K5"), ("draw", "R7"))
    result = track(game, "stock")
    assert result.exit_code == 2
    assert result.output == (
        "Error: stock: your turn is under way; the stock runs out only when a turn starts"
        " with nothing to draw [R-SCORE]\n"
    )
    over = tmp_path / "s.jsonl"
    shutil.copy(ROOT / "examples" / "round-stock.jsonl", over)
    result = track(over, "seen", "3", "R1")
    assert result.exit_code == 2
    assert result.output == "Error: seen: the round is over (the stock ran out) [R-SCORE]\n"
    assert read_game(str(over)).events[-1].kind == "stock"
    history = track(over, "history").output
    assert "30   stock: the stock ran out, no winner" in history


# --- track score: refusals and the ledger -----------------------------------------


def test_track_score_appends_to_the_ledger_as_score_does(tmp_path: Path) -> None:
    game = tmp_path / "g.jsonl"
    shutil.copy(ROOT / "examples" / "round-finished.jsonl", game)
    ours, theirs = tmp_path / "ours.jsonl", tmp_path / "theirs.jsonl"
    args = ["--left", "2: R3 R5", "--left", "3: K2 J", "--name", "1=Ali", "--name", "2=Bea"]
    result = track(game, "score", *args, "--ledger", str(ours))
    assert result.exit_code == 0, result.output
    assert f"Round 1 added to {ours}." in result.output
    line = result.output.splitlines()[0].removeprefix("Score line: rummy101 score ")
    assert line == (
        "--end normal --winner Ali 'Ali: melds' 'Bea: melds R3 R5' 'player 3: pairs K2 J'"
    )
    assert run("score", *shlex.split(line), "--ledger", str(theirs)).exit_code == 0
    assert ours.read_bytes() == theirs.read_bytes()
    data = json.loads(track(game, "score", *args, "--ledger", str(ours), "--format", "json").output)
    assert data["round"] == 2 and data["standings"]["players"][0]["name"] == "Ali"


def test_track_score_refuses_and_writes_nothing(tmp_path: Path) -> None:
    ledger = tmp_path / "m.jsonl"
    assert run("score", "--winner", "A", "A", "B: not", "--ledger", str(ledger)).exit_code == 0
    before = ledger.read_bytes()
    unfinished = opened_round(tmp_path)
    result = track(unfinished, "score", "--ledger", str(ledger))
    assert result.exit_code == 2
    assert result.output == (
        "Error: score: the round is not over yet; it ends with your last discard, 'finish PLAYER"
        " [TILE]' or 'stock' [R-FINISH, R-SCORE]\n"
    )
    game = tmp_path / "f.jsonl"
    shutil.copy(ROOT / "examples" / "round-finished.jsonl", game)
    result = track(game, "score", "--left", "3: K2", "--ledger", str(ledger))
    assert result.exit_code == 2
    assert result.output == (
        "Error: score: the tiles left of player 2 (melds) are not known (they opened); give"
        " them with --left '2: TILES', one --left per player [R-PENALTY]\n"
    )
    for args, message in [
        (["--left", "2: R3", "--left", "3: K2", "--end", "joker"],
         "Error: score: --end comes from the game file; track score writes it\n"),
        (["--left", "2: R3", "--left", "3: K2", "stray"],
         "Error: score: 'stray' is not an option of rummy101 score\n"),
        (["--left", "2: R1 R1", "--left", "3: K2"],
         "Error: score: --left 2: R1: every copy is placed already (your rack, the table, the"
         " discards or another rack told) [R-TILES]\n"),
        (["--left", "1: R3", "--left", "3: K2"],
         "Error: score: --left 1: player 1 finished; a winner holds no tiles\n"),
    ]:  # fmt: skip
        result = track(game, "score", *args, "--ledger", str(ledger))
        assert (result.exit_code, result.output) == (2, message), args
    # what score refuses (a round of the other sheet) is refused the same way
    result = track(game, "score", "--left", "2: R3", "--left", "3: K2", "--sheet", "paper",
                   "--ledger", str(ledger))  # fmt: skip
    assert result.exit_code == 2 and "sheet" in result.output
    assert ledger.read_bytes() == before


@pytest.mark.parametrize("bad", ["2", "5=Bea", "2=", "2=A:b"])
def test_a_bad_name_is_refused(tmp_path: Path, bad: str) -> None:
    game = tmp_path / "g.jsonl"
    shutil.copy(ROOT / "examples" / "round-finished.jsonl", game)
    result = track(game, "score", "--name", bad)
    assert result.exit_code == 2 and f"--name '{bad}'" in result.output


def test_your_one_turn_finish_with_a_joker(tmp_path: Path) -> None:
    game = tmp_path / "g.jsonl"
    record(
        game,
        ("new", "R3", "R4", "R5", "B9", "K9", "Y9", "--players", "2", *RULES),
        ("draw", "J"), ("lay", "1", "R3 R4 R5 | B9 K9 Y9"), ("discard", "J"),
    )  # fmt: skip
    assert show_json(game)["score"]["line"] == (
        "rummy101 score --end one-turn-joker --winner you 'you: melds' 'player 2: not'"
    )
    result = track(game, "score", "--format", "csv")
    assert result.exit_code == 0
    assert result.output == (
        "player,state,tiles_left,base_penalty,multiplier,points,rule\n"
        "you,winner,,,,404,R-SCORE\n"
        "player 2,not,,202,4,-808,R-ONE-TURN\n"
    )


def test_track_score_json_meets_the_score_schema(tmp_path: Path) -> None:
    game = tmp_path / "g.jsonl"
    shutil.copy(ROOT / "examples" / "round-finished.jsonl", game)
    validator = Draft202012Validator(load_schema("score"))
    args = ["score", "--left", "2: R3 R5", "--left", "3: K2 J", "--format", "json"]
    for extra in ([], ["--ledger", str(tmp_path / "m.jsonl")]):
        result = track(game, *args, *extra)
        assert result.exit_code == 0, result.output
        data = json.loads(result.output)
        assert not list(validator.iter_errors(data))
        assert [p["points"] for p in data["players"]] == [101, -8, -206]
        assert ("standings" in data) == bool(extra)
    assert track(game, *args).output == track(game, *args).output  # deterministic


def test_every_line_of_the_stock_round_meets_the_game_schema() -> None:
    validator = Draft202012Validator(load_schema("game"))
    lines = (ROOT / "examples" / "round-stock.jsonl").read_text(encoding="utf-8").splitlines()
    assert json.loads(lines[-1]) == {"format": "rummy101-game-1", "event": 30, "kind": "stock"}
    for line in lines:
        assert not list(validator.iter_errors(json.loads(line))), line


def test_the_score_line_shows_the_score_options_applied(tmp_path: Path) -> None:
    """A copy of the printed line scores as track score did: '--house' and
    the other score options are in it, '--ledger' is not [issue 34]."""
    game = tmp_path / "g.jsonl"
    shutil.copy(ROOT / "examples" / "round-finished.jsonl", game)
    ledger = tmp_path / "ours.jsonl"
    args = ["--left", "2: R3 R5", "--left", "3: K2 J", "--house", "okey-plus"]
    result = track(game, "score", *args, "--ledger", str(ledger))
    assert result.exit_code == 0, result.output
    first = result.output.splitlines()[0]
    assert first == (
        "Score line: rummy101 score --end normal --winner you --house okey-plus 'you: melds'"
        " 'player 2: melds R3 R5' 'player 3: pairs K2 J'"
    )
    line = first.removeprefix("Score line: rummy101 score ")
    table = result.output.split("\n", 1)[1].split(f"Round 1 added to {ledger}.")[0]
    assert run("score", *shlex.split(line)).output == table.rstrip("\n") + "\n"
