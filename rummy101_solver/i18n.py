"""The language of what the program prints: English (the source, the default and the
fallback) or Turkish, through the standard :mod:`gettext` [issue 31].

Our own strings go through a class-based translations object (``fallback=True``: a
missing catalog means English, never an error): call :func:`_` and :func:`ngettext`
when the text is shown, and mark with :func:`N_` a string that is defined before the
language is known (a module-level table) and translated later by :func:`_`.

click wraps its own messages ("Show this message and exit.", "Missing argument …") in
the global :func:`gettext.gettext`; :func:`use_language` binds our domain and makes it the
global one (``bindtextdomain``/``textdomain``, as fsfe/reuse-tool does) and sets
``LANGUAGE`` for the run, so click's messages are in the same language as ours.

The catalogs: ``rummy101_solver/locale/LANG/LC_MESSAGES/rummy101.po`` (the source,
edited by hand) compiled to ``rummy101.mo`` when the package is built (``setup.py``).

The language is process-wide by nature (click reads the global gettext): it is held here,
set once per run by :func:`use_language` and restored when the run ends. Nothing else in
the program is global; the tile notation (``--notation``) is passed down as a parameter.
No click here: this is the ground layer.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

DOMAIN = "rummy101"
"""The gettext domain: the catalogs are ``LANG/LC_MESSAGES/rummy101.mo``."""

LOCALE_DIR = Path(__file__).parent / "locale"
"""Where the catalogs live: inside the package (installed with it)."""

LANGUAGES = ("en", "tr")
"""The languages the program speaks; English is the source and the fallback."""

DEFAULT_LANGUAGE = "en"

ENVIRONMENT_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""Read in this order, as :func:`gettext.find` reads them: the first one set decides."""

_translations: gettext.NullTranslations = gettext.NullTranslations()
_language = DEFAULT_LANGUAGE


def _(message: str) -> str:
    """``message`` in the current language (itself when it has no translation)."""
    return _translations.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the count ``n`` in the current language: Turkish has one
    form (the noun stays singular after a numeral, ``3 taş``), English two."""
    return _translations.ngettext(singular, plural, n)


def N_(message: str) -> str:
    """``message`` unchanged: marks a string for the catalog that :func:`_` translates
    later, when the language is known (the group's help, the command summaries)."""
    return message


def language() -> str:
    """The current language: ``"en"`` or ``"tr"``."""
    return _language


def _code(entry: str) -> str | None:
    """The language of one locale name: ``tr_TR.UTF-8`` → ``tr``; ``C``/``POSIX`` →
    ``en``; ``None`` for a language the program does not speak."""
    if entry in ("C", "POSIX") or entry.startswith("C."):
        return "en"
    code = entry.split(".")[0].split("@")[0].split("_")[0].split("-")[0].lower()
    return code if code in LANGUAGES else None


def language_from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for, read as gettext reads it: the first of
    ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set and not empty decides;
    its value is a ``:``-separated list of preferences (``LANGUAGE=de:tr``: no German,
    so Turkish). English when none names a language the program speaks."""
    environ = os.environ if environ is None else environ
    for variable in ENVIRONMENT_VARIABLES:
        value = environ.get(variable)
        if value:
            for entry in value.split(":"):
                code = _code(entry) if entry else None
                if code is not None:
                    return code
            return DEFAULT_LANGUAGE
    return DEFAULT_LANGUAGE


def choose_language(explicit: str | None, environ: Mapping[str, str] | None = None) -> str:
    """``explicit`` (the ``--lang`` value, one of :data:`LANGUAGES`) when given, else the
    environment's (:func:`language_from_environment`). Raises :class:`ValueError` for a
    language not in :data:`LANGUAGES`."""
    if explicit is None:
        return language_from_environment(environ)
    if explicit not in LANGUAGES:
        raise ValueError(f"unknown language {explicit!r}")
    return explicit


def catalog_installed(lang: str) -> bool:
    """Whether the compiled catalog of ``lang`` is installed (always for English, which
    needs none): ``False`` when the package was built without a catalog compiler."""
    return lang == "en" or (LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo").is_file()


def translations_for(lang: str) -> gettext.NullTranslations:
    """The translations of ``lang``: its catalog, or English when it has none (read
    straight from its one path: :func:`gettext.translation` would search and copy)."""
    try:
        with (LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo").open("rb") as catalog:
            return gettext.GNUTranslations(catalog)
    except FileNotFoundError:
        return gettext.NullTranslations()


@contextmanager
def use_language(lang: str) -> Iterator[None]:
    """Speak ``lang`` (one of :data:`LANGUAGES`) inside the block: our strings, and
    click's through the global gettext domain and ``LANGUAGE``; everything is put back
    as it was when the block ends (the tests run many commands in one process)."""
    global _translations, _language
    saved = (_translations, _language, os.environ.get("LANGUAGE"), gettext.textdomain())
    _translations, _language = translations_for(lang), lang
    gettext.bindtextdomain(DOMAIN, str(LOCALE_DIR))
    gettext.textdomain(DOMAIN)
    os.environ["LANGUAGE"] = lang  # click's gettext.gettext reads it first
    try:
        yield
    finally:
        _translations, _language, previous, domain = saved
        if previous is None:
            os.environ.pop("LANGUAGE", None)
        else:
            os.environ["LANGUAGE"] = previous
        gettext.textdomain(domain)
