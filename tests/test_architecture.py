"""The layer rule of DESIGN §2, enforced by walking every import: cogs → bot → (storage, rules)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DISCORD_IN_BOT = {"bot/app.py", "bot/delivery.py"}

FORBIDDEN = {
    "rules": {"discord", "asyncio", "aiosqlite", "storage", "bot", "cogs", "PIL", "sqlite3"},
    "storage": {"discord", "rules", "bot", "cogs"},
    "bot": {"cogs"},
}
# module-level functions of `random` that use the hidden global generator
GLOBAL_RANDOM = {
    "random",
    "randint",
    "randrange",
    "choice",
    "choices",
    "shuffle",
    "sample",
    "uniform",
    "seed",
    "getrandbits",
    "gauss",
}


def python_files(layer: str) -> list[Path]:
    return sorted((ROOT / layer).rglob("*.py"))


def imported_roots(tree: ast.AST) -> set[str]:
    roots: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
    return roots


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_each_layer_imports_only_what_it_may(layer: str) -> None:
    problems = []
    for path in python_files(layer):
        rel = path.relative_to(ROOT).as_posix()
        roots = imported_roots(ast.parse(path.read_text(), rel))
        banned = roots & FORBIDDEN[layer]
        if layer == "bot" and "discord" in roots and rel not in DISCORD_IN_BOT:
            banned.add("discord")
        if banned:
            problems.append(f"{rel} imports {sorted(banned)}")
    assert not problems, "\n".join(problems)


def test_rules_never_use_the_global_random_generator() -> None:
    problems = []
    for path in python_files("rules"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id == "random"
                and node.attr in GLOBAL_RANDOM
            ):
                problems.append(f"{path.relative_to(ROOT)}:{node.lineno} random.{node.attr}")
            if isinstance(node, ast.ImportFrom) and node.module == "random":
                names = {alias.name for alias in node.names} & GLOBAL_RANDOM
                if names:
                    problems.append(f"{path.relative_to(ROOT)} imports {sorted(names)} from random")
    assert not problems, "\n".join(problems)


def test_the_checker_itself_notices_a_violation(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("import discord\nfrom storage.base import Store\n")
    assert {"discord", "storage"} <= imported_roots(ast.parse(bad.read_text()))
