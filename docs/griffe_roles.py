"""A griffe extension for the API reference: Sphinx roles in docstrings as code.

The code's docstrings cross-reference with Sphinx roles (``:class:`~pkg.Game```),
which Markdown would show as typed. This turns ``:role:`~a.b.C``` into ```C``` and
``:role:`C``` into ```C``` before mkdocstrings renders them. Loaded by
``mkdocs.yml`` (not a page: excluded in ``exclude_docs``).
"""

from __future__ import annotations

import re
from typing import Any

import griffe

_ROLE = re.compile(r":(?:class|meth|func|mod|attr|data|exc|obj):`~?([^`]+)`")


def _plain(match: re.Match[str]) -> str:
    target = match.group(1)
    # ``~a.b.C`` shows the last part; a plain target shows as written.
    return f"`{target.rsplit('.', 1)[-1] if match.group(0).count('~') else target}`"


class SphinxRoles(griffe.Extension):
    """Rewrite Sphinx roles of every docstring of a package, once it is loaded (after
    griffe_sphinx has turned ``#:`` comments into docstrings)."""

    def on_package(self, *, pkg: griffe.Module, **kwargs: Any) -> None:
        _rewrite(pkg)


def _rewrite(obj: griffe.Object) -> None:
    if obj.docstring is not None:
        obj.docstring.value = _ROLE.sub(_plain, obj.docstring.value)
    for member in obj.members.values():
        if not member.is_alias:
            _rewrite(member)  # type: ignore[arg-type]
