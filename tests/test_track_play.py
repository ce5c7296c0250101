"""``rummy101 track play`` driven in a real terminal (a pseudo-terminal, pexpect):
short commands, an error that keeps the prompt, completion, history, Ctrl-D / Ctrl-C."""

from __future__ import annotations

import json
import os
import shutil
import sys
import time
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

PROMPT = "track>"
RULES = ["--threshold", "30", "--pairs-threshold", "3"]
RACK = "R3 R4 R5 B9 K9 Y2 Y6 K12"


def _rummy101() -> str:
    found = shutil.which("rummy101", path=os.path.dirname(sys.executable))
    assert found is not None
    return found


def _spawn(game: Path) -> pexpect.spawn:
    env = dict(os.environ, PROMPT_TOOLKIT_NO_CPR="1", NO_COLOR="1", TERM="xterm")
    return pexpect.spawn(
        _rummy101(),
        ["track", "--game", str(game), "play", "--color", "never"],
        env=env,
        encoding="utf-8",
        timeout=60,
        dimensions=(50, 120),
    )


def _new(game: Path) -> None:
    args = ["track", "--game", str(game), "new", RACK, "--players", "3", *RULES]
    child = pexpect.spawn(
        _rummy101(),
        args,
        encoding="utf-8",
        timeout=60,
    )
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def _say(child: pexpect.spawn, line: str, *expect: str) -> None:
    child.send(line + "\r")
    for text in expect:
        child.expect_exact(text)
    child.expect_exact(PROMPT)


def test_a_short_round_typed_at_the_prompt(tmp_path: Path) -> None:
    game = tmp_path / "round.jsonl"
    _new(game)
    child = _spawn(game)
    child.expect_exact("Round: 3 players, you are player 1; 1 event;")
    child.expect_exact("Advice: draw.")
    child.expect_exact(PROMPT)
    _say(child, "d K1", "event 2: draw: you drew K1", "After your draw (rummy101 outs):")
    _say(child, "x K1", "event 3: discard: you discarded K1")
    _say(child, "s 2 R9", "event 4: seen: player 2 discarded R9")
    take = "Take Y9: it opens now with melds (39 points) [R-TAKE-DISCARD]."
    _say(child, "s 3 Y9", "event 5: seen: player 3 discarded Y9", take, "Advice: take Y9.")
    _say(child, "t", "event 6: take: you took Y9", "Your turn (rummy101 play):",
         "Verdict: open with melds (39 points, needs 30), lay down 6 tiles")  # fmt: skip
    # a bad event: the reason, the prompt again, the file unchanged
    before = game.read_bytes()
    _say(child, "x R14", "Error: discard R14: 'R14' (tile 1): numbers run 1–13")
    _say(child, "x Y2", "Error: discard Y2: the taken tile Y9 must be laid in an opening this"
         " turn; undo the take [R-TAKE-DISCARD]")  # fmt: skip
    assert game.read_bytes() == before
    _say(child, "l 1 R3 R4 R5 | B9 K9 Y9", "event 7: lay: you laid R3 R4 R5 | B9 K9 Y9",
         "Opened: you with melds (39 points).")  # fmt: skip
    _say(child, "u", "event 8: undo: the last event taken back", "Opened: nobody yet.")
    _say(child, "?", "Short commands", "s P TILE        player P discarded TILE")
    # completion: 'hist' + Tab is the history command
    child.send("hist")
    child.expect_exact("history")  # the completion menu, while typing
    child.send("\t")
    time.sleep(0.5)  # the completion is applied asynchronously
    child.send("\r")
    child.expect_exact("7    lay: you laid R3 R4 R5 | B9 K9 Y9 (undone)")
    child.expect_exact(PROMPT)
    # history: the up arrow brings back the last line (history), Enter runs it again
    child.send("\x1b[A")
    time.sleep(0.5)
    child.send("\r")
    child.expect_exact("8    undo: the last event taken back")
    child.expect_exact(PROMPT)
    child.send("\x04")  # Ctrl-D
    child.expect_exact("bye")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    kinds = [json.loads(line)["kind"] for line in game.read_text().splitlines()]
    assert kinds == ["new", "draw", "discard", "seen", "seen", "take", "lay", "undo"]


def test_ctrl_c_quits_cleanly(tmp_path: Path) -> None:
    game = tmp_path / "round.jsonl"
    _new(game)
    child = _spawn(game)
    child.expect_exact(PROMPT)
    child.send("d K")
    child.send("\x03")  # Ctrl-C
    child.expect_exact("bye")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert len(game.read_text().splitlines()) == 1  # nothing half-typed was recorded


def test_tab_after_a_discard_offers_the_rack(tmp_path: Path) -> None:
    """'x B' + Tab completes to the one blue tile on the rack, B9, not B1 [issue 34]."""
    game = tmp_path / "round.jsonl"
    _new(game)
    draw = pexpect.spawn(_rummy101(), ["track", "--game", str(game), "draw", "K1"],
                         encoding="utf-8", timeout=60)  # fmt: skip
    draw.expect(pexpect.EOF)
    child = _spawn(game)
    child.expect_exact(PROMPT)
    child.send("x B")
    time.sleep(0.5)
    child.send("\t")
    time.sleep(0.5)  # the completion is applied asynchronously
    child.send("\r")
    child.expect_exact("event 3: discard: you discarded B9")
    child.expect_exact(PROMPT)
    child.send("q\r")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_a_seat_2_prompt_waits_for_seat_1(tmp_path: Path) -> None:
    """Seat 1 plays first: the prompt of seat 2 waits, refuses seat 3 before seat 1's
    discard, and gives 'Before your draw' once it is told [R-TURN, issue 34]."""
    game = tmp_path / "round.jsonl"
    new = ["track", "--game", str(game), "new", RACK, "--players", "3", "--seat", "2", *RULES]
    setup = pexpect.spawn(_rummy101(), new, encoding="utf-8", timeout=60)
    setup.expect(pexpect.EOF)
    child = _spawn(game)
    child.expect_exact("Waiting: player 1 plays now; the advice comes with your turn, after"
                       " player 1's discard [R-TURN].")  # fmt: skip
    child.expect_exact(PROMPT)
    _say(child, "s 3 K4", "Error: seen 3 K4: it is player 1's turn, not player 3's; tell"
         " player 1's discard first (seen 1 TILE) [R-TURN]")  # fmt: skip
    _say(child, "s 1 Y3", "event 2: seen: player 1 discarded Y3", "Before your draw:")
    child.send("q\r")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
