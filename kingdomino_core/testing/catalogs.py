"""A package's message catalogs: extract, update, compile and check them (with Babel).

The run-time side (:mod:`kingdomino_core.i18n`) reads ``.mo`` files with the standard
library alone; this module is the translator's and the tests' side, and needs Babel
(``pip install babel``, in the ``test`` extra). A package's catalogs sit in its
``locales`` folder, one domain named after the package::

    python -m kingdomino_core.testing.catalogs update plugins/kd_joker   # .pot, .po, .mo
    python -m kingdomino_core.testing.catalogs check plugins/kd_joker    # what is missing

``update`` extracts the marked messages (``_("...")``, ``_l("...")``, ``_n("...",
"...", n)`` in Python; ``_("...")`` in the package's JavaScript) into
``locales/<domain>.pot``, merges them into each language's ``.po`` (new ones empty,
to translate) and compiles every ``.po`` to its ``.mo``. The ``.mo`` files are
committed next to their ``.po`` (an editable install reads them as they are);
:func:`catalog_problems` reports an entry left untranslated in a language and a
``.mo`` that is not the compiled form of its ``.po``.
"""

from __future__ import annotations

import html
import io
import re
import sys
import tomllib
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from ..i18n import SHIPPED_LANGUAGES

#: The marking functions extraction looks for, with Babel's defaults
#: (``_l``: lazy text; ``_n``: singular, plural, count).
KEYWORDS = {**DEFAULT_KEYWORDS, "_l": None, "_n": (1, 2)}


def extract_html(
    fileobj: Any, keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[int, str, str, list[str]]]:
    """Babel extraction of a page's marked text: the text of an element with a
    ``data-i18n`` attribute, the ``title`` of one with ``data-i18n-title`` (the page's
    script shows them translated)."""
    text = fileobj.read().decode("utf-8")
    for pattern in (_HTML_TEXT, _HTML_TITLE):
        for found in pattern.finditer(text):
            line = text.count("\n", 0, found.start()) + 1
            yield line, "_", html.unescape(found.group(1).strip()), []


def extract_ruleset(
    fileobj: Any, keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[int, str, str, list[str]]]:
    """Babel extraction of a ruleset file's ``[ruleset] description`` (what ``kd ruleset
    list`` and the lobby show): a package that ships rulesets has their descriptions
    in its catalog. A file that is not a ruleset gives nothing."""
    text = fileobj.read().decode("utf-8", errors="replace")
    try:
        table = tomllib.loads(text).get("ruleset")
    except tomllib.TOMLDecodeError:
        return
    description = table.get("description") if isinstance(table, dict) else None
    if isinstance(description, str) and description:
        found = re.search(r"^\s*description\s*=", text, re.MULTILINE)
        line = text.count("\n", 0, found.start()) + 1 if found else 1
        yield line, "_", description, []


_HTML_TEXT = re.compile(r"<\w+\b[^<>]*\bdata-i18n(?:\s|>)[^<>]*?>?([^<>]*)<")
_HTML_TITLE = re.compile(r'\btitle="([^"]*)"[^<>]*\bdata-i18n-title\b')

# A fixed date in the headers: catalogs change only when their messages do.
_DATE = datetime(2026, 1, 1, tzinfo=UTC)

# Python sources and the pages' scripts; tests and templates are not shown to players.
_METHODS: list[tuple[str, Any]] = [
    ("**/tests/**", "ignore"),
    ("**/templates/**", "ignore"),
    ("**.py", "python"),
    ("**.js", "javascript"),
    ("**.html", extract_html),
    ("**.toml", extract_ruleset),
]


def domain_of(package_dir: Path) -> str:
    """A package's domain: the name of its template (``locales/kd_joker.pot``) when it
    has one, else its folder's name (``kd_joker``): a package installed from a folder
    of another name (``rulesets/`` is ``kingdomino_rulesets``) names its template once."""
    templates = sorted((Path(package_dir) / "locales").glob("*.pot"))
    return templates[0].stem if len(templates) == 1 else Path(package_dir).name


def extract_template(package_dir: Path, domain: str | None = None) -> Catalog:
    """Every marked message of the package's sources, as a template catalog."""
    package_dir = Path(package_dir)
    template = Catalog(
        project=domain or domain_of(package_dir),
        fuzzy=False,
        creation_date=_DATE,
        revision_date=_DATE,
        copyright_holder="the kingdomino authors",
        msgid_bugs_address="",
    )
    for filename, lineno, message, comments, context in extract_from_dir(
        str(package_dir), _METHODS, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",)
    ):
        template.add(
            message,
            None,
            [(filename, lineno)],
            auto_comments=comments,
            context=context,
        )
    return template


def _po_path(package_dir: Path, domain: str, language: str) -> Path:
    return Path(package_dir) / "locales" / language / "LC_MESSAGES" / f"{domain}.po"


def _read(path: Path, language: str, domain: str) -> Catalog:
    if path.is_file():
        with path.open("rb") as stream:
            return read_po(stream, locale=language, domain=domain)
    return Catalog(
        locale=language,
        domain=domain,
        project=domain,
        fuzzy=False,
        creation_date=_DATE,
        revision_date=_DATE,
        copyright_holder="the kingdomino authors",
        msgid_bugs_address="",
    )


def compiled(catalog: Catalog) -> bytes:
    """The ``.mo`` bytes of a catalog (what ``pybabel compile`` writes)."""
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def update_catalogs(
    package_dir: Path, domain: str | None = None, languages: tuple[str, ...] = SHIPPED_LANGUAGES
) -> None:
    """Extract the template, merge it into each language's ``.po``, compile each ``.mo``."""
    package_dir = Path(package_dir)
    domain = domain or domain_of(package_dir)
    template = extract_template(package_dir, domain)
    (package_dir / "locales").mkdir(exist_ok=True)
    with (package_dir / "locales" / f"{domain}.pot").open("wb") as stream:
        write_po(stream, template, omit_header=True, include_lineno=False, sort_output=True)
    for language in languages:
        path = _po_path(package_dir, domain, language)
        catalog = _read(path, language, domain)
        catalog.update(template, update_header_comment=False, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as stream:
            write_po(stream, catalog, include_lineno=False, sort_output=True, width=0)
        path.with_suffix(".mo").write_bytes(compiled(catalog))


def catalog_problems(
    package_dir: Path, domain: str | None = None, languages: tuple[str, ...] = SHIPPED_LANGUAGES
) -> list[str]:
    """What is wrong with a package's catalogs, one line each: a marked message with no
    translation (or a fuzzy one) in a language, a ``.mo`` missing or not compiled from
    its ``.po``. Empty when every language is complete."""
    package_dir = Path(package_dir)
    domain = domain or domain_of(package_dir)
    template = extract_template(package_dir, domain)
    problems = []
    for language in languages:
        path = _po_path(package_dir, domain, language)
        if not path.is_file():
            problems.append(f"{path}: missing")
            continue
        catalog = _read(path, language, domain)
        for message in template:
            if not message.id:
                continue
            found = catalog.get(message.id, context=message.context)
            key = message.id if isinstance(message.id, str) else message.id[0]
            if found is None:
                problems.append(f"{path}: {key!r} is not in the catalog")
            elif found.fuzzy or not all(
                found.string if isinstance(found.string, tuple) else (found.string,)
            ):
                problems.append(f"{path}: {key!r} has no translation")
        mo = path.with_suffix(".mo")
        if not mo.is_file() or mo.read_bytes() != compiled(catalog):
            problems.append(f"{mo}: not compiled from {path.name} (run `update`)")
    return problems


#: The marks around every message of a pseudo-language (:func:`write_pseudo_catalogs`).
PSEUDO_MARKS = ("⟦", "⟧")


def pseudo_text(message: str) -> str:
    """``message`` in the pseudo-language: each run of its own words between
    :data:`PSEUDO_MARKS`, its ``{fields}`` left out of the marks, so what fills them
    (a value, another message) shows whether it was translated itself:
    ``"kd: error: {message}"`` is ``"⟦kd: error: ⟧{message}"``."""
    opening, closing = PSEUDO_MARKS
    if "{{" in message or "}}" in message:
        return f"{opening}{message}{closing}"
    parts, last = [], 0
    for field in _FIELD.finditer(message):
        if field.start() > last:
            parts.append(f"{opening}{message[last : field.start()]}{closing}")
        parts.append(field.group())
        last = field.end()
    if last < len(message) or not parts:
        parts.append(f"{opening}{message[last:]}{closing}")
    return "".join(parts)


_FIELD = re.compile(r"\{[^{}]*\}")


def _pseudo(message: str, open_fields: bool) -> str:
    opening, closing = PSEUDO_MARKS
    return pseudo_text(message) if open_fields else f"{opening}{message}{closing}"


def write_pseudo_catalogs(
    packages: dict[str, Path], target: Path, language: str = "qps", *, open_fields: bool = False
) -> Path:
    """A pseudo-language for tests: every message of each package (``{domain: folder}``)
    translated as itself between :data:`PSEUDO_MARKS`, written as ``<target>/<language>/
    LC_MESSAGES/<domain>.mo``. With ``KD_LOCALE_PATH=target`` and that language chosen,
    text shown without a translation is the text with no marks around it.

    With ``open_fields`` only a message's own words are marked, not its ``{fields}``
    (:func:`pseudo_text`): then a value shown untranslated inside a translated message
    (an error line around an English reason) is found too."""
    for domain, folder in packages.items():
        template = extract_template(folder, domain)
        pseudo = Catalog(locale="fr", domain=domain, fuzzy=False)
        for message in template:
            if not message.id:
                continue
            if isinstance(message.id, tuple):
                marked = tuple(_pseudo(part, open_fields) for part in message.id)
                pseudo.add(message.id, marked[:1] + marked[1:] * 2, context=message.context)
            else:
                pseudo.add(
                    message.id, _pseudo(str(message.id), open_fields), context=message.context
                )
        path = Path(target) / language / "LC_MESSAGES" / f"{domain}.mo"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(compiled(pseudo))
    return Path(target)


def main(argv: list[str] | None = None) -> int:
    """``python -m kingdomino_core.testing.catalogs update|check [--domain NAME] DIR...``
    (``--domain``: the catalogs' domain, when it is not the folder's name)."""
    args = sys.argv[1:] if argv is None else list(argv)
    domain = None
    if len(args) > 2 and args[1] == "--domain":
        domain = args[2]
        del args[1:3]
    if len(args) < 2 or args[0] not in ("update", "check"):
        print(main.__doc__, file=sys.stderr)
        return 2
    status = 0
    for folder in args[1:]:
        if args[0] == "update":
            update_catalogs(Path(folder), domain)
        for line in catalog_problems(Path(folder), domain):
            print(line)
            status = 1
    return status


if __name__ == "__main__":
    raise SystemExit(main())
