"""Tiles in colour on a terminal (--color, NO_COLOR), and --format html / latex as
whole documents [R-TILES]."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from html.parser import HTMLParser

import pytest
from click.testing import CliRunner

from rummy101_solver.cli import main
from rummy101_solver.cli.common import use_color
from rummy101_solver.game.parsing import parse_tile
from rummy101_solver.game.tiles import Colour, Face
from rummy101_solver.report.render import as_document, latex_escape, tile_text, tiles_text

ANSI = re.compile(r"\x1b\[[0-9;]*m")
RED_7 = "\x1b[31mR7\x1b[0m"
# the rack of docs/solve.md: runs, sets, a joker, alternatives of both kinds
RACK = [
    "R3",
    "R4",
    "R5",
    "B7",
    "K7",
    "Y7",
    "J",
    "R9",
    "R10",
    "R11",
    "B13",
    "K13",
    "Y13",
    "R13",
    "B2",
    "B2",
    "Y8",
    "K1",
]
CHECK = ["R3 R4 R5 | B7 K7 J | R12 R13 R1", "--rack", "R3 R4 R5 B7 K7 J R12 R13 R1 Y2"]
SCORE = ["--end", "joker", "--winner", "Ali", "Ali", "Bea: pairs K2 K9", "Can: melds R3 R5 J"]
# the turn of docs/play.md: lay-offs, a retrieval, a joker in a new meld, an alternative
PLAY = ["R2", "R6", "B6", "R8", "R11", "Y1", "--opened", "melds", "--table",
        "R3 R4 R5 | B8 K8 Y8 | R10 J R12", "--alternatives", "1"]  # fmt: skip
# one tile from a meld opening, with outs and a seen tile
OUTS = ["R3", "R4", "R5", "B7", "K7", "Y7", "R10", "R11", "R12", "B13", "K13", "Y1", "--seen",
        "R13"]  # fmt: skip
ARGS = {"solve": RACK, "check": CHECK, "score": SCORE, "play": PLAY, "outs": OUTS}
OUTS_RACK = ["Y9", "Y10", "Y11", "Y12", "Y13", "R10", "R11", "R13", "B1", "K2", "Y3", "R5", "B6"]
# every command with --format: html and latex give the whole document its --help promises
DOCUMENT_ARGS = {
    **ARGS,
    "verify": ["examples/fixtures.jsonl"],
    "standings": ["examples/match.jsonl"],
    "simulate": ["--deals", "3"],
    "outs": [*OUTS_RACK, "--seen", "R12 R12"],
}


def invoke(*args: str, env: dict[str, str] | None = None) -> tuple[str, int]:
    result = CliRunner().invoke(main, list(args), prog_name="rummy101", env=env)
    return result.output, result.exit_code


# --- the tile → text function ---------------------------------------------------
def test_each_colour_has_its_escape_sequence() -> None:
    tiles = [parse_tile(code) for code in ("R7", "B7", "K7", "Y7", "J")]
    assert [tile_text(t, color=True) for t in tiles] == [
        RED_7,
        "\x1b[34mB7\x1b[0m",
        "\x1b[1mK7\x1b[0m",  # black as bold: black text vanishes on a dark terminal
        "\x1b[33mY7\x1b[0m",
        "\x1b[35mJ\x1b[0m",
    ]
    assert [tile_text(t) for t in tiles] == ["R7", "B7", "K7", "Y7", "J"]


def test_a_joker_shows_its_stand_in_in_that_colour() -> None:
    joker = parse_tile("J")
    assert tile_text(joker, Face(Colour.RED, 12), color=True) == (
        "\x1b[35mJ\x1b[0m=\x1b[31mR12\x1b[0m"
    )
    assert tile_text(joker, Face(Colour.RED, 12)) == "J=R12"


def test_a_fake_okey_is_in_the_colour_of_the_okey() -> None:
    fake = parse_tile("F", indicator=Face(Colour.BLACK, 13))  # the okey is K1
    assert tile_text(fake, color=True) == "\x1b[1mF\x1b[0m"
    assert tile_text(fake, Face(Colour.BLACK, 1), color=True) == "\x1b[1mF\x1b[0m=\x1b[1mK1\x1b[0m"


def test_a_tile_list() -> None:
    tiles = [parse_tile(code) for code in ("R7", "Y1")]
    assert tiles_text(tiles, color=True) == f"{RED_7} \x1b[33mY1\x1b[0m"
    assert tiles_text([], color=True) == "-"
    assert tiles_text([], none="–") == "–"


# --- --color on the command line ------------------------------------------------
def test_color_always_gives_the_exact_sequence_for_r7() -> None:
    out, code = invoke("solve", "R7", "R8", "R9", "--color", "always")
    assert code == 1
    assert out.splitlines()[0] == (f"Rack (3 tiles): {RED_7} \x1b[31mR8\x1b[0m \x1b[31mR9\x1b[0m")


def test_play_color_always_gives_the_exact_sequences() -> None:
    out, code = invoke("play", "R6", "K1", "--opened", "melds", "--table", "R3 R4 R5",
                       "--color", "always")  # fmt: skip
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Rack (2 tiles): \x1b[31mR6\x1b[0m \x1b[1mK1\x1b[0m"
    assert "1       lay off \x1b[31mR6\x1b[0m onto group 1 (high end)" in lines
    assert "Discard: \x1b[1mK1\x1b[0m: the last tile: a finish [R-FINISH]." in lines
    # the reading of a set's joker the move relies on, in colour [R-SET, R-WILD]
    out, _ = invoke("play", "Y7", "K2", "K3", "B9", "--opened", "melds", "--table", "R7 B7 J",
                    "--alternatives", "0", "--color", "always")  # fmt: skip
    assert "(read as \x1b[31mR7\x1b[0m \x1b[34mB7\x1b[0m \x1b[35mJ\x1b[0m=\x1b[33mY7\x1b[0m)" in out
    # a joker on the table: magenta, its stand-in in the colour it plays as
    out, _ = invoke("play", "K1", "--opened", "melds", "--table", "R10 J R12", "--color", "always")
    assert "\x1b[35mJ\x1b[0m=\x1b[31mR11\x1b[0m" in out
    out, _ = invoke("play", "R6", "K1", "--opened", "melds", "--table", "R3 R4 R5")
    assert "\x1b" not in out  # CliRunner's stdout is no terminal: auto is off


def test_outs_color_always_gives_the_exact_sequences() -> None:
    out, code = invoke("outs", *OUTS, "--color", "always")
    assert code == 1
    lines = out.splitlines()
    assert lines[1] == "Seen (1): \x1b[31mR13\x1b[0m"
    assert lines[5] == (
        "Distance with melds (needs 101 points): 1 tile (optimal); missing: \x1b[33mY13\x1b[0m"
    )
    assert "set     \x1b[34mB13\x1b[0m \x1b[1mK13\x1b[0m \x1b[33mY13\x1b[0m(draw)       39" in lines
    # a drawn joker in a target: magenta, its stand-in in the colour it plays as (the
    # pairs target draws no joker any more where a real tile does as well [issue 17])
    out, _ = invoke("outs", *OUTS_RACK, "--seen", "R12 R12", "--color", "always")
    run = "\x1b[31mR10\x1b[0m \x1b[31mR11\x1b[0m \x1b[35mJ\x1b[0m=\x1b[31mR12\x1b[0m(draw)"
    assert f"run     {run} \x1b[31mR13\x1b[0m       46" in out.splitlines()
    outs = lines[lines.index("Outs (a draw of one of these lowers the distance):") + 3]
    assert outs.startswith("\x1b[31m")
    # 22 tiles: the discard table and the verdict's discard in colour
    rack = "R1 R1 B2 B2 K3 K3 Y4 Y4 R7 B9 K10 K11 K12 Y13 R13 B13 Y12 R2 B3 K4 Y5 K9"
    out, _ = invoke("outs", rack, "--color", "always")
    assert "; discard \x1b[34mB9\x1b[0m." in out.splitlines()[2]
    assert "     1  \x1b[34mB9\x1b[0m" in out
    assert "Outs after discarding \x1b[34mB9\x1b[0m:" in out
    out, _ = invoke("outs", *OUTS)
    assert "\x1b" not in out  # CliRunner's stdout is no terminal: auto is off


@pytest.mark.parametrize(
    "args",
    [
        ["solve", *RACK],
        ["check", *CHECK],
        ["score", *SCORE],
        ["play", *PLAY],
        ["outs", *OUTS],
    ],
    ids=["solve", "check", "score", "play", "outs"],
)
def test_never_and_no_color_give_no_escape(args: list[str]) -> None:
    always, _ = invoke(*args, "--color", "always")
    assert "\x1b[" in always
    never, _ = invoke(*args, "--color", "never")
    assert "\x1b" not in never
    auto, _ = invoke(*args, env={"NO_COLOR": "1"})
    assert "\x1b" not in auto
    assert auto == never


@pytest.mark.parametrize("command", list(ARGS))
def test_json_is_never_coloured(command: str) -> None:
    args = ARGS[command]
    out, _ = invoke(command, *args, "--color", "always", "--format", "json")
    assert "\x1b" not in out
    json.loads(out)


@pytest.mark.parametrize("fmt", ["simple", "grid", "github", "psql", "plain"])
@pytest.mark.parametrize("command", list(ARGS))
def test_colour_keeps_columns_aligned(command: str, fmt: str) -> None:
    """Stripped of its colour codes, the coloured output is the plain one, byte for byte:
    tabulate measured the columns without the codes."""
    args = ARGS[command]
    coloured, code = invoke(command, *args, "--format", fmt, "--color", "always")
    plain, plain_code = invoke(command, *args, "--format", fmt, "--color", "never")
    assert code == plain_code
    assert coloured != plain
    assert ANSI.sub("", coloured) == plain


def test_auto_colours_only_a_terminal_without_no_color() -> None:
    class Tty:
        def __init__(self, tty: bool) -> None:
            self.tty = tty

        def isatty(self) -> bool:
            return self.tty

    assert use_color("auto", Tty(True), {}) is True  # type: ignore[arg-type]
    assert use_color("auto", Tty(True), {"NO_COLOR": "1"}) is False  # type: ignore[arg-type]
    assert use_color("auto", Tty(True), {"NO_COLOR": ""}) is True  # type: ignore[arg-type]
    assert use_color("auto", Tty(False), {}) is False  # type: ignore[arg-type]
    assert use_color("always", Tty(False), {"NO_COLOR": "1"}) is True  # type: ignore[arg-type]
    assert use_color("never", Tty(True), {}) is False  # type: ignore[arg-type]


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
@pytest.mark.parametrize(("no_color", "coloured"), [(None, True), ("1", False)])
def test_a_real_terminal_gets_colour_unless_no_color(no_color: str | None, coloured: bool) -> None:
    import pty

    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    if no_color is not None:
        env["NO_COLOR"] = no_color
    leader, follower = pty.openpty()
    try:
        proc = subprocess.run(
            [sys.executable, "-m", "rummy101_solver", "score", *SCORE],
            stdout=follower,
            stderr=subprocess.PIPE,
            env=env,
            timeout=60,
        )
        os.close(follower)
        follower = -1
        chunks = []
        while True:
            try:
                chunk = os.read(leader, 4096)
            except OSError:  # EIO: the terminal's other end is closed
                break
            if not chunk:
                break
            chunks.append(chunk)
    finally:
        if follower != -1:
            os.close(follower)
        os.close(leader)
    out = b"".join(chunks).decode()
    assert proc.returncode == 0
    assert ("\x1b[31mR3\x1b[0m" in out) is coloured
    assert "R3" in out


# --- --format html / latex: whole documents ----------------------------------------------
class _Tags(HTMLParser):
    """Checks that every tag is closed in order (void elements aside)."""

    VOID = frozenset({"meta", "br", "hr", "img", "link", "input"})

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.seen: list[str] = []
        self.errors: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.seen.append(tag)
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if not self.stack or self.stack.pop() != tag:
            self.errors.append(f"unbalanced </{tag}>")

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def _parse_html(out: str) -> _Tags:
    parser = _Tags()
    parser.feed(out)
    parser.close()
    assert parser.errors == []
    assert parser.stack == []
    return parser


@pytest.mark.parametrize("fmt", ["html", "unsafehtml"])
@pytest.mark.parametrize("command", list(DOCUMENT_ARGS))
def test_html_is_a_whole_balanced_document(command: str, fmt: str) -> None:
    args = DOCUMENT_ARGS[command]
    colour = ["--color", "always"] if command in ARGS else []
    out, _ = invoke(command, *args, "--format", fmt, *colour)
    assert out.startswith('<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n')
    assert out.endswith("</body>\n</html>\n")
    assert "\x1b" not in out
    parser = _parse_html(out)
    assert parser.seen[:4] == ["html", "head", "meta", "title"]
    assert "table" in parser.seen and "p" in parser.seen
    assert f"<title>rummy101 {command}</title>" in out


def test_html_paragraphs_are_escaped() -> None:
    out, _ = invoke("solve", *RACK, "--format", "html", "--explain")
    assert (
        "<p>Verdict: can open. Play melds: 127 points (needs 101), residual penalty 13.</p>" in out
    )
    assert "= 127 points ≥ 101, so it opens [R-OPEN-MELDS]" in out
    doc = as_document("a < b & c\n<table>\n<tr><td>1</td></tr>\n</table>", "html")
    assert "<p>a &lt; b &amp; c</p>\n<table>\n<tr><td>1</td></tr>\n</table>" in doc


def test_verify_html_is_a_document() -> None:
    out, code = invoke("verify", "examples/fixtures.jsonl", "--format", "html")
    assert code == 0
    _parse_html(out)
    assert out.startswith("<!DOCTYPE html>")


_ENV = re.compile(r"\\(begin|end)\{(\w+)\}")


@pytest.mark.parametrize("fmt", ["latex", "latex_raw", "latex_booktabs", "latex_longtable"])
@pytest.mark.parametrize("command", list(DOCUMENT_ARGS))
def test_latex_is_a_whole_document(command: str, fmt: str) -> None:
    args = DOCUMENT_ARGS[command]
    extra = ["--explain"] if command == "solve" else []
    colour = ["--color", "always"] if command in ARGS else []
    out, _ = invoke(command, *args, *extra, "--format", fmt, *colour)
    lines = out.splitlines()
    assert lines[:3] == [f"% rummy101 {command}", r"\documentclass{article}",
                         r"\usepackage[utf8]{inputenc}"]  # fmt: skip
    assert r"\begin{document}" in lines
    assert lines[-1] == r"\end{document}"
    assert "\x1b" not in out
    stack = []
    for kind, name in _ENV.findall(out):
        if kind == "begin":
            stack.append(name)
        else:
            assert stack.pop() == name
    assert stack == []
    body = out.split(r"\begin{document}")[1]
    assert re.search(r"\\begin\{(tabular|longtable)\}", body)
    # text outside the tables has no unescaped special character
    prose = re.sub(r"\\begin\{(tabular|longtable)\}.*?\\end\{\1\}", "", body, flags=re.S)
    assert not re.search(r"(?<!\\)[&%#_]", prose)
    assert "≥" not in prose


def test_latex_escapes_text() -> None:
    assert latex_escape("a_b & 110 ≥ 101 {x} 50% #1 ~^\\") == (
        r"a\_b \& 110 $\geq$ 101 \{x\} 50\% \#1 \textasciitilde{}\textasciicircum{}"
        r"\textbackslash{}"
    )
    out, _ = invoke("solve", *RACK, "--format", "latex", "--explain")
    assert "= 127 points $\\geq$ 101, so it opens [R-OPEN-MELDS]" in out


@pytest.mark.parametrize("fmt", ["json", "html", "latex", "unsafehtml", "latex_raw"])
def test_report_color_is_off_for_json_and_documents(fmt: str) -> None:
    from rummy101_solver.cli.common import report_color

    assert report_color(True, fmt) is False
    assert report_color(True, "grid") is True
    assert report_color(False, "grid") is False


def test_other_formats_are_not_documents() -> None:
    out, _ = invoke("solve", "R1", "R2", "R3", "Y9", "--format", "github", "--alternatives", "0")
    assert out.startswith("Rack (4 tiles): R1 R2 R3 Y9\n")
    with pytest.raises(ValueError, match="'github' is not a document format"):
        as_document(out, "github")


def test_explain_sentences_are_coloured_in_text_only() -> None:
    out, _ = invoke("solve", "R7", "R8", "R9", "--explain", "--color", "always")
    assert out.splitlines()[-2] == (
        f"Nothing can be laid as melds: {RED_7} \x1b[31mR8\x1b[0m \x1b[31mR9\x1b[0m would leave"
        " no tile on the rack, and one tile must stay for the discard [R-KEEP-DISCARD]."
    )
    out, _ = invoke("solve", "R7", "R8", "R9", "--explain", "--color", "always", "--format", "json")
    assert "\x1b" not in out
