"""The rule book ships with the package and covers every rule id the code cites;
``rummy101 rules`` prints it."""

from __future__ import annotations

import fnmatch
import json
import tomllib
from importlib.resources import files
from pathlib import Path

from click.testing import CliRunner

from rummy101_solver.cli import main
from rummy101_solver.game.rulebook import RULE_ID, find_rules, rule_book, rule_ids

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "rummy101_solver"
# the team's RULES.md (not shipped) sits beside the checkout or one level up
RULES_MD = [p / "shared" / "RULES.md" for p in (ROOT.parent, ROOT.parent.parent)]


def run(*args: str) -> tuple[str, int]:
    result = CliRunner().invoke(main, ["rules", *args], prog_name="rummy101")
    return result.output, result.exit_code


def cited_ids() -> dict[str, list[str]]:
    """Every rule id cited anywhere in the package source, with the files citing it."""
    cited: dict[str, list[str]] = {}
    for path in sorted(PACKAGE.rglob("*")):
        if path.suffix in (".py", ".json") and "data" not in path.parts:
            for rule_id in RULE_ID.findall(path.read_text(encoding="utf-8")):
                cited.setdefault(rule_id, []).append(path.name)
    return cited


def test_every_cited_rule_id_is_in_the_rule_book() -> None:
    cited = cited_ids()
    assert len(cited) >= 20
    missing = {i: sorted(set(where)) for i, where in cited.items() if i not in rule_ids()}
    assert not missing, f"cited but not in rummy101_solver/data/rules.toml: {missing}"


def test_every_rule_book_id_is_real() -> None:
    """Every id is cited by the code, or is a rule of the game the code does not
    model (lay-offs, retrieval, …), or refers to another rule."""
    book = rule_book()
    cited = set(cited_ids())
    text = " ".join(f"{r.text} {r.default} {' '.join(r.variants)} {r.source}" for r in book)
    referred = set(RULE_ID.findall(text))
    not_modelled = {"R-SAME-TURN", "R-LAYOFF", "R-LAYOFF-LIMIT", "R-RETRIEVE"}
    orphans = [r.id for r in book if r.id not in cited | referred | not_modelled]
    assert orphans == []
    assert all(RULE_ID.fullmatch(r.id) for r in book)
    assert len(set(rule_ids())) == len(book), "an id appears twice"
    for path in [p for p in RULES_MD if p.exists()][:1]:  # all its ids are in the book
        assert set(RULE_ID.findall(path.read_text(encoding="utf-8"))) <= set(rule_ids())


def test_every_rule_has_text_default_and_source() -> None:
    for rule in rule_book():
        assert rule.text and rule.default and rule.source and rule.title, rule.id
        assert rule.section in {
            "Tiles", "Melds", "Opening", "After opening", "End of round", "House rules"
        }, rule.id  # fmt: skip


def test_the_rule_book_is_package_data() -> None:
    resource = files("rummy101_solver").joinpath("data", "rules.toml")
    assert resource.is_file()
    assert tomllib.loads(resource.read_text(encoding="utf-8"))["rule"][0]["id"] == "R-TILES"
    # a non-editable install (wheel) carries what pyproject.toml lists as package data
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    globs = pyproject["tool"]["setuptools"]["package-data"]["rummy101_solver"]
    data = [p.relative_to(PACKAGE).as_posix() for p in PACKAGE.rglob("*")
            if p.is_file() and p.suffix in (".toml", ".json")]  # fmt: skip
    assert "data/rules.toml" in data
    assert all(any(fnmatch.fnmatch(d, g) for g in globs) for d in data), (globs, data)


def test_rules_one_id_text() -> None:
    out, code = run("R-KEEP-DISCARD")
    assert code == 0
    assert out == (
        "R-KEEP-DISCARD  Keep a tile for the discard (Opening)\n"
        "  A turn ends with a discard, so an opening leaves at least one tile on the\n"
        "  rack. A player holding only 7-8-9 cannot lay all three.\n"
        "  Default: 1 tile kept.\n"
        "  Variant: --keep N: keep N tiles (0 lays everything, to total a partial\n"
        "           rack).\n"
        "  Source:  seeds 000, 001, 002 (keep a tile to discard; the 7-8-9 example)\n"
    )
    assert max(len(line) for line in run()[0].splitlines()) <= 78


def test_rules_all_in_order_and_ids_in_any_case() -> None:
    out, code = run()
    assert code == 0
    heads = [line.split()[0] for line in out.splitlines() if line.startswith("R-")]
    assert heads == list(rule_ids())
    assert [r.id for r in find_rules(["run", "r-one-turn-any-value"])] == [
        "R-RUN",
        "R-ONE-TURN-ANY-VALUE",
    ]


def test_rules_json() -> None:
    out, code = run("R-RISING", "R-PAIR", "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert [r["id"] for r in data["rules"]] == ["R-RISING", "R-PAIR"]
    assert list(data["rules"][1]) == [
        "id", "section", "title", "text", "default", "variants", "source"
    ]  # fmt: skip
    assert data["rules"][1]["variants"] == [
        "--no-joker-pairs: house rule, a joker may not replace a tile of a pair."
    ]


def test_unknown_rule_exits_2_with_a_suggestion() -> None:
    out, code = run("R-RUN", "R-KEEP-DISCRAD")
    assert code == 2
    assert out == "Error: 'R-KEEP-DISCRAD': no such rule; did you mean R-KEEP-DISCARD?\n"
    out, code = run("R-XYZ")
    assert (code, out) == (2, "Error: 'R-XYZ': no such rule; 'rummy101 rules' lists them\n")


def test_house_rule_one_turn_any_value_is_documented_with_its_source() -> None:
    (rule,) = find_rules(["R-ONE-TURN-ANY-VALUE"])
    assert rule.section == "House rules"
    assert rule.default.startswith("Off")
    assert rule.source.startswith("seed 001 (the Turkish rule text")


def test_the_extra_penalties_the_score_command_applies_are_in_the_rule_book() -> None:
    # R-EXTRA-PENALTY: score --extra applies them; the rule book must not say otherwise
    from rummy101_solver.game.scoring import EXTRA_PENALTY, EXTRA_REASONS

    (rule,) = find_rules(["R-EXTRA-PENALTY"])
    assert "Not applied" not in rule.default
    assert "score --extra 'NAME: REASON'" in rule.default
    assert "score --ledger" in rule.default
    variants = " ".join(rule.variants)
    for kind in EXTRA_REASONS:
        assert f"'NAME: {kind}'" in variants
    assert f"{EXTRA_PENALTY} points each" in variants
    assert "score --extra 'NAME: POINTS why'" in variants
    for other in rule_book():  # no rule still says the extras are never scored
        assert "are not scored (R-EXTRA-PENALTY)" not in " ".join(other.variants)


def test_no_rule_with_variants_says_no_option_changes_it() -> None:
    """[issue 34] R-SCORE said "no option changes it" and then listed a variant."""
    contradicting = [
        rule["id"]
        for rule in tomllib.loads((PACKAGE / "data" / "rules.toml").read_text(encoding="utf-8"))[
            "rule"
        ]
        if rule["variants"] and "no option changes it" in rule["default"]
    ]
    assert contradicting == []
