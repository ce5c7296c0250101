"""The Turkish interface [issue 31]: the catalog covers every wrapped string (ours and
click's), ``--lang``/the environment choose the language, no English of click's shows under
``--lang tr``, JSON is the same in both languages, and the tile notation never misreads a
rack silently."""

from __future__ import annotations

import inspect
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import click
import pytest
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po
from click.testing import CliRunner

import rummy101_solver
from rummy101_solver import i18n
from rummy101_solver.cli import COMMANDS, main
from rummy101_solver.cli.language import GROUP_HELP, _option_value
from rummy101_solver.game.notation import tile_code, to_english_codes
from rummy101_solver.game.parsing import parse_rack
from rummy101_solver.game.rulebook import rule_book, rule_ids, translated_rules
from rummy101_solver.game.tiles import Colour

PO = Path(rummy101_solver.__file__).parent / "locale" / "tr" / "LC_MESSAGES" / "rummy101.po"
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2)}


def catalog() -> dict[str | tuple[str, str], str | tuple[str, ...]]:
    """The Turkish catalog: msgid (a pair for a plural) → msgstr, fuzzy entries left out."""
    with PO.open("rb") as source:
        messages = read_po(source, locale="tr")
    return {m.id: m.string for m in messages if m.id and not m.fuzzy}  # type: ignore[misc]


def extracted(package: Path) -> set[str | tuple[str, str]]:
    """Every string wrapped in ``_``, ``N_`` or ``ngettext`` in ``package``'s modules, as
    Babel (the catalog compiler, docs/development.md) extracts it."""
    found: set[str | tuple[str, str]] = set()
    for path in sorted(package.rglob("*.py")):
        for _line, message, _comments, _context in extract_from_file(
            "python", str(path), keywords=KEYWORDS
        ):
            if isinstance(message, tuple):
                found.add((message[0], message[1]))
            elif message:
                found.add(message)
    return found


def wanted() -> set[str | tuple[str, str]]:
    """Every msgid the program can show: ours, click's own, and the command summaries
    (kept as plain strings in ``COMMANDS``, translated when the list is shown)."""
    ours = extracted(Path(rummy101_solver.__file__).parent)
    clicks = extracted(Path(click.__file__).parent)
    helps = {msgid for msgids in help_msgids_of_commands().values() for msgid in msgids}
    return ours | clicks | helps | {command.summary for command in COMMANDS.values()}


def help_msgids_of_commands() -> dict[str, list[str]]:
    """The msgids of every command help translated paragraph by paragraph
    (``cli.language.translated_help``): its modules imported, the registry read, in a
    fresh process (a command imported here would keep click's help option of the first
    language it is shown in)."""
    script = (
        "import importlib, json\n"
        "from rummy101_solver.cli import COMMANDS\n"
        "from rummy101_solver.cli.language import HELP_MSGIDS\n"
        "for c in COMMANDS.values(): importlib.import_module(c.module)\n"
        "print(json.dumps(HELP_MSGIDS))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    found: dict[str, list[str]] = json.loads(done.stdout)
    return found


def fields(text: str) -> set[str]:
    """The format fields of a message: ``{name!r}`` → ``name``, ``%(prog)s`` → ``prog``."""
    braces = {m.split("!")[0].split(":")[0] for m in re.findall(r"\{([^{}]*)\}", text)}
    return braces | set(re.findall(r"%\((\w+)\)", text))


def test_every_wrapped_string_is_in_the_catalog_and_translated() -> None:
    have = catalog()
    missing = sorted(map(str, wanted() - have.keys()))
    assert not missing, f"add these msgids to {PO.name} and translate them: {missing}"
    untranslated = sorted(str(k) for k, v in have.items() if not v or v == ("",) * len(v))
    assert not untranslated, f"translate these msgids in {PO.name}: {untranslated}"


def test_every_translation_keeps_the_fields_of_its_msgid() -> None:
    for msgid, msgstr in catalog().items():
        source = fields(" ".join(msgid) if isinstance(msgid, tuple) else msgid)
        for text in msgstr if isinstance(msgstr, tuple) else (msgstr,):
            assert fields(text) <= source, (msgid, text)
            if not isinstance(msgid, tuple):
                assert fields(text) == source, (msgid, text)


def test_the_group_help_paragraphs_are_the_group_docstring() -> None:
    assert "\n\n".join(GROUP_HELP) == inspect.cleandoc(main.help or "")


def run(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """``rummy101 ARGS`` in a fresh process (a command module imported once in a
    process keeps its strings: a language is chosen per process), with ``env`` added to
    an environment that names no language."""
    base = {k: v for k, v in os.environ.items() if k not in i18n.ENVIRONMENT_VARIABLES}
    return subprocess.run(
        [sys.executable, "-m", "rummy101_solver", *args],
        env={**base, **env},
        capture_output=True,
        text=True,
        check=False,
    )


CLICK_ENGLISH = (
    "Usage:", "Options:", "Commands:", "Show this message", "Show the version",
    "[default:", "Try '", "Error:", "No such", "Did you mean", "Missing", "Invalid value",
    "is not one of",
)  # fmt: skip


@pytest.mark.parametrize(
    "args",
    [
        ("--lang", "tr", "--help"),
        ("--lang", "tr", "solve", "--help"),
        ("--lang", "tr", "solve", "--time-limit", "x"),
        ("--lang", "tr", "solve", "--no-such-option"),
        ("--lang", "tr", "sovle"),
        ("--lang", "tr", "--notation", "xx", "solve"),
        ("--lang", "tr", "score"),
    ],
)
def test_no_english_of_clicks_under_lang_tr(args: tuple[str, ...]) -> None:
    done = run(*args)
    shown = done.stdout + done.stderr
    assert done.returncode in (0, 2), shown
    assert not [words for words in CLICK_ENGLISH if words in shown], shown


def test_lang_tr_help_is_translated() -> None:
    done = run("--lang", "tr", "--help")
    assert done.returncode == 0
    assert done.stdout.startswith("Kullanım: rummy101 [OPTIONS] [COMMAND] [ARGS]...\n")
    assert "Seçenekler:\n" in done.stdout and "Komutlar:\n" in done.stdout
    assert "  -h, --help          Bu iletiyi gösterir ve çıkar.\n" in done.stdout
    assert "  rules      Kural kitabını ya da yalnız adı verilen kuralları yazar.\n" in done.stdout


def test_version_under_lang_tr() -> None:
    assert run("--lang", "tr", "--version").stdout == "rummy101, sürüm 0.1.0\n"
    assert CliRunner().invoke(main, ["--version"]).output == "main, version 0.1.0\n"


def test_a_bad_rack_under_lang_tr_exits_2_in_turkish() -> None:
    done = run("--lang", "tr", "solve", "R1", "X9")
    assert done.returncode == 2
    assert done.stderr.startswith("Hata: 'X9' (tile 2): ")  # the parser's reason: a later sweep


def test_a_bad_lang_is_a_usage_error_naming_it() -> None:
    done = run("--lang", "de", "solve", "R1")
    assert done.returncode == 2
    assert done.stderr.endswith(
        "Error: Invalid value for '--lang': 'de' is not one of 'en', 'tr'.\n"
    )
    done = run("--lang", "de", "solve", "R1", LANG="tr_TR.UTF-8")  # in the environment's language
    assert done.stderr.endswith(
        "Hata: '--lang' için geçersiz değer: 'de' geçersiz; şunlardan biri olmalı: 'en', 'tr'.\n"
    )


@pytest.mark.parametrize(
    ("environ", "language"),
    [
        ({}, "en"),
        ({"LANG": "tr_TR.UTF-8"}, "tr"),
        ({"LANG": "en_US.UTF-8"}, "en"),
        ({"LANG": "de_DE.UTF-8"}, "en"),  # a language not spoken: English
        ({"LC_MESSAGES": "tr_TR", "LANG": "en_US"}, "tr"),
        ({"LC_ALL": "en_US.UTF-8", "LC_MESSAGES": "tr_TR", "LANG": "tr_TR"}, "en"),
        ({"LC_ALL": "tr_TR.UTF-8", "LANG": "en_US"}, "tr"),
        ({"LANGUAGE": "en", "LC_ALL": "tr_TR.UTF-8"}, "en"),
        ({"LANGUAGE": "de:tr", "LANG": "en_US"}, "tr"),  # no German: the next preference
        ({"LANGUAGE": "de:en:tr"}, "en"),  # English is spoken: it comes before Turkish
        ({"LANGUAGE": "", "LANG": "tr_TR"}, "tr"),  # an empty variable is not set
        ({"LANG": "C"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
    ],
)
def test_the_environment_chooses_in_gettext_order(environ: dict[str, str], language: str) -> None:
    assert i18n.language_from_environment(environ) == language
    assert i18n.choose_language(None, environ) == language
    assert i18n.choose_language("en", environ) == "en"  # --lang wins


def test_the_environment_speaks_to_the_program_and_lang_wins() -> None:
    assert run("--help", LANG="tr_TR.UTF-8").stdout.startswith("Kullanım:")
    assert run("--help", LC_ALL="tr_TR.UTF-8", LANG="en_US").stdout.startswith("Kullanım:")
    assert run("--help", LANGUAGE="en", LANG="tr_TR.UTF-8").stdout.startswith("Usage:")
    assert run("--lang", "en", "--help", LANG="tr_TR.UTF-8").stdout.startswith("Usage:")
    assert run("--lang=tr", "--help").stdout.startswith("Kullanım:")


def test_the_language_is_put_back_after_a_run() -> None:
    before = os.environ.get("LANGUAGE")
    result = CliRunner().invoke(main, ["--lang", "tr", "--help"])
    assert result.output.startswith("Kullanım:")
    assert os.environ.get("LANGUAGE") == before and i18n.language() == "en"
    assert CliRunner().invoke(main, ["--help"]).output.startswith("Usage:")


def test_the_group_options_are_read_before_the_command() -> None:
    assert _option_value(["--lang", "tr", "solve", "--lang", "en"], "--lang") == "tr"
    assert _option_value(["--notation", "en", "--lang=tr", "solve"], "--lang") == "tr"
    assert _option_value(["solve", "--lang", "tr"], "--lang") is None
    assert _option_value(["--notation", "--lang", "solve"], "--lang") is None


def test_without_the_compiled_catalog_the_tool_speaks_english_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    result = CliRunner().invoke(main, ["--lang", "tr", "--help"])
    assert result.exit_code == 0
    assert result.stderr == (
        "rummy101: the Turkish catalog is not installed (the package was built without"
        " Babel); English is used.\n"
    )
    assert result.stdout.startswith("Usage: main [OPTIONS]")


def test_the_build_warns_and_goes_on_without_babel(tmp_path: Path) -> None:
    root = Path(rummy101_solver.__file__).parent.parent
    locale = tmp_path / "rummy101_solver" / "locale" / "tr" / "LC_MESSAGES"
    locale.mkdir(parents=True)
    (locale / "rummy101.po").write_bytes(PO.read_bytes())
    (tmp_path / "setup.py").write_bytes((root / "setup.py").read_bytes())
    hide_babel = (
        "import runpy, sys\n"
        "sys.modules['babel'] = None\n"  # import babel… raises ImportError
        "import setuptools\n"
        "setup = setuptools.setup\n"
        "setuptools.setup = lambda **kw: None\n"  # only the catalogs: no extension build
        "module = runpy.run_path('setup.py')\n"
        "print(module['compile_catalogs']())\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", hide_babel], cwd=tmp_path, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == "[]\n"
    assert "WARNING: rummy101-solver: Babel is not installed" in done.stderr
    assert not (locale / "rummy101.mo").exists()


# --- the tile notation [R-TILES] -----------------------------------------------------------

WARN_BLACK = (
    "rummy101: warning: K7 K8 K9 read as black (K is black in the English notation, red in"
    " the Turkish one); choose with --notation en or tr.\n"
)


def test_a_rack_that_reads_differently_gets_a_warning_naming_the_tiles() -> None:
    done = run("solve", "K7", "K8", "K9", "--format", "json")
    assert done.stderr == WARN_BLACK
    assert json.loads(done.stdout)["rack"] == ["K7", "K8", "K9"]


def test_under_turkish_from_the_environment_k_is_red_with_a_warning() -> None:
    done = run("solve", "K7", "K8", "K9", "--format", "json", LANG="tr_TR.UTF-8")
    assert done.stderr == (
        "rummy101: uyarı: K7 K8 K9 kırmızı okundu (K Türkçe gösterimde kırmızı, İngilizce"
        " gösterimde siyahtır); --notation tr ya da en ile seçin.\n"
    )
    assert json.loads(done.stdout)["rack"] == ["R7", "R8", "R9"]


@pytest.mark.parametrize(
    ("args", "rack"),
    [
        (["--notation", "en"], ["K7", "K8", "K9"]),
        (["--notation", "tr"], ["R7", "R8", "R9"]),
        (["--lang", "tr"], ["R7", "R8", "R9"]),
        (["--lang", "en"], ["K7", "K8", "K9"]),
        (["--lang", "tr", "--notation", "en"], ["K7", "K8", "K9"]),
    ],
)
def test_a_chosen_notation_reads_k_without_a_warning(args: list[str], rack: list[str]) -> None:
    result = CliRunner().invoke(main, [*args, "solve", "K7", "K8", "K9", "--format", "json"])
    assert result.exit_code == 1 and result.stderr == ""  # 1: cannot open
    assert json.loads(result.stdout)["rack"] == rack


def test_the_rack_s_other_codes_settle_the_notation() -> None:
    english = CliRunner().invoke(main, ["solve", "R1", "K7", "K8", "K9", "--format", "json"])
    assert english.stderr == ""
    assert json.loads(english.stdout)["rack"] == ["R1", "K7", "K8", "K9"]
    mixed = CliRunner().invoke(main, ["solve", "M1", "K7", "K8", "K9", "--format", "json"])
    assert mixed.stderr == WARN_BLACK  # M is Turkish, read as English: in doubt


def test_turkish_codes_are_read_in_either_notation() -> None:
    result = CliRunner().invoke(main, ["solve", "M7", "si7", "Sa7", "7M", "--format", "json"])
    assert result.exit_code == 1 and result.stderr == ""  # 1: cannot open
    assert json.loads(result.stdout)["rack"] == ["B7", "B7", "K7", "Y7"]
    assert parse_rack("m7 SI7 sA7 Sİ8").codes == ["B7", "K7", "K8", "Y7"]  # İ folds to i


def test_a_bad_turkish_code_is_named_as_typed() -> None:
    result = CliRunner().invoke(main, ["--lang", "tr", "solve", "K7", "Si14"])
    assert result.exit_code == 2
    assert result.stderr == "Hata: 'Si14' (tile 2): numbers run 1–13\n"


def test_to_english_codes() -> None:
    reading = to_english_codes("K7, 7k | M1 si13 Sa2 R3 kırmızı 4 K14", "tr")
    assert reading.text == "R7, R7 | M1 si13 Sa2 R3 kırmızı 4 K14"  # K14: the parser says why
    assert reading.ambiguous == ("K7", "7k")
    assert (reading.english_only, reading.turkish_only) == (True, True)
    assert to_english_codes("K7 K8", "en").text == "K7 K8"
    assert to_english_codes("K5 J=K6 K7|M1/Sa1,Si1", "tr").text == "R5 J=R6 R7|M1/Sa1,Si1"
    assert to_english_codes("K7 R8", "en").in_doubt("en") is False
    assert to_english_codes("K7 R8", "tr").in_doubt("tr") is True
    assert to_english_codes("K7 Sa8", "tr").in_doubt("tr") is False
    with pytest.raises(ValueError, match="unknown notation 'de'"):
        to_english_codes("K7", "de")


def test_tile_codes_of_each_notation() -> None:
    assert [tile_code(c, 7, "tr") for c in Colour] == ["K7", "M7", "Si7", "Sa7"]
    assert [tile_code(c, 7) for c in Colour] == ["R7", "B7", "K7", "Y7"]


# --- JSON is the same in every language ----------------------------------------------------

JSON_COMMANDS = [
    ["solve", "R10", "R11", "R12", "B11", "B12", "B13", "K10", "K11", "K12", "Y1", "--format",
     "json"],
    ["outs", "R3", "R4", "B7", "K7", "Y9", "J", "--format", "json"],
    ["check", "R3 R4 R5 | B7 K7 Y7", "--format", "json"],
    ["rules", "R-RUN", "--format", "json"],
]  # fmt: skip


@pytest.mark.parametrize("args", JSON_COMMANDS, ids=lambda a: a[0])
def test_json_is_byte_identical_in_turkish_and_english(args: list[str]) -> None:
    english = run("--lang", "en", *args)
    turkish = run("--lang", "tr", "--notation", "en", *args)
    assert english.stdout.startswith(("{", "[")), english.stderr
    assert (turkish.returncode, turkish.stdout) == (english.returncode, english.stdout)


# --- the rule book in Turkish ---------------------------------------------------------------


def test_the_turkish_rule_book_has_every_rule_and_no_other() -> None:
    sections, rules = translated_rules("tr")
    assert list(rules) == list(rule_ids())  # the same ids, in the same order
    assert all(rule["title"] and rule["text"] for rule in rules.values())
    assert set(sections) == {rule.section for rule in rule_book()}


def test_rules_in_turkish() -> None:
    done = run("--lang", "tr", "rules", "R-RUN")
    assert done.returncode == 0
    assert done.stdout == (
        "R-RUN  Seriler (Perler)\n"
        "  Seri, aynı renkte ardışık sayılı 3 ile 13 taştır. 1 yalnız küçüktür: 1-2-3\n"
        "  seridir, 12-13-1 ve 13-1-2 değildir.\n"
        "  Varsayılan: No wrap-around.\n"
        "  Kaynak:     seeds 000, 001, 002 (12-13-1 is not allowed), 004 (no wrap from\n"
        "              13 to 1)\n"
    )


def test_an_option_s_tile_is_read_in_the_chosen_notation() -> None:
    args = ["check", "R13 R1 R2", "--indicator", "K13", "--format", "json"]
    turkish = CliRunner().invoke(main, ["--lang", "tr", *args])  # K13: red, the okey R1
    english = CliRunner().invoke(main, args)  # K13: black, the okey K1
    assert json.loads(turkish.stdout)["groups"][0]["tiles"] == ["R13", "J", "R2"]
    assert json.loads(english.stdout)["groups"][0]["tiles"] == ["R13", "R1", "R2"]


MATCH = str(Path(__file__).parent.parent / "examples" / "match.jsonl")

HELP_TRANSLATED = {
    # command: (its --lang tr heading, an error: its arguments, exit code, Turkish message)
    "rules": (
        "  Kural kitabını ya da yalnız adı verilen kuralları yazar.\n",
        ("R-RUNN",), 2, "Hata: 'R-RUNN': böyle bir kural yok; R-RUN mi demek istediniz?\n",
    ),
    "deal": (
        "  Karıştırılmış 106 taştan ıstaka dağıtır, her satıra bir ıstaka [R-TILES].\n",
        ("--players", "3"), 2,
        "Hata: --players yalnız dağıtılan bir el için geçerlidir: --round ekleyin\n",
    ),
    "schema": (
        "  Bir JSON çıktısının JSON Schema'sını (draft 2020-12) yazar; NAME verilmezse\n",
        ("xx",), 2, "Hata: 'xx': böyle bir şema yok; şemalar: ",
    ),
    "standings": (
        "  Bir maçın puan durumu: oyuncu başına bir satır, en yüksek toplam önce\n",
        (MATCH, "--after", "0"), 2,
        "Kullanım: rummy101 standings [OPTIONS] LEDGER\n"
        "Yardım için 'rummy101 standings --help' yazın.\n\n"
        "Hata: '--after' için geçersiz değer: 0, 1<=x<=1000000 aralığında değil.\n",
    ),
    "score": (
        "  Bir eli puanlar: her oyuncunun puanı, oyuncu başına bir satır [R-PENALTY\n",
        ("--end", "xx"), 2,
        "Kullanım: rummy101 score [OPTIONS] PLAYER...\n"
        "Yardım için 'rummy101 score --help' yazın.\n\n"
        "Hata: '--end' için geçersiz değer: 'xx' geçersiz; şunlardan biri olmalı: ",
    ),
    "verify": (
        "  Örnek durumları çalıştırır, beklenen alanları karşılaştırır: bir oyunun CI'ı\n",
        ("--write", "-"), 2,
        "Hata: --write bir örnek durum dosyasını yeniden yazar: '-' değil, dosyanın yolunu verin\n",
    ),
    "batch": (
        "  Her satırdaki ıstakayı çözümler; her satıra bir JSON kaydı (JSON Lines) ya\n",
        ("--jobs", "0"), 2,
        "Kullanım: rummy101 batch [OPTIONS] [SOURCE]\n"
        "Yardım için 'rummy101 batch --help' yazın.\n\n"
        "Hata: '--jobs' için geçersiz değer: 0, 1<=x<=64 aralığında değil.\n",
    ),
}  # fmt: skip


def test_verify_under_lang_tr() -> None:
    fixtures = str(Path(__file__).parent.parent / "examples" / "fixtures.jsonl")
    done = run("--lang", "tr", "verify", fixtures)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].split() == ["durum", "ad", "alan", "beklenen", "bulunan", "sonuç"]
    assert lines[-1] == "11 durum, 24 denetim: 24 geçti, 0 kaldı"
    json_args = ("verify", fixtures, "--format", "json")
    assert run("--lang", "tr", *json_args).stdout == run(*json_args).stdout


def test_standings_under_lang_tr() -> None:
    done = run("--lang", "tr", "standings", MATCH, "--after", "1")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[:3] == [
        "3 elin 1. elinden sonra puan durumu:",
        "oyuncu      toplam    el    kazandı    1. el",
        "--------  --------  ----  ---------  -------",
    ]
    json_args = ("standings", MATCH, "--format", "json")
    assert run("--lang", "tr", *json_args).stdout == run(*json_args).stdout


SHARED_OPTIONS = set(
    re.findall(
        r'"(--[a-z][a-z0-9-]*)"',
        (Path(rummy101_solver.__file__).parent / "cli" / "options.py").read_text("utf-8"),
    )
) | {"--color"}
"""The options whose help may still be English under ``--lang tr``: the shared options of
``cli/options.py`` (and ``--color``) that ``solve`` and the others use too, translated with
them; every option a translated command defines itself must be Turkish."""


OWN_OPTIONS = {"deal": {"--indicator"}, "rules": {"--house"}, "standings": {"--after"}}
"""Options a translated command defines itself under a shared option's name."""


def option_helps(text: str) -> dict[str, str]:
    """Each option of an English ``--help`` → its help text on one line, without click's
    ``[default: …]`` (the first option name is the key)."""
    helps: dict[str, str] = {}
    flag = ""
    for line in text.partition("\nOptions:\n")[2].splitlines():
        entry = re.match(r"^  (-\S+(?:, -\S+)*)(?: [A-Z|\[\]A-Za-z ]+?)?(?:  +(.*))?$", line)
        if entry:
            flag = entry.group(1).split(", ")[-1]
            helps[flag] = entry.group(2) or ""
        elif flag:
            helps[flag] += " " + line.strip()
    bracket = re.compile(r"\s*\[(default|required)[^\]]*\]")
    cleaned = {f: " ".join(bracket.sub("", h).split()) for f, h in helps.items()}
    return {f: h for f, h in cleaned.items() if h}


@pytest.mark.parametrize("name", sorted(HELP_TRANSLATED))
def test_lang_tr_command_help_and_an_error_are_turkish(name: str) -> None:
    heading, error_args, code, message = HELP_TRANSLATED[name]
    done = run("--lang", "tr", name, "--help")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"Kullanım: rummy101 {name} ") and heading in done.stdout
    assert "Örnek:\n" in done.stdout and "Çıkış kodu: " in done.stdout
    shown = " ".join(done.stdout.split())
    msgids = help_msgids_of_commands()[name]
    assert not [p for p in msgids if p != "Example:" and p in shown]
    english = option_helps(run(name, "--help").stdout)
    left = {flag for flag, text in english.items() if text in shown}
    assert english and left <= SHARED_OPTIONS, sorted(left - SHARED_OPTIONS)
    assert not left & OWN_OPTIONS.get(name, set())  # named like a shared one, its own help
    failed = run("--lang", "tr", name, *error_args)
    assert failed.returncode == code and failed.stderr.startswith(message), failed.stderr
    assert run(name, *error_args).returncode == code


def test_the_score_head_lines_say_the_ending_labels() -> None:
    from rummy101_solver.cli.score import ROUND_HEADS
    from rummy101_solver.game.scoring import ENDING_LABELS

    assert {
        ending: (f"Round: {label}, winner {{winner}}.", f"Round: {label}.")
        for ending, label in ENDING_LABELS.items()
    } == ROUND_HEADS


def test_score_table_under_lang_tr() -> None:
    args = ("score", "--end", "joker", "--winner", "Ali", "Ali", "Bea: melds R3", "Can: not")
    done = run("--lang", "tr", *args)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "El: okeyle bitiş, kazanan Ali."
    assert lines[1].split() == ["oyuncu", "durum", "kalan", "taşlar", "temel", "ceza",
                                "katsayı", "puan", "kural"]  # fmt: skip
    assert lines[-1].startswith("Toplam: -208 (her oyuncunun el sonucu toplanır")
    english = run(*args).stdout.splitlines()
    assert english[0] == "Round: joker finish, winner Ali."
    assert (
        run("--lang", "tr", *args, "--format", "json").stdout
        == run(*args, "--format", "json").stdout
    )
