"""Translations: every word the table shows, in the player's language (docs/translations.md).

The standard tools, used the standard way: messages are marked in the code with
``_("...")``, extracted into a template, translated in gettext ``.po`` catalogs and
compiled to ``.mo`` files (with Babel: ``pybabel extract/update/compile``), read at run
time by the standard library's :mod:`gettext`. Each package has its own *domain*, named
after it, whose catalogs sit in the package (``<package>/locales/<lang>/LC_MESSAGES/
<domain>.mo``), so a plugin ships its translations the way it ships its code
(:func:`package_translation`, :func:`add_message_catalog`, as Sphinx extensions do with
``sphinx.locale.get_translation`` and ``app.add_message_catalog``)::

    from pathlib import Path
    from kingdomino_core.i18n import package_translation

    _ = package_translation("kd_joker")   # catalogs in kd_joker/locales; _("joker"): now
    _l = _.lazy                           # _l("joker"): the word, when it is shown

The language is chosen the way gettext programs choose it: the environment variables
``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` (the first one set; ``LANGUAGE``
may list several, ``fr:en``), unless a program sets it (``kd --lang``:
:func:`set_language`). A server speaks several languages at once: each request runs
inside :func:`use_language` (a context variable, so worker threads and tasks of one
request see its language and no other's).

Text that stays the same in every language (ids, JSON, saves) is never translated:
a lazy message (:meth:`Translation.lazy`) *is* its English text as a ``str`` (compared,
hashed, written to JSON as English) and only turns into the chosen language when it is
shown (``str()``, an f-string, ``%``).
"""

from __future__ import annotations

import contextvars
import gettext
import importlib.util
import os
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Self, TypeVar

#: The language of the messages in the code: no catalog is needed for it.
SOURCE_LANGUAGE = "en"

#: The languages shipped with the game, as catalog folder names (``zh_Hant``).
SHIPPED_LANGUAGES = ("fr", "zh_Hant")

#: Extra folders of catalogs searched before the packages' own, for every domain
#: (``<dir>/<lang>/LC_MESSAGES/<domain>.mo``; several joined by ``os.pathsep``): a
#: translator tries a catalog without reinstalling, a test adds a pseudo-language.
LOCALE_PATH_VARIABLE = "KD_LOCALE_PATH"

# gettext's own order of the variables that choose a language.
_ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

# Chinese written in traditional characters: the regions that use them, and the script.
_TRADITIONAL = {"tw", "hk", "mo", "hant"}

T = TypeVar("T")

_catalog_dirs: dict[str, list[Path]] = {}
_translations: dict[tuple[str, str, str], gettext.NullTranslations] = {}
_process_language: list[str | None] = [None]
_request_language: contextvars.ContextVar[str | None] = contextvars.ContextVar(
    "kd_language", default=None
)


def add_message_catalog(domain: str, locale_dir: str | Path) -> None:
    """Declare that the catalogs of ``domain`` are in ``locale_dir``
    (``<locale_dir>/<lang>/LC_MESSAGES/<domain>.mo``).

    A plugin calls it once, when it is imported, for its own folder; calling it again
    with the same folder changes nothing. Several folders of one domain are searched in
    the order they were declared.
    """
    folder = Path(locale_dir)
    dirs = _catalog_dirs.setdefault(domain, [])
    if folder not in dirs:
        dirs.append(folder)
        for key in [key for key in _translations if key[0] == domain]:
            del _translations[key]


def message_catalogs() -> dict[str, tuple[Path, ...]]:
    """Every declared domain and its catalog folders (what the catalog tests check)."""
    return {domain: tuple(dirs) for domain, dirs in sorted(_catalog_dirs.items())}


def _extra_dirs() -> list[Path]:
    raw = os.environ.get(LOCALE_PATH_VARIABLE, "")
    return [Path(part) for part in raw.split(os.pathsep) if part]


def normalize_language(tag: str) -> str | None:
    """A language as a catalog folder name: ``fr_FR.UTF-8`` and ``fr-CA`` are ``fr``,
    ``zh_TW``, ``zh-HK``, ``zh-Hant`` and ``zh`` are ``zh_Hant``, ``C`` and ``POSIX``
    are ``en``; None for an empty tag. Any other language is its first part, lower case.
    """
    base = tag.strip().split(".")[0].split("@")[0]
    if not base:
        return None
    if base in ("C", "POSIX"):
        return SOURCE_LANGUAGE
    parts = base.replace("-", "_").split("_")
    language = parts[0].lower()
    if language == "zh":
        rest = {part.lower() for part in parts[1:]}
        return "zh_Hant" if not rest or rest & _TRADITIONAL else "zh_" + parts[1]
    return language


def public_tag(language: str) -> str:
    """The language as people and browsers write it (BCP 47): ``zh_Hant`` is ``zh-Hant``."""
    return language.replace("_", "-")


def available_languages() -> tuple[str, ...]:
    """The languages the game can speak: English, then every language with a catalog
    of the core's domain (the shipped ones, and any in ``KD_LOCALE_PATH``)."""
    found = set(SHIPPED_LANGUAGES)
    for folder in _extra_dirs():
        if folder.is_dir():
            found.update(
                child.name
                for child in folder.iterdir()
                if (child / "LC_MESSAGES" / f"{CORE_DOMAIN}.mo").is_file()
            )
    return (SOURCE_LANGUAGE, *sorted(found - {SOURCE_LANGUAGE}))


def choose_language(wanted: Iterable[str]) -> str:
    """The first of ``wanted`` (tags in order of preference) the game can speak;
    English when none is."""
    available = available_languages()
    for tag in wanted:
        language = normalize_language(tag)
        if language in available:
            return language
    return SOURCE_LANGUAGE


def languages_from_environment(environ: Mapping[str, str] | None = None) -> list[str]:
    """The languages asked for by the environment, as gettext reads it: the first of
    ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set (``LANGUAGE`` may be
    a list, ``fr:en``)."""
    env = os.environ if environ is None else environ
    for name in _ENVIRONMENT:
        value = env.get(name, "")
        if value:
            return [part for part in value.split(":") if part]
    return []


def accepted_languages(header: str) -> list[str]:
    """The languages of an HTTP ``Accept-Language`` header, best first
    (``fr-CH, fr;q=0.9, en;q=0.8``); malformed parts are skipped."""
    weighted = []
    for position, part in enumerate(header.split(",")[:32]):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                continue
        if tag and tag != "*" and quality > 0:
            weighted.append((-quality, position, tag.strip()))
    return [tag for _, _, tag in sorted(weighted)]


def set_language(tag: str | None) -> str:
    """Set the process's language (``kd --lang``); None goes back to the environment's.
    Returns the language chosen (English when ``tag`` has no catalog)."""
    _process_language[0] = None if tag is None else choose_language([tag])
    return current_language()


def current_language() -> str:
    """The language messages are shown in now: the request's (:func:`use_language`),
    else the process's (:func:`set_language`), else the environment's."""
    language = _request_language.get() or _process_language[0]
    if language is None:
        language = choose_language(languages_from_environment())
        _process_language[0] = language
    return language


@contextmanager
def use_language(tag: str) -> Iterator[str]:
    """Show messages in ``tag``'s language inside the block (one request of a server)."""
    token = _request_language.set(choose_language([tag]))
    try:
        yield current_language()
    finally:
        _request_language.reset(token)


def _translation(domain: str, language: str) -> gettext.NullTranslations:
    key = (domain, language, os.environ.get(LOCALE_PATH_VARIABLE, ""))
    found = _translations.get(key)
    if found is None:
        found = gettext.NullTranslations()
        if language != SOURCE_LANGUAGE:
            chain: list[gettext.NullTranslations] = []
            for folder in [*_extra_dirs(), *_catalog_dirs.get(domain, [])]:
                path = folder / language / "LC_MESSAGES" / f"{domain}.mo"
                if path.is_file():
                    with path.open("rb") as stream:
                        chain.append(gettext.GNUTranslations(stream))
            for later in reversed(chain[1:]):
                chain[0].add_fallback(later)
            found = chain[0] if chain else found
        _translations[key] = found
    return found


def translation_of(domain: str) -> gettext.NullTranslations:
    """The gettext translation of ``domain`` in the language of the moment (for a
    program that hands a whole catalog on, such as a page's words)."""
    return _translation(domain, current_language())


class LazyText(str):
    """A message translated when shown: as a ``str`` it is its English text (ids,
    JSON, comparisons), and ``str()``, f-strings and ``%`` give it in the language of
    the moment. For module-level constants and values built once for every language
    (terrain names, option help, score lines).

    :meth:`format` keeps it lazy: ``_l("{terrain} at {x},{y}").format(terrain=wheat,
    x=1, y=0)`` is ``"wheat at 1,0"`` as data and ``"champ de blé en 1,0"`` when shown
    in French (its arguments are shown in that language too).
    """

    _domain: str
    _message: str
    _args: dict[str, object]

    def __new__(cls, message: str, domain: str, args: Mapping[str, object] | None = None) -> Self:
        english = message.format(**{k: _english(v) for k, v in args.items()}) if args else message
        text = super().__new__(cls, english)
        text._domain = domain
        text._message = message
        text._args = dict(args or {})
        return text

    def __str__(self) -> str:
        found = _translation(self._domain, current_language()).gettext(self._message)
        if not self._args:
            return found
        return found.format(**{key: _shown(value) for key, value in self._args.items()})

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def format(self, *args: object, **kwargs: object) -> LazyText:  # type: ignore[override]
        """The message with its ``{name}`` fields filled, still translated when shown.

        Score lines name every property this way, and bots score often: the text
        made before from the same message, domain and fields is given again rather
        than made anew (a few hundred in a game: a terrain at a square).
        """
        if args:
            raise TypeError("LazyText.format takes named fields only")
        if self._args:
            return LazyText(self._message, self._domain, {**self._args, **kwargs})
        key = (self._message, self._domain, *kwargs.items())
        try:
            found = _FORMATTED.get(key)
        except TypeError:  # an unhashable field: made each time
            return LazyText(self._message, self._domain, kwargs)
        if found is not None:
            kept = found._args
            for name, value in kwargs.items():
                other = kept[name]
                if other is not value and (
                    type(value) not in _EXACT or type(other) is not type(value) or other != value
                ):
                    break  # equal as str, yet shown otherwise (another catalog's word)
            else:
                return found
        made = LazyText(self._message, self._domain, kwargs)
        if all(type(v) in _EXACT or isinstance(v, LazyText) for v in kwargs.values()):
            if len(_FORMATTED) >= _FORMATTED_LIMIT:
                _FORMATTED.clear()
            _FORMATTED[key] = made
        return made

    def __reduce__(self) -> tuple[type[LazyText], tuple[str, str, dict[str, object]]]:
        return (LazyText, (self._message, self._domain, self._args))


#: Texts made by ``LazyText.format`` by (message, domain, fields), given again when
#: every field is the same lazy text or an equal ``int`` or ``str``; at most
#: ``_FORMATTED_LIMIT`` are kept.
_FORMATTED: dict[tuple[object, ...], LazyText] = {}
_FORMATTED_LIMIT = 4096
#: Field types whose equal values always show the same (not floats: ``-0.0 == 0.0``).
_EXACT = (int, str)


def _english(value: object) -> object:
    return str.__str__(value) if isinstance(value, LazyText) else value


def _shown(value: object) -> object:
    return str(value) if isinstance(value, LazyText) else value


def source_text(text: str) -> str:
    """The English text of a message (a :class:`LazyText`'s value), whatever the
    language: for ids and data built from shown words."""
    return str.__str__(text) if isinstance(text, LazyText) else text


class Translation:
    """The messages of one domain: call it (``_("text")``) for the text in the
    current language; :meth:`lazy` for text translated later, when shown."""

    def __init__(self, domain: str) -> None:
        #: The domain (the package's name): its catalogs are ``<domain>.mo``.
        self.domain = domain
        self._lazy: dict[str, LazyText] = {}  # lazy() by message: texts never change

    def __call__(self, message: str) -> str:
        """``message`` in the current language (itself when it has no translation)."""
        return _translation(self.domain, current_language()).gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The singular or plural form for ``n``, as the current language counts."""
        return _translation(self.domain, current_language()).ngettext(singular, plural, n)

    def lazy(self, message: str) -> LazyText:
        """``message`` as :class:`LazyText`: translated each time it is shown."""
        found = self._lazy.get(message)
        if found is None or type(message) is not str:
            found = LazyText(message, self.domain)
            if type(message) is str and len(self._lazy) < _FORMATTED_LIMIT:
                self._lazy[message] = found
        return found


_getters: dict[str, Translation] = {}


def get_translation(domain: str) -> Translation:
    """The translation of ``domain`` (one object per domain): ``_ =
    get_translation("kd_joker")`` at the top of each module that shows words."""
    found = _getters.get(domain)
    if found is None:
        found = _getters[domain] = Translation(domain)
    return found


def package_translation(package: str) -> Translation:
    """The translation of a package whose catalogs are in its ``locales`` folder: declares
    that folder (:func:`add_message_catalog`) and returns :func:`get_translation` of the
    package's name. A plugin's modules start with ``_ = package_translation("kd_joker")``.
    """
    module = sys.modules.get(package)
    paths = list(getattr(module, "__path__", ()))
    if not paths:
        spec = importlib.util.find_spec(package)
        paths = list(spec.submodule_search_locations or ()) if spec else []
    for folder in paths:
        add_message_catalog(package, Path(folder) / "locales")
    return get_translation(package)


class Translated(str):
    """Text already written in every language (:func:`in_every_language`): as a ``str``
    its English, shown in the language of the moment. For words made once and read by
    people of several languages (a move in a server's list of moves)."""

    _texts: dict[str, str]

    def __new__(cls, texts: Mapping[str, str]) -> Self:
        text = super().__new__(cls, texts.get(SOURCE_LANGUAGE, next(iter(texts.values()), "")))
        text._texts = dict(texts)
        return text

    def __str__(self) -> str:
        return self._texts.get(current_language(), str.__str__(self))

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __reduce__(self) -> tuple[type[Translated], tuple[dict[str, str]]]:
        return (Translated, (self._texts,))

    def prefixed(self, prefix: str) -> Translated:
        """The same text after ``prefix`` (a name) in every language."""
        return Translated({lang: prefix + text for lang, text in self._texts.items()})


def in_every_language(make: Callable[[], object]) -> Translated:
    """What ``make()`` shows, made once in each language the game speaks."""
    texts = {}
    for language in available_languages():
        with use_language(language):
            texts[language] = str(make())
    return Translated(texts)


def in_each_language(make: Callable[[], T]) -> dict[str, T]:
    """``make()`` once in each language the game speaks, its texts shown in that
    language (:func:`shown_json`): a server's state, for pages of every language."""
    made = {}
    for language in available_languages():
        with use_language(language):
            made[language] = shown_json(make())
    return made


def for_now(by_language: Mapping[str, T]) -> T:
    """The current language's entry of ``by_language`` (English's when it has none)."""
    found = by_language.get(current_language())
    return by_language[SOURCE_LANGUAGE] if found is None else found


def shown_json(value: Any) -> Any:
    """``value`` (JSON-ready dicts, lists, strings) with its lazy and translated texts
    in the language of the moment: JSON writes a :class:`LazyText` as its English."""
    if isinstance(value, LazyText | Translated):
        return str(value)
    if isinstance(value, dict):
        return {key: shown_json(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [shown_json(item) for item in value]
    return value


def shown(text: object) -> str:
    """What a value looks like on screen: ``str()`` of it (a :class:`LazyText` in the
    current language). For code that joins or measures text it did not write."""
    return str(text)


#: The core's own domain (``kingdomino_core/locales``).
CORE_DOMAIN = "kingdomino_core"
add_message_catalog(CORE_DOMAIN, Path(__file__).parent / "locales")
