"""The match ledger: ``score --ledger`` and ``rummy101 standings`` [R-SCORE R-EXTRA-PENALTY].

A three-round match with a player joining late and one leaving, the standings
after each round, every way a ledger line can be bad (exact message, exit 2,
the file untouched), a last line cut short by a crash, two writers at once in
real processes, and the same rounds giving the same bytes.
"""

from __future__ import annotations

import fcntl
import json
import os
import re
import shlex
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from rummy101_solver.cli import main
from rummy101_solver.files.ledger import (
    FORMAT,
    Ledger,
    LedgerError,
    parse_ledger,
    read_ledger,
    round_line,
    standings,
)
from rummy101_solver.game.scoring import parse_extra, parse_player, score_round

ROOT = Path(__file__).resolve().parent.parent
UPDATE = os.environ.get("UPDATE_EXAMPLES") == "1"

# The match: Deniz joins in round 2, Can leaves after it.
ROUNDS = [
    ["--end", "joker", "--winner", "Ali", "Ali", "Bea: pairs K2 K9", "Can: melds R3 R5 J",
     "--extra", "Can: joker-discard"],
    ["--winner", "Bea", "Ali: melds R7 K7", "Bea", "Can: not", "Deniz: melds Y1 Y2"],
    ["--winner", "Deniz", "Ali: melds B13", "Bea: pairs R1 R1", "Deniz",
     "--extra", "Bea: layable-discard"],
]  # fmt: skip

# (name, total, rounds, won, last_round) after each round, in standings order
AFTER: dict[int, list[tuple[str, int, int, int, int | None]]] = {
    1: [("Ali", 202, 1, 1, 202), ("Bea", -44, 1, 0, -44), ("Can", -319, 1, 0, -319)],
    2: [("Ali", 188, 2, 1, -14), ("Bea", 57, 2, 1, 101), ("Deniz", -3, 1, 0, -3),
        ("Can", -521, 2, 0, -202)],
    3: [("Ali", 175, 3, 1, -13), ("Deniz", 98, 2, 1, 101), ("Bea", -48, 3, 1, -105),
        ("Can", -521, 2, 0, None)],
}  # fmt: skip


def cli(*args: str) -> tuple[str, int]:
    result = CliRunner().invoke(main, list(args), prog_name="rummy101")
    return result.output, result.exit_code


def rows_of(data: dict[str, object]) -> list[tuple[object, ...]]:
    players = data["players"]
    assert isinstance(players, list)
    return [(p["name"], p["total"], p["rounds"], p["won"], p["last_round"]) for p in players]


def play_match(path: Path, rounds: int = 3) -> None:
    for args in ROUNDS[:rounds]:
        out, code = cli("score", *args, "--ledger", str(path))
        assert code == 0, out


@pytest.fixture
def match(tmp_path: Path) -> Path:
    path = tmp_path / "match.jsonl"
    play_match(path)
    return path


def snapshot(path: Path) -> tuple[bytes, int]:
    return path.read_bytes(), path.stat().st_mtime_ns


# --- a three-round match ----------------------------------------------------------------------
def test_each_score_prints_the_standings_after_its_round(tmp_path: Path) -> None:
    path = tmp_path / "match.jsonl"
    for number, args in enumerate(ROUNDS, start=1):
        out, code = cli("score", *args, "--ledger", str(path), "--format", "json")
        assert code == 0, out
        data = json.loads(out)
        assert data["round"] == number
        assert rows_of(data["standings"]) == AFTER[number]
        assert (data["standings"]["after"], data["standings"]["rounds"]) == (number, number)
    assert len(path.read_bytes().splitlines()) == 3


@pytest.mark.parametrize("after", [1, 2, 3])
def test_standings_after_each_round(match: Path, after: int) -> None:
    out, code = cli("standings", str(match), "--after", str(after), "--format", "json")
    assert code == 0, out
    data = json.loads(out)
    assert rows_of(data) == AFTER[after]
    assert (data["after"], data["rounds"], data["truncated_line"]) == (after, 3, None)
    assert list(data) == sorted(data)
    assert all(list(p) == sorted(p) for p in data["players"])


def test_standings_default_to_the_last_round_and_read_as_a_table(match: Path) -> None:
    out, code = cli("standings", str(match))
    assert code == 0
    assert out == (
        "Standings after round 3:\n"
        "player      total    rounds    won    round 3\n"
        "--------  -------  --------  -----  ---------\n"
        "Ali          +175         3      1        -13\n"
        "Deniz         +98         2      1       +101\n"
        "Bea           -48         3      1       -105\n"
        "Can          -521         2      0          –\n"
    )
    out, code = cli("standings", str(match), "--after", "1")
    assert out.splitlines()[0] == "Standings after round 1 of 3:"


def test_the_ledger_lines_hold_the_rounds(match: Path) -> None:
    lines = [json.loads(line) for line in match.read_bytes().splitlines()]
    assert [(r["format"], r["round"], r["end"], r["winner"]) for r in lines] == [
        (FORMAT, 1, "joker", "Ali"),
        (FORMAT, 2, "normal", "Bea"),
        (FORMAT, 3, "normal", "Deniz"),
    ]
    assert [[p["name"] for p in r["players"]] for r in lines] == [
        ["Ali", "Bea", "Can"],
        ["Ali", "Bea", "Can", "Deniz"],
        ["Ali", "Bea", "Deniz"],
    ]
    can = lines[0]["players"][2]
    assert (can["points"], can["result"]) == (-218, -319)
    assert can["extras"] == [
        {"kind": "joker-discard", "penalty": 101, "points": -101, "rule": "R-EXTRA-PENALTY",
         "reason": "discarded a joker a neighbour could use"}
    ]  # fmt: skip
    assert [r["total"] for r in lines] == [202 - 44 - 319, 101 - 14 - 202 - 3, 101 - 13 - 105]


def test_the_score_text_names_the_round_and_shows_the_standings(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    play_match(path, 1)
    out, code = cli("score", *ROUNDS[1], "--ledger", str(path))
    assert code == 0
    assert out.split("\n\n")[1] == (
        f"Round 2 added to {path}.\n"
        "Standings after round 2:\n"
        "player      total    rounds    won    round 2\n"
        "--------  -------  --------  -----  ---------\n"
        "Ali          +188         2      1        -14\n"
        "Bea           +57         2      1       +101\n"
        "Deniz          -3         1      0         -3\n"
        "Can          -521         2      0       -202\n"
    )


def test_players_are_matched_ignoring_case_and_ties_go_by_name(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    for args in (
        ["--end", "stock", "bob: melds R3", "Al: melds R3"],
        ["--end", "stock", "BOB: melds K4", "al: melds B4"],
    ):
        assert cli("score", *args, "--ledger", str(path))[1] == 0
    data = json.loads(cli("standings", str(path), "--format", "json")[0])
    assert rows_of(data) == [("Al", -7, 2, 0, -4), ("bob", -7, 2, 0, -4)]


def test_same_rounds_same_bytes(tmp_path: Path) -> None:
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    play_match(one)
    play_match(two)
    assert one.read_bytes() == two.read_bytes()
    first = score_round(
        "normal", "A", [parse_player("A"), parse_player("B: melds R3")], None,
        [parse_extra("B: 5 slow")],
    )  # fmt: skip
    assert round_line(first, 1) == (
        b'{"format":"rummy101-ledger-1","round":1,"end":"normal","winner":"A","rules":'
        b'{"joker_left_points":101,"nobody_opened_scores_nothing":false,"sheet":"gains",'
        b'"pairs_finish_doubles":false,"open_finish":"plain"},"players":['
        b'{"name":"A","state":null,"tiles":[],"base_penalty":0,"multiplier":null,"points":101,'
        b'"rule":"R-SCORE","reason":"finished: the winner gains 101","extras":[],"result":101},'
        b'{"name":"B","state":"melds","tiles":["R3"],"base_penalty":3,"multiplier":1,"points":-3,'
        b'"rule":"R-PENALTY","reason":"opened with melds: tiles left sum to 3","extras":['
        b'{"kind":"points","penalty":5,"points":-5,"rule":"R-EXTRA-PENALTY","reason":"slow"}],'
        b'"result":-8}],"total":93}\n'
    )
    out1 = cli("standings", str(one), "--format", "json")
    assert out1 == cli("standings", str(two), "--format", "json")


# --- standings never writes -----------------------------------------------------------------
def test_standings_never_writes(match: Path) -> None:
    before = snapshot(match)
    time.sleep(0.01)  # an mtime written now would differ
    for args in ([], ["--after", "2"], ["--format", "json"], ["--after", "9"]):
        cli("standings", str(match), *args)
    match.write_bytes(before[0] + b"{")  # a cut line: read, warned about, left alone
    os.utime(match, ns=(before[1], before[1]))
    cut = snapshot(match)
    assert cli("standings", str(match))[1] == 0
    assert snapshot(match) == cut
    assert read_ledger(str(match)).truncated_line == 4
    assert snapshot(match) == cut


# --- bad ledgers: the line number, exit 2, never skipped -----------------------------------
def _replace_line_2(path: Path, new: bytes) -> None:
    lines = path.read_bytes().split(b"\n")
    lines[1] = new
    path.write_bytes(b"\n".join(lines))


def _tamper(path: Path, edit: str, value: object) -> bytes:
    record = json.loads(path.read_bytes().split(b"\n")[1])
    if edit == "result":
        record["players"][0]["result"] = value
    elif edit == "tiles":
        record["players"][0]["tiles"] = value
    else:
        record[edit] = value
    return json.dumps(record).encode()


def _drop(path: Path, key: str, player: bool = False) -> bytes:
    record = json.loads(path.read_bytes().split(b"\n")[1])
    del (record["players"][0] if player else record)[key]
    return json.dumps(record).encode()


BAD_LINES = [
    ("not JSON", lambda p: b'{"format": "rummy101-ledger-1", "round": 2',
     "line 2: not JSON (Expecting ',' delimiter at column 43)"),
    ("blank", lambda p: b"", "line 2: blank; a ledger holds one round a line"),
    ("not UTF-8", lambda p: b'{"x": "\xff"}', "line 2: not UTF-8 (byte 8)"),
    ("foreign", lambda p: b'{"case": "R3 R4 R5", "expect": {"value": 12}}',
     'line 2: not a round of a rummy101 ledger (no "format": "rummy101-ledger-1")'),
    ("a list", lambda p: b"[1, 2]",
     'line 2: not a round of a rummy101 ledger (no "format": "rummy101-ledger-1")'),
    ("round repeated", lambda p: _tamper(p, "round", 1),
     "line 2: round 1 where round 2 was expected (a round lost, repeated or edited)"),
    ("round skipped", lambda p: _tamper(p, "round", 3),
     "line 2: round 3 where round 2 was expected (a round lost, repeated or edited)"),
    ("a result edited", lambda p: _tamper(p, "result", 0),
     "line 2: round 2: the points do not add up (scored again from the hands: Ali -14,"
     " Bea +101, Can -202, Deniz -3, total -118)"),
    ("tiles edited", lambda p: _tamper(p, "tiles", ["R7", "K8"]),
     "line 2: round 2: the points do not add up (scored again from the hands: Ali -15,"
     " Bea +101, Can -202, Deniz -3, total -119)"),
    ("a bad tile", lambda p: _tamper(p, "tiles", ["R14"]),
     "line 2: round 2: player 'Ali': 'R14' (tile 1): numbers run 1–13"),
    ("every field missing", lambda p: b'{"format": "rummy101-ledger-1", "round": 2}',
     "line 2: round 2: missing fields 'end', 'winner', 'rules', 'players', 'total'"),
    ("the end missing", lambda p: _drop(p, "end"), "line 2: round 2: missing field 'end'"),
    ("a player's tiles missing", lambda p: _drop(p, "tiles", player=True),
     "line 2: round 2: player 'Ali': missing field 'tiles'"),
    ("a player's name missing", lambda p: _drop(p, "name", player=True),
     "line 2: round 2: a player: missing field 'name'"),
    ("an unknown end", lambda p: _tamper(p, "end", "draw"),
     "line 2: round 2: unknown end 'draw'"),
    ("rules", lambda p: _tamper(p, "rules", {"joker_left_points": "101",
                                              "nobody_opened_scores_nothing": False}),
     "line 2: round 2: 'joker_left_points' must be of type int"),
    ("a rule too many", lambda p: _tamper(p, "rules", {"joker_left_points": 101}),
     "line 2: round 2: 'rules' must hold joker_left_points, nobody_opened_scores_nothing,"
     " no unknown switch"),
    ("players", lambda p: _tamper(p, "players", "Ali"),
     "line 2: round 2: 'players' must be a list"),
    ("a round that breaks a rule", lambda p: _tamper(p, "winner", None),
     "line 2: round 2: a normal finish needs a winner: name who finished (--winner) [R-SCORE]"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("new", "message"), [b[1:] for b in BAD_LINES], ids=[b[0] for b in BAD_LINES]
)
def test_a_bad_line_is_an_error_naming_it(match: Path, new: object, message: str) -> None:
    _replace_line_2(match, new(match))  # type: ignore[operator]
    before = snapshot(match)
    out, code = cli("standings", str(match))
    assert (out, code) == (f"Error: {match} {message}\n", 2)
    # score refuses to append to it, and leaves it as it was
    out, code = cli("score", "--winner", "A", "A", "B: not", "--ledger", str(match))
    assert (out, code) == (f"Error: {match} {message}\n", 2)
    assert snapshot(match) == before
    with pytest.raises(LedgerError) as err:
        parse_ledger(match.read_bytes(), "m")
    assert err.value.line == 2


def test_a_truncated_last_line_still_reads_the_earlier_rounds(match: Path) -> None:
    whole = match.read_bytes()
    match.write_bytes(whole + whole.split(b"\n")[0][:57])  # round 4 cut mid-write
    out, code = cli("standings", str(match), "--format", "json")
    assert code == 0
    warning, _, body = out.partition("\n")
    assert warning == (
        f"Warning: {match} line 4 is cut short (an interrupted write?) and holds no whole"
        " round; left out, rounds 1–3 read"
    )
    data = json.loads(body)
    assert rows_of(data) == AFTER[3]
    assert (data["rounds"], data["truncated_line"]) == (3, 4)
    # score refuses to append after it: nothing is deleted behind the referee's back
    before = snapshot(match)
    out, code = cli("score", *ROUNDS[0], "--ledger", str(match))
    assert (out, code) == (
        f"Error: {match} line 4 is cut short (a write interrupted?); nothing appended:"
        " delete line 4, then score that round again\n",
        2,
    )
    assert snapshot(match) == before
    # with the line deleted, the next round is round 4
    match.write_bytes(whole)
    out, code = cli("score", *ROUNDS[0], "--ledger", str(match), "--format", "json")
    assert (code, json.loads(out)["round"]) == (0, 4)


def test_a_last_line_without_its_newline_is_cut_even_if_it_parses(match: Path) -> None:
    match.write_bytes(match.read_bytes()[:-1])
    ledger = read_ledger(str(match))
    assert (len(ledger.rounds), ledger.truncated_line) == (2, 3)


# --- edges --------------------------------------------------------------------------------------
def test_an_empty_or_missing_ledger(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    out, code = cli("standings", str(path))
    assert (out, code) == (f"Error: {path}: No such file or directory\n", 2)
    path.write_bytes(b"")
    assert cli("standings", str(path)) == ("No round in the ledger yet.\n", 0)
    data = json.loads(cli("standings", str(path), "--format", "json")[0])
    assert data == {
        "after": 0, "players": [], "rounds": 0, "sheet": "gains", "truncated_line": None
    }  # fmt: skip
    out, code = cli("standings", str(path), "--after", "1")
    assert (out, code) == ("Error: no round 1: the ledger holds no round yet\n", 2)


def test_after_must_name_a_round(match: Path) -> None:
    out, code = cli("standings", str(match), "--after", "4")
    assert (out, code) == ("Error: no round 4: the ledger holds rounds 1–3\n", 2)
    out, code = cli("standings", str(match), "--after", "0")
    assert code == 2
    assert "Invalid value for '--after'" in out


def test_a_ledger_that_cannot_be_written(tmp_path: Path) -> None:
    missing = tmp_path / "no-such-dir" / "m.jsonl"
    out, code = cli("score", "--winner", "A", "A", "B: not", "--ledger", str(missing))
    assert code == 2
    assert out.endswith("': cannot write: its folder does not exist\n")
    out, code = cli("score", "--winner", "A", "A", "B: not", "--ledger", str(tmp_path))
    assert code == 2
    assert "is a directory" in out  # click's own check of the path


def test_a_round_with_bad_input_is_not_appended(match: Path) -> None:
    before = snapshot(match)
    out, code = cli("score", "--winner", "Zed", "A", "B: not", "--ledger", str(match))
    assert (out, code) == ("Error: winner 'Zed' is not one of the players (A, B) [R-SCORE]\n", 2)
    assert snapshot(match) == before


def test_the_library_reads_what_it_wrote(match: Path) -> None:
    ledger = read_ledger(str(match))
    assert isinstance(ledger, Ledger)
    assert [(r.number, r.line, r.score.total) for r in ledger.rounds] == [
        (1, 1, -161),
        (2, 2, -118),
        (3, 3, -17),
    ]
    table = standings(ledger, 2)
    assert [(s.name, s.total) for s in table.players] == [(n, t) for n, t, *_ in AFTER[2]]


# --- two writers at once ----------------------------------------------------------------------
def _waiting_on(path: Path) -> int:
    """Processes blocked on a lock of ``path`` (Linux /proc/locks; -1 if unknown)."""
    try:
        locks = Path("/proc/locks").read_text()
    except OSError:
        return -1
    inode = f":{path.stat().st_ino} "
    return sum(1 for line in locks.splitlines() if "->" in line and inode in line)


def test_two_writers_at_once_both_land(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    path.write_bytes(b"")
    writers = [
        ["--winner", "Ali", "Ali", "Bea: not"],
        ["--end", "joker", "--winner", "Can", "Can", "Deniz: melds R1"],
    ]
    with path.open("rb") as held:
        fcntl.flock(held, fcntl.LOCK_EX)  # both writers queue behind this lock
        procs = [
            subprocess.Popen(
                [sys.executable, "-m", "rummy101_solver", "score", *args, "--ledger", str(path)],
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
            )
            for args in writers
        ]
        deadline = time.monotonic() + 15
        while _waiting_on(path) not in (-1, 2) and time.monotonic() < deadline:
            time.sleep(0.02)
        waiting = _waiting_on(path)
        if waiting == -1:  # no /proc/locks: give them time to queue
            time.sleep(1)
        fcntl.flock(held, fcntl.LOCK_UN)
    assert waiting in (-1, 2), "both writers should have waited on the ledger's lock"
    outcomes = [p.communicate(timeout=60) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], outcomes
    ledger = read_ledger(str(path))
    assert [r.number for r in ledger.rounds] == [1, 2]
    assert sorted(r.score.winner or "" for r in ledger.rounds) == ["Ali", "Can"]
    numbers = sorted(int(m) for out, _ in outcomes for m in re.findall(rb"Round (\d) added", out))
    assert numbers == [1, 2]
    assert ledger.truncated_line is None


# --- the referee session of docs/standings.md is real ---------------------------------------
SESSION = re.compile(r"```shell-session\n(.*?)```", re.S)


def test_the_standings_page_session_and_examples_match_jsonl_are_current(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    readme = ROOT / "docs" / "standings.md"
    text = readme.read_text(encoding="utf-8")
    blocks = SESSION.findall(text)
    assert blocks, "docs/standings.md shows no referee session"
    monkeypatch.chdir(tmp_path)
    new_text = text
    for block in blocks:
        commands = re.findall(r"^\$ (rummy101 .*)$", block, re.M)
        rendered = ""
        for command in commands:
            result = CliRunner().invoke(main, shlex.split(command)[1:], prog_name="rummy101")
            rendered += f"$ {command}\n{result.output}"
        if UPDATE:
            new_text = new_text.replace(
                f"```shell-session\n{block}", f"```shell-session\n{rendered}"
            )
        else:
            assert block == rendered
    ledger = ROOT / "examples" / "match.jsonl"
    if UPDATE:
        readme.write_text(new_text, encoding="utf-8")
        ledger.write_bytes((tmp_path / "match.jsonl").read_bytes())
    assert ledger.read_bytes() == (tmp_path / "match.jsonl").read_bytes()


def test_a_round_is_one_write_then_fsync(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[str, int]] = []
    real_write, real_fsync = os.write, os.fsync

    def write(fd: int, data: bytes) -> int:
        calls.append(("write", len(data)))
        return real_write(fd, data)

    def fsync(fd: int) -> None:
        calls.append(("fsync", 0))
        real_fsync(fd)

    monkeypatch.setattr(os, "write", write)
    monkeypatch.setattr(os, "fsync", fsync)
    path = tmp_path / "m.jsonl"
    play_match(path, 2)
    sizes = [len(line) + 1 for line in path.read_bytes().splitlines()]
    # one write of the whole line, its fsync, and the directory's fsync when it was created
    assert calls == [("write", sizes[0]), ("fsync", 0), ("fsync", 0), ("write", sizes[1]),
                     ("fsync", 0)]  # fmt: skip


def test_a_short_write_leaves_the_ledger_as_it_was(
    match: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_write = os.write
    monkeypatch.setattr(os, "write", lambda fd, data: real_write(fd, data[:40]))
    before = match.read_bytes()
    out, code = cli("score", *ROUNDS[0], "--ledger", str(match))
    assert (out, code) == (f"Error: {match}: only 40 bytes written; nothing appended\n", 2)
    assert match.read_bytes() == before


def test_an_extra_missing_fields_names_them() -> None:
    # R-EXTRA-PENALTY: an extra of a ledger round needs kind, penalty, points, reason
    hands = [parse_player("Ali"), parse_player("Bea: melds R1")]
    scored = score_round("normal", "Ali", hands, extras=[parse_extra("Bea: 5 late")])
    record = json.loads(round_line(scored, 1))
    del record["players"][1]["extras"][0]["penalty"]
    del record["players"][1]["extras"][0]["reason"]
    with pytest.raises(LedgerError) as err:
        parse_ledger(json.dumps(record).encode() + b"\n", "m.jsonl")
    assert str(err.value) == (
        "m.jsonl line 1: round 1: player 'Bea': an extra: missing fields 'penalty', 'reason'"
    )


def test_a_ledger_in_a_missing_folder_says_cannot_write(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere" / "match.jsonl"
    out, code = cli("score", *ROUNDS[0], "--ledger", str(missing))
    assert code == 2
    assert out.startswith("Error: --ledger '")
    assert out.endswith("': cannot write: its folder does not exist\n")
    assert not missing.parent.exists()


# --- a file that is not a ledger [issue 34, item 6] ---------------------------------------------
@pytest.mark.parametrize(
    ("data", "why"),
    [
        (b"hello notes", "not JSON (Expecting value at column 1)"),
        (b"hello notes\n", "not JSON (Expecting value at column 1)"),
        (bytes(range(7)) + b"\xff" + bytes(range(200, 240)), "not UTF-8 (byte 8)"),
        (b'{"round": 1}', 'no round (no "format": "rummy101-ledger-1")'),
        (b"[" * 1500, "not a round: JSON nested too deeply to read"),
    ],
)
def test_a_file_with_no_round_is_not_a_ledger(tmp_path: Path, data: bytes, why: str) -> None:
    # a line of text or random bytes without a newline is no round cut short: exit 2, saying so
    path = tmp_path / "notes.txt"
    path.write_bytes(data)
    out, code = cli("standings", str(path))
    assert (out, code) == (f"Error: {path} is not a rummy101 ledger: line 1 is {why}\n", 2)
    out, code = cli("score", *ROUNDS[0], "--ledger", str(path))
    assert code == 2
    assert path.read_bytes() == data


def test_a_first_round_cut_short_reads_as_no_round_yet(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    path.write_bytes(b'{"format":"rummy101-ledger-1","rou')
    out, code = cli("standings", str(path))
    assert (out, code) == (
        f"Warning: {path} line 1 is cut short (an interrupted write?) and holds no whole"
        " round; left out, no round read\nNo round in the ledger yet.\n",
        0,
    )
