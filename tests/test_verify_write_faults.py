"""``verify --write`` keeps the file the user set up, and says the real fault [issue 34].

Items 5, 22 and 23: a misspelt option is named (not "needs expect"); the mode, owner,
symbolic and hard links of the fixture file stay; a run that refuses, or that changes
nothing, writes nothing; a kill leaves no temporary file; a misspelt field is reported
``NO FIELD`` run after run; a TOML file keeps its ``[[case]]`` tables, comments and layout.
"""

from __future__ import annotations

import fcntl
import json
import os
import signal
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner

from rummy101_solver.cli import main

TYPO = '{"name": "typo", "rack": "R1 R2 R3", "thresold": 5}\n'
CASE = '{"name": "run", "command": "check", "arrangement": "R3 R4 R5", "expect": {"value": 9}}\n'


def verify(*args: str) -> tuple[str, int]:
    result = CliRunner().invoke(main, ["verify", *args])
    return result.output, result.exit_code


def _stat(path: Path) -> tuple[int, int, int, int]:
    status = path.stat()
    return status.st_ino, status.st_mode, status.st_mtime_ns, status.st_nlink


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("."))


# --- item 5: a misspelt option is the fault named ----------------------------------------
def test_a_misspelt_option_is_named_and_nothing_is_written(tmp_path: Path) -> None:
    path = tmp_path / "f.jsonl"
    path.write_text(TYPO)
    before = _stat(path)
    out, code = verify("--write", str(path), "--format", "json")
    data = json.loads(out)
    assert code == 1
    assert "written" not in data
    assert [c["result"] for c in data["checks"]] == ["bad case"]
    assert data["checks"][0]["error"].startswith(
        "unknown solve option 'thresold'; did you mean 'threshold'?"
    )
    out, code = verify("--write", str(path), "--format", "plain")
    assert code == 1
    assert out.splitlines()[0] == (
        f"Nothing written: {path} already holds today's expectations for every case that runs."
    )
    assert "(bad case: unknown solve option 'thresold'; did you mean 'threshold'?" in out
    assert "needs" not in out
    assert path.read_text() == TYPO and _stat(path) == before


# --- item 22: mode, owner, links; a refused run writes nothing; no temporary file ---------
def test_write_keeps_the_mode_and_the_owner(tmp_path: Path) -> None:
    path = tmp_path / "f.jsonl"
    path.write_text(CASE)
    path.chmod(0o664)
    if os.geteuid() == 0:
        os.chown(path, 1234, 2345)
    out, code = verify("--write", str(path))
    assert code == 0, out
    assert json.loads(path.read_text())["expect"] == {"value": 12}
    status = path.stat()
    assert oct(status.st_mode & 0o7777) == "0o664"
    if os.geteuid() == 0:
        assert (status.st_uid, status.st_gid) == (1234, 2345)
    assert _leftovers(tmp_path) == []


def test_write_goes_through_a_symbolic_link_to_its_target(tmp_path: Path) -> None:
    target = tmp_path / "shared" / "f.jsonl"
    target.parent.mkdir()
    target.write_text(CASE)
    link = tmp_path / "f.jsonl"
    link.symlink_to(target)
    out, code = verify("--write", str(link))
    assert code == 0, out
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert json.loads(target.read_text())["expect"] == {"value": 12}
    assert _leftovers(tmp_path) == [] and _leftovers(target.parent) == []


def test_write_keeps_hard_links(tmp_path: Path) -> None:
    path = tmp_path / "f.jsonl"
    path.write_text(CASE)
    other = tmp_path / "copy.jsonl"
    os.link(path, other)
    out, code = verify("--write", str(path))
    assert code == 0, out
    assert path.stat().st_ino == other.stat().st_ino and path.stat().st_nlink == 2
    assert json.loads(other.read_text())["expect"] == {"value": 12}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("# only a comment\n\n", 'no cases: a fixture file needs at least one case with "expect"'),
        ('[[case]]\nrack = "R1"\n[[case]]\nrack = [1\n', "Unclosed array (at end of document)"),
    ],
)
def test_a_refused_run_writes_nothing(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / ("f.toml" if text.startswith("[") else "f.jsonl")
    path.write_text(text)
    path.chmod(0o644)
    before = _stat(path)
    out, code = verify("--write", str(path))
    assert (out, code) == (f"Error: {path}: {message}\n", 2)
    assert _stat(path) == before


def test_a_run_that_changes_nothing_leaves_the_file_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "f.jsonl"
    path.write_text(CASE.replace('"value": 9', '"value":   12'))
    before = _stat(path)
    out, code = verify("--write", str(path))
    assert code == 0
    assert out.splitlines()[0] == (
        f"Nothing written: {path} already holds today's expectations for every case that runs."
    )
    assert _stat(path) == before


def test_a_temporary_file_left_by_a_killed_writer_is_removed_by_the_next(tmp_path: Path) -> None:
    path = tmp_path / "f.jsonl"
    path.write_text(CASE)
    dead = tmp_path / ".f.jsonl.rummy101-99999"
    dead.write_text("half")
    alive = tmp_path / ".f.jsonl.rummy101-99998"
    alive.write_text("being written")
    with alive.open("rb") as held:  # its writer still runs: it holds the lock
        fcntl.flock(held, fcntl.LOCK_EX)
        out, code = verify("--write", str(path))
    assert code == 0, out
    assert _leftovers(tmp_path) == [alive.name]


KILLED = 8


def test_kill_9_during_write_leaves_the_old_file_or_the_new_whole(tmp_path: Path) -> None:
    path = tmp_path / "f.jsonl"
    cases = [json.loads(CASE) | {"name": f"case {i}"} for i in range(300)]
    old = "".join(json.dumps(c) + "\n" for c in cases)
    path.write_text(old)
    command = [sys.executable, "-m", "rummy101_solver", "verify", "--write", str(path)]
    for kill in range(KILLED):
        path.write_text(old)
        proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(0.4 + 0.25 * kill)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=60)
        text = path.read_text()
        assert text == old or all(
            json.loads(line)["expect"] == {"value": 12} for line in text.splitlines()
        )
        assert _leftovers(tmp_path) == []


# --- item 23: stable; the layout of a TOML file stays -----------------------------------
def test_a_misspelt_field_is_no_field_run_after_run(tmp_path: Path) -> None:
    for name, text in [
        ("f.jsonl", '{"rack": "R1 R2 R3", "expect": {"melds.valeu": 5}}\n'),
        ("f.toml", '[[case]]\nrack = "R1 R2 R3"\nexpect = {"melds.valeu" = 5}\n'),
    ]:
        path = tmp_path / name
        path.write_text(text)
        for _ in range(2):
            out, code = verify("--write", str(path), "--format", "json")
            data = json.loads(out)
            assert code == 1
            assert [(c["field"], c["result"]) for c in data["checks"]] == [
                ("melds.valeu", "no field")
            ]
            assert data["checks"][0]["error"] == (
                "no field 'melds.valeu' in the solve (or batch) JSON output;"
                " did you mean 'melds.value'?"
            )
            assert path.read_text() == text


TOML = """\
# my fixtures

[[case]]
name = "a run"   # of three
command = "check"
arrangement = "R3 R4 R5"

# the next one expects a stale value
[[case]]
command = "check"
arrangement = "B7 K7 Y7"
expect = { value = 99 }

[[case]]
command = "check"
arrangement = "R1 R2 R3"

[case.expect]
value = 6   # right already
legal = true
"""


def test_a_toml_file_keeps_its_case_tables_comments_and_layout(tmp_path: Path) -> None:
    path = tmp_path / "f.toml"
    path.write_text(TOML)
    out, code = verify("--write", str(path))
    assert code == 0, out
    assert path.read_text() == TOML.replace(
        'arrangement = "R3 R4 R5"\n',
        'arrangement = "R3 R4 R5"\n\n[case.expect]\nlegal = true\nkind = "melds"\nvalue = 12\n'
        "meets_threshold = false\n",
    ).replace(
        'arrangement = "B7 K7 Y7"\nexpect = { value = 99 }\n',
        'arrangement = "B7 K7 Y7"\n\n[case.expect]\nvalue = 21\n',
    )
    assert [c["expect"]["value"] for c in tomllib.loads(path.read_text())["case"]] == [12, 21, 6]
    before = path.read_bytes()
    out, code = verify("--write", str(path))
    assert code == 0 and path.read_bytes() == before


def test_a_case_whose_fields_are_all_gone_gets_the_main_fields(tmp_path: Path) -> None:
    # melds.taken exists only with a taken tile: pinned, it would leave an empty expect
    path = tmp_path / "f.jsonl"
    path.write_text('{"rack": "R1 R2 R3", "expect": {"melds.taken.tile": "R6"}}\n')
    out, code = verify("--write", str(path))
    assert code == 0, out
    assert json.loads(path.read_text())["expect"] == {
        "can_open": False, "recommended": None, "melds.value": 0,
        "melds.left": ["R1", "R2", "R3"], "pairs.count": 0,
    }  # fmt: skip
    before = path.read_bytes()
    assert verify("--write", str(path))[1] == 0
    assert path.read_bytes() == before


def test_write_refuses_a_fifo_before_any_case_runs(tmp_path: Path) -> None:
    fifo = tmp_path / "f.jsonl"
    os.mkfifo(fifo)
    writer = subprocess.Popen(["sh", "-c", f"printf '%s' '{CASE.strip()}' > {fifo}"])
    out, code = verify("--write", str(fifo))
    writer.wait(timeout=30)
    assert (out, code) == (
        f"Error: the fixture file {fifo} is not a regular file (a FIFO); nothing written\n",
        2,
    )
