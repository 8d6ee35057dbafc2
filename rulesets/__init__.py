"""The rulesets shipped with kingdomino (TOML files), and their descriptions in the
player's language (docs/translations.md, "A ruleset's description").

A ruleset's ``description`` is a plain string of its file, read as data (English in
JSON and saves); :func:`shown_description` shows it translated when a catalog of the
``kingdomino_rulesets`` domain has it: the shipped rulesets' catalogs in ``locales``
(extracted from the files by ``python -m kingdomino_core.testing.catalogs update
rulesets``), and any in ``KD_LOCALE_PATH``. Any other description is shown as written.
"""

from __future__ import annotations

from kingdomino_core.i18n import LazyText, package_translation

#: The domain of the rulesets' descriptions (``locales/<lang>/LC_MESSAGES/kingdomino_rulesets.mo``).
DOMAIN = "kingdomino_rulesets"

package_translation(DOMAIN)


def shown_description(description: str) -> LazyText:
    """``description`` (a ruleset's), translated when shown if a catalog has it."""
    return LazyText(description, DOMAIN)
