"""Fuzz: ruleset files and option values (issue 12). See fuzz_support for the invariant."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import attrs
import pytest
import tomli_w
from fuzz_support import FUZZ, fresh_dir, run_kd
from hypothesis import given
from hypothesis import strategies as st

from kingdomino_core.hooks.plugins import default_catalogue
from kingdomino_core.rulesets.files import list_rulesets

SHIPPED = sorted(e.name for e in list_rulesets() if e.where == "shipped")
PLUGINS = default_catalogue().names()

EDGE_INTS = st.sampled_from(
    [0, 1, -1, 2, 3, 4, 5, 6, 7, 8, 9, 15, 16, 100, 2**31, 2**63 - 1, -(2**63), 10**100]
)
NASTY_TEXT = st.sampled_from(
    ["", " ", "~", "~/x.toml", "../x", "./nope.toml", "/etc/passwd", ".", "..", "x" * 300,
     "base", "base.toml", "grand-duel", "a\u0663", "\u202e", "🏰", "C:\\x", "$HOME", "%s"]
)  # fmt: skip
SCALARS = st.one_of(
    st.booleans(),
    EDGE_INTS,
    st.integers(),
    st.floats(allow_nan=False, allow_infinity=False),
    NASTY_TEXT,
    st.text(max_size=12),
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(st.sampled_from(["a", "plugins", "x", "harmony"]), inner, max_size=3)
    ),
    max_leaves=6,
)


def option_fields() -> list[tuple[str, str]]:
    """(plugin, option) for every option of every installed plugin."""
    out = []
    for name in PLUGINS:
        cls = default_catalogue().get(name).options_class
        if cls is not None and attrs.has(cls):
            out += [(name, f.name) for f in attrs.fields(cls)]
    return out


FIELDS = option_fields()

RULESET_TABLE = st.fixed_dictionaries(
    {},
    optional={
        "name": st.one_of(NASTY_TEXT, VALUES),
        "description": st.one_of(NASTY_TEXT, VALUES),
        "extends": st.one_of(st.sampled_from(SHIPPED), NASTY_TEXT, VALUES),
        "plugins": st.one_of(st.lists(st.sampled_from([*PLUGINS, "nope", ""]), max_size=4), VALUES),
        "plugin_files": st.one_of(st.lists(NASTY_TEXT, max_size=2), VALUES),
        "players": st.one_of(EDGE_INTS, VALUES),
        "nmae": VALUES,
    },
)

OPTIONS = st.dictionaries(
    st.sampled_from([*PLUGINS, "nope"]),
    st.dictionaries(
        st.sampled_from(sorted({f for _p, f in FIELDS} | {"nope"})), VALUES, max_size=3
    ),
    max_size=2,
)

#: Raw lines no TOML writer produces: limits and syntax the reader must survive.
RAW_LINES = st.sampled_from(
    ["players = " + "7" * 5000, "x = " + "[" * 3000 + "]" * 3000, "x = " + "{a=" * 500 + "1" +
     "}" * 500, "[ruleset", "players = 1_", "\x00", "extends = 'base'\nextends = 'xl'",
     "[[ruleset]]", 'plugins = ["base",]', "a.b.c.d.e.f = 1", "\ufeff[ruleset]"]
)  # fmt: skip


@st.composite
def near_valid(draw: Any) -> dict[str, Any]:
    """A ruleset that extends a shipped one and sets a few real options."""
    table: dict[str, Any] = {"extends": draw(st.sampled_from(SHIPPED))}
    if draw(st.booleans()):
        table["plugins"] = draw(st.lists(st.sampled_from(PLUGINS), max_size=2, unique=True))
    if draw(st.booleans()):
        table["players"] = draw(st.integers(1, 8))
    options: dict[str, Any] = {}
    for plugin, option in draw(st.lists(st.sampled_from(FIELDS), max_size=3)):
        options.setdefault(plugin, {})[option] = draw(st.one_of(st.booleans(), EDGE_INTS))
    return {"ruleset": table, "options": options} if options else {"ruleset": table}


@st.composite
def ruleset_texts(draw: Any) -> bytes:
    doc: dict[str, Any] = {}
    if draw(st.booleans()):
        doc = draw(near_valid())
    else:
        if draw(st.booleans()):
            doc["ruleset"] = draw(RULESET_TABLE)
        if draw(st.booleans()):
            doc["options"] = draw(OPTIONS)
    try:
        text = tomli_w.dumps(doc)
    except (TypeError, ValueError):
        text = ""
    if draw(st.integers(0, 4)) == 0:
        text += "\n" + draw(RAW_LINES) + "\n"
    raw = text.encode("utf-8")
    if draw(st.integers(0, 6)) == 0:  # a byte-level mutation
        at = draw(st.integers(0, len(raw)))
        raw = raw[:at] + draw(st.binary(max_size=4)) + raw[at + draw(st.integers(0, 3)) :]
    return raw


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzz-rulesets")


@FUZZ
@given(text=ruleset_texts())
def test_fuzz_ruleset_files(root: Path, text: bytes) -> None:
    folder = fresh_dir(root)
    path = folder / "r.toml"
    path.write_bytes(text)
    result = run_kd("ruleset files", "ruleset", "validate", str(path))
    if result.code == 0:
        run_kd("ruleset files", "play", "-r", str(path), "-p", "random,random", "--seed", "1",
               "--json")  # fmt: skip
    assert path.read_bytes() == text


@FUZZ
@given(
    parent=st.sampled_from(SHIPPED),
    field=st.sampled_from(FIELDS),
    value=st.one_of(st.booleans(), st.integers(0, 10), EDGE_INTS, VALUES),
)
def test_fuzz_option_values(root: Path, parent: str, field: tuple[str, str], value: Any) -> None:
    plugin, option = field
    folder = fresh_dir(root)
    path = folder / "o.toml"
    doc = {"ruleset": {"extends": parent}, "options": {plugin: {option: value}}}
    path.write_text(tomli_w.dumps(doc), encoding="utf-8")
    result = run_kd("option values", "ruleset", "validate", str(path))
    if result.code == 0:
        run_kd("option values", "play", "-r", str(path), "-p", "random,random", "--seed", "2",
               "--json")  # fmt: skip
