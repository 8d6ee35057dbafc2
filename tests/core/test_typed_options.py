"""Typed options (issue 11 item 5): ``config.option(NAME, Options)`` gives the plugin's
own options class, so no plugin needs a helper of its own to read them; an option that
can never apply (Middle Kingdom on an even kingdom size) is refused by validate."""

from __future__ import annotations

from pathlib import Path

import pytest
from attrs import frozen
from kd_base.api import BaseOptions

from kingdomino_core import ConfigBuilder, ConfigError, Engine, Ruleset, RulesetError, hookimpl
from kingdomino_core.testing import make_engine


def test_option_with_a_class_is_typed_and_defaults_when_absent() -> None:
    eng = make_engine(["base"], 2, base={"harmony": True})
    options = eng.config.option("base", BaseOptions)
    assert isinstance(options, BaseOptions) and options.harmony
    assert eng.config.option("court") is None
    assert eng.config.option("court", BaseOptions) == BaseOptions()  # not active: defaults


def test_option_of_the_wrong_class_is_a_clear_error() -> None:
    @frozen
    class Other:
        x: int = 0

    eng = make_engine(["base"], 2)
    with pytest.raises(ConfigError, match="options of plugin 'base' are a BaseOptions, not a"):
        eng.config.option("base", Other)


def test_the_builder_gives_typed_options_to_kd_configure() -> None:
    seen: list[object] = []

    class Reader:
        @hookimpl
        def kd_configure(self, config: ConfigBuilder) -> None:
            seen.append(config.option("base", BaseOptions).dynasty)

    from kingdomino_core import default_catalogue

    cat = default_catalogue().copy()
    cat.add_module(Reader(), "reader")
    Engine(
        Ruleset(name="t", plugins=("base", "reader"), options={"base": {"dynasty": True}}),
        2,
        catalogue=cat,
    )
    assert seen == [True]


class SixBySix:
    """A 6x6 kingdom house rule."""

    @hookimpl
    def kd_configure(self, config: ConfigBuilder) -> None:
        config.set("kingdom_size", 6, override=True)


def _six(options: dict[str, object]) -> Engine:
    from kingdomino_core import default_catalogue

    cat = default_catalogue().copy()
    cat.add_module(SixBySix(), "six")
    ruleset = Ruleset(name="six", plugins=("base", "six"), options={"base": options})
    return Engine(ruleset, 2, catalogue=cat)


def test_middle_kingdom_on_an_even_kingdom_is_refused_with_the_fix() -> None:
    with pytest.raises(RulesetError) as info:
        _six({"middle_kingdom": True})
    message = str(info.value)
    assert "options.base.middle_kingdom: a 6x6 kingdom has no centre square" in message
    assert "middle_kingdom_frame to an odd size (such as 5 or 7" in message


def test_middle_kingdom_on_an_even_kingdom_with_an_odd_frame_plays() -> None:
    eng = _six({"middle_kingdom": True, "middle_kingdom_frame": 7})
    assert eng.config.kingdom_size == 6
    _six({})  # no Middle Kingdom: a 6x6 kingdom is fine


REPO = Path(__file__).resolve().parents[2]


def test_no_shipped_plugin_template_or_example_writes_its_own_options_reader() -> None:
    """The new-plugin template, the shipped plugins, the examples and the docs read
    options with ``config.option(NAME, Options)``, never a hand-written fallback."""
    fallback = "found if found is not None else"
    offenders = []
    for folder in ("plugins", "examples", "kingdomino_cli/templates", "docs"):
        for path in sorted((REPO / folder).rglob("*")):
            if path.suffix in {".py", ".tmpl", ".md"} and path.is_file():
                text = path.read_text(encoding="utf-8")
                if "def options_of" in text or fallback in text:
                    offenders.append(str(path.relative_to(REPO)))
    assert offenders == []
