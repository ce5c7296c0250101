"""The project's rule book, shipped with the package: every rule id (``R-…``)
the tool cites, with a short text, its default, its variants and its source.

The rules live in ``rummy101_solver/data/rules.toml`` (package data, read with
:mod:`importlib.resources`, so an installed wheel has them too), their Turkish titles and
texts beside the same ids in ``data/rules.tr.toml`` [issue 31].
``rummy101 rules`` prints them.
"""

from __future__ import annotations

import difflib
import re
import textwrap
import tomllib
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from typing import Any

from rummy101_solver.i18n import _

RULE_ID = re.compile(r"\bR-[A-Z]+(?:-[A-Z]+)*")
"""A rule id as cited in messages and docstrings: ``R-RUN``, ``R-KEEP-DISCARD``."""

WIDTH = 78
"""Text output width in characters (fixed, so the output is the same everywhere)."""


class UnknownRuleError(ValueError):
    """A rule id that is not in the rule book; ``str()`` names it and, when one
    is close, suggests it. ``rule_id`` is the id asked for."""

    def __init__(self, rule_id: str, suggestion: str | None) -> None:
        self.rule_id = rule_id
        self.suggestion = suggestion
        if suggestion:
            message = _("'{rule_id}': no such rule; did you mean {suggestion}?")
        else:
            message = _("'{rule_id}': no such rule; 'rummy101 rules' lists them")
        super().__init__(message.format(rule_id=rule_id, suggestion=suggestion))


@dataclass(frozen=True)
class Rule:
    """One rule: ``id`` (``R-RUN``), ``section`` (Tiles, Melds, …), ``title``,
    ``text`` (plain English), ``default`` (what the tool does by default),
    ``variants`` (house variants with their options) and ``source`` (the seed
    rule texts it comes from)."""

    id: str
    section: str
    title: str
    text: str
    default: str
    variants: tuple[str, ...]
    source: str

    def to_json(self) -> dict[str, Any]:
        """The rule as a JSON-ready dict, fields in the order above."""
        return {
            "id": self.id,
            "section": self.section,
            "title": self.title,
            "text": self.text,
            "default": self.default,
            "variants": list(self.variants),
            "source": self.source,
        }


def _read(name: str = "rules.toml") -> str:
    return files("rummy101_solver").joinpath("data", name).read_text(encoding="utf-8")


@cache
def translated_rules(lang: str) -> tuple[dict[str, str], dict[str, dict[str, str]]]:
    """The rule book's sections and rules in ``lang``: section name → its translation, and
    rule id → its ``title`` and ``text``; both empty for English (the source) and for a
    language without a translated rule book."""
    if lang == "en":
        return {}, {}
    try:
        data = tomllib.loads(_read(f"rules.{lang}.toml"))
    except FileNotFoundError:
        return {}, {}
    return dict(data["sections"]), {r["id"]: r for r in data["rule"]}


def in_language(rule: Rule, lang: str) -> Rule:
    """``rule`` with its section, title and text in ``lang`` where the rule book has them
    (the id, default, variants and source as they are); English: the rule itself."""
    sections, rules = translated_rules(lang)
    own = rules.get(rule.id, {})
    return Rule(
        id=rule.id,
        section=sections.get(rule.section, rule.section),
        title=own.get("title", rule.title),
        text=own.get("text", rule.text),
        default=rule.default,
        variants=rule.variants,
        source=rule.source,
    )


@cache
def rule_book() -> tuple[Rule, ...]:
    """Every rule, in reading order (tiles, melds, opening, …, house rules)."""
    data = tomllib.loads(_read())
    return tuple(
        Rule(
            id=r["id"],
            section=r["section"],
            title=r["title"],
            text=r["text"],
            default=r["default"],
            variants=tuple(r["variants"]),
            source=r["source"],
        )
        for r in data["rule"]
    )


def rule_ids() -> tuple[str, ...]:
    """Every rule id, in reading order."""
    return tuple(r.id for r in rule_book())


def find_rules(ids: list[str] | tuple[str, ...]) -> tuple[Rule, ...]:
    """The rules named by ``ids`` (any case; ``run`` finds ``R-RUN``), in the order
    asked; all rules when ``ids`` is empty.

    Raises :class:`UnknownRuleError` for the first id not in the book.
    """
    book = {r.id: r for r in rule_book()}
    if not ids:
        return tuple(book.values())
    found = []
    for asked in ids:
        key = asked.strip().upper()
        if not key.startswith("R-"):
            key = "R-" + key
        if key not in book:
            close = difflib.get_close_matches(key, list(book), n=1, cutoff=0.6)
            raise UnknownRuleError(asked, close[0] if close else None)
        found.append(book[key])
    return tuple(found)


def _block(label: str, text: str) -> list[str]:
    return textwrap.wrap(
        text, WIDTH, initial_indent=f"  {label}", subsequent_indent=" " * (2 + len(label))
    )


def rule_text(rule: Rule, lang: str = "en") -> str:
    """One rule as a few lines for a terminal, wrapped at :data:`WIDTH` characters, its
    title and text in ``lang`` (:func:`in_language`), its labels in the current language."""
    rule = in_language(rule, lang)
    labels = {"default": _("Default:"), "variant": _("Variant:"), "source": _("Source:")}
    width = max(len(label) for label in labels.values()) + 1
    default, variant, source = (label.ljust(width) for label in labels.values())
    lines = [f"{rule.id}  {rule.title} ({rule.section})"]
    lines += _block("", rule.text)
    lines += _block(default, rule.default)
    for text in rule.variants:
        lines += _block(variant, text)
    lines += _block(source, rule.source)
    return "\n".join(lines)


def rules_text(rules: tuple[Rule, ...], lang: str = "en") -> str:
    """Rules for a terminal, one block each, a blank line between them; titles and texts in
    ``lang``."""
    return "\n\n".join(rule_text(r, lang) for r in rules)
