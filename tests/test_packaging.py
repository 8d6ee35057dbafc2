"""A built wheel holds every file the installed program reads.

Editable installs (the README's) read the source tree, so a package or data file
missing from ``pyproject.toml`` only shows for users of ``pip install kingdomino``:
before this test, no plugin's ``data/*.csv`` was in the wheel and every ruleset
failed to load from it.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: Not copied for the build: virtual environments, caches, earlier builds, git.
IGNORED = (".*", "build", "dist", "site", "*.egg-info", "__pycache__", "node_modules")

#: Source folder -> its name once installed (pyproject's package-dir).
INSTALLED_AS = {
    "kingdomino_core": "kingdomino_core",
    "kingdomino_cli": "kingdomino_cli",
    "kingdomino_play": "kingdomino_play",
    "kingdomino_rl": "kingdomino_rl",
    "kingdomino_web": "kingdomino_web",
    "rulesets": "kingdomino_rulesets",
    **{f"plugins/{p.name}": p.name for p in (ROOT / "plugins").iterdir() if p.is_dir()},
}


def shipped_files() -> set[str]:
    """Every file of the installed packages, as the wheel should name it."""
    out = set()
    for source, name in INSTALLED_AS.items():
        for path in (ROOT / source).rglob("*"):
            if not path.is_file() or "__pycache__" in path.parts or path.suffix == ".pyc":
                continue
            out.add(f"{name}/{path.relative_to(ROOT / source).as_posix()}")
    return out


def test_the_wheel_holds_every_module_and_data_file(tmp_path: Path) -> None:
    # Built from a clean copy: setuptools would reuse a stale build/ of the tree.
    source = tmp_path / "src"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(*IGNORED))
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(source)],
        capture_output=True,
        text=True,
    )
    assert built.returncode == 0, built.stderr
    (wheel,) = tmp_path.glob("kingdomino-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    expected = shipped_files()
    assert any(n.endswith("data/base_dominoes.csv") for n in expected)
    assert sorted(expected - names) == []
