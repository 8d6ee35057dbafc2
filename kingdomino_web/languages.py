"""The language of each page: chosen per request (one server speaks several at once).

A request's language is, in this order: ``?lang=`` in its address, the ``kd_lang``
cookie the page's language selector sets, the browser's ``Accept-Language``; English
when none has a catalog. :class:`LanguageChoice` runs every request and every live
channel inside :func:`kingdomino_core.i18n.use_language`, and keeps the choice in the
request's scope (``kd_language``) for words sent later to that page (a broadcast).
The pages' own words come from :func:`page_words` (``/api/words``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import parse_qs

from kingdomino_core import Action, Game, i18n
from kingdomino_play import name_seats

from .views import table_move_words

#: Where a request's chosen language is kept in its ASGI scope.
SCOPE_KEY = "kd_language"
#: The cookie of the pages' language selector.
COOKIE = "kd_lang"
#: Each language's name, in itself (what the selector lists).
NAMES = {"en": "English", "fr": "Français", "zh_Hant": "繁體中文"}

_ = i18n.package_translation("kingdomino_web")


def language_of(scope: Mapping[str, Any]) -> str:
    """The language of a request (see the module's docstring)."""
    query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
    wanted = query.get("lang", [])[:1]
    headers = {
        k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])
    }
    cookie = SimpleCookie()
    try:
        cookie.load(headers.get("cookie", ""))
    except Exception:  # a malformed cookie header is no language
        cookie = SimpleCookie()
    if COOKIE in cookie:
        wanted.append(cookie[COOKIE].value)
    wanted += i18n.accepted_languages(headers.get("accept-language", "")[:1000])
    return i18n.choose_language(tag[:40] for tag in wanted)


class LanguageChoice:
    """ASGI middleware: each HTTP request and live channel in its page's language."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        language = language_of(scope)
        scope[SCOPE_KEY] = language
        with i18n.use_language(language):
            await self.app(scope, receive, send)


def page_words(language: str) -> dict[str, Any]:
    """The pages' words in ``language``: ``{English: translation}`` of this package's
    catalog (``static/*.js`` mark them ``_("...")``), and the languages to choose from."""
    with i18n.use_language(language):
        catalog = dict(getattr(i18n.translation_of("kingdomino_web"), "_catalog", {}))
    messages = {k: v for k, v in catalog.items() if isinstance(k, str) and k}
    return {
        "language": i18n.public_tag(language),
        "languages": [
            {"tag": i18n.public_tag(lang), "name": NAMES.get(lang, i18n.public_tag(lang))}
            for lang in i18n.available_languages()
        ],
        "messages": messages,
    }


def named_move_words(names: Sequence[str]) -> Callable[[Game, Action], str]:
    """A move for the moves list in every language (each page shows its own), the
    seats the rules' words number (``to P2``) named by their players (``to Bea``)."""
    names = list(names)

    def words(game: Game, action: Action) -> str:
        return i18n.in_every_language(lambda: name_seats(table_move_words(game, action), names))

    return words
