"""The layer rule, enforced by walking every import: cogs → bot → (storage, rules).

Relative imports are resolved, imports inside functions count (a lazy import is still a
dependency), and imports under `if TYPE_CHECKING:` count for the cycle check too: a type-only
import is still two modules that need each other to be read. Modules stay small (≤ 400 lines, data
excepted) and their names do not repeat across packages. See docs/DESIGN.md, "Layers".
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LAYERS = ("rules", "storage", "bot", "cogs")
DISCORD_IN_BOT = {"bot/app.py", "bot/delivery.py", "bot/chat_filter.py"}  # the Discord adapters

FORBIDDEN = {
    "rules": {"discord", "asyncio", "aiosqlite", "storage", "bot", "cogs", "PIL", "sqlite3"},
    "storage": {"discord", "rules", "bot", "cogs"},
    "bot": {"cogs"},
    "cogs": {"storage", "aiosqlite", "sqlite3"},
}
COGS_NEVER = {"bot.cli"}
RULES_PUBLIC = {"rules", "rules.core", "rules.choices", "rules.errors", "rules.parsing"}
# Renderers that still reach into a game's agents; section 3 of issue 8 (one layout for every game)
# removes them. Listed so the test fails both on a new one and on a stale entry.
KNOWN_RENDERER_DEBTS: set[tuple[str, str]] = set()
# Import cycles still to be broken: the test fails both on a new cycle and on a stale entry.
KNOWN_CYCLES: list[list[str]] = []
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


@dataclass(frozen=True)
class Import:
    module: str  # the module imported, absolute (`from a import b` gives `a.b` if it is a module)
    line: int
    typing_only: bool  # under `if TYPE_CHECKING:`


def python_files(layer: str, root: Path = ROOT) -> list[Path]:
    return sorted((root / layer).rglob("*.py"))


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def is_module(name: str, root: Path = ROOT) -> bool:
    base = root.joinpath(*name.split("."))
    return base.with_suffix(".py").is_file() or (base / "__init__.py").is_file()


def _type_checking_nodes(tree: ast.AST) -> set[int]:
    inside: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.body:
                inside |= {id(n) for n in ast.walk(child)}
    return inside


def imports_of(path: Path, root: Path = ROOT) -> Iterator[Import]:
    """Every import of a file, relative ones resolved against its package."""
    tree = ast.parse(path.read_text(), str(path))
    typing_only = _type_checking_nodes(tree)
    name = module_name(path, root)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(tree):
        hidden = id(node) in typing_only
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield Import(alias.name, node.lineno, hidden)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                parent = ".".join([*base, *([node.module] if node.module else [])])
            else:
                parent = node.module or ""
            for alias in node.names:
                child = f"{parent}.{alias.name}"
                yield Import(child if is_module(child, root) else parent, node.lineno, hidden)


def game_packages(root: Path = ROOT) -> set[str]:
    return {
        p.parent.name
        for p in (root / "rules").glob("*/__init__.py")
        if p.parent.name not in ("data",)
    }


def layer_problems(root: Path = ROOT) -> list[str]:
    problems = []
    games = game_packages(root)
    for layer in LAYERS:
        for path in python_files(layer, root):
            rel = path.relative_to(root).as_posix()
            for imp in imports_of(path, root):
                top = imp.module.split(".")[0]
                where = f"{rel}:{imp.line} imports {imp.module}"
                if top in FORBIDDEN[layer]:
                    problems.append(where)
                elif layer == "bot" and top == "discord" and rel not in DISCORD_IN_BOT:
                    problems.append(f"{where} (only the Discord adapters may)")
                elif layer == "cogs" and (imp.module in COGS_NEVER or top == "bot.cli"):
                    problems.append(where)
                elif layer == "cogs" and top == "rules" and imp.module not in RULES_PUBLIC:
                    problems.extend(_renderer_problem(rel, imp, where, games))
                elif layer == "rules" and top == "rules":
                    own = rel.split("/")[1] if rel.count("/") >= 2 else None
                    other = imp.module.split(".")[1] if imp.module.count(".") else None
                    if other in games and other != own:
                        problems.append(f"{where} (one game never imports another)")
    return problems


def _renderer_problem(rel: str, imp: Import, where: str, games: set[str]) -> list[str]:
    """A renderer (`cogs/games/<key>.py`, and `cogs/games/<key>_<part>.py` for its parts) reads
    its own game's public package, never agents."""
    parts = imp.module.split(".")
    stem = Path(rel).stem
    own = stem == parts[1] or stem.startswith(f"{parts[1]}_")
    if not rel.startswith("cogs/games/") or not own or parts[1] not in games:
        return [f"{where} (cogs use the rules' public API only)"]
    if "agents" in parts and (rel, imp.module) not in KNOWN_RENDERER_DEBTS:
        return [f"{where} (a renderer never reads agents)"]
    return []


def import_graph(root: Path = ROOT) -> dict[str, set[str]]:
    """Module → project modules it imports, lazily or for type hints only."""
    graph: dict[str, set[str]] = {}
    for layer in LAYERS:
        for path in python_files(layer, root):
            edges = graph.setdefault(module_name(path, root), set())
            for imp in imports_of(path, root):
                if imp.module.split(".")[0] in LAYERS:
                    edges.add(imp.module)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of more than one module, or a module importing itself."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in graph.get(node, ()):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                group.append(top)
                if top == node:
                    break
            if len(group) > 1 or node in graph.get(node, ()):
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_each_layer_imports_only_what_it_may() -> None:
    problems = layer_problems()
    assert not problems, "\n".join(problems)


def test_no_two_modules_import_each_other_even_through_others() -> None:
    found = sorted(cycles(import_graph()))
    new = [group for group in found if group not in KNOWN_CYCLES]
    assert not new, "\n".join(" ↔ ".join(group) for group in new)
    stale = [group for group in KNOWN_CYCLES if group not in found]
    assert not stale, f"no longer a cycle, drop it from KNOWN_CYCLES: {stale}"


def test_known_renderer_debts_are_still_real() -> None:
    """An exception that no longer applies is removed, so the list only ever shrinks."""
    for rel, module in KNOWN_RENDERER_DEBTS:
        assert module in {i.module for i in imports_of(ROOT / rel)}, (rel, module)


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


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """A small project with every kind of violation, to prove the checks notice them."""
    files = {
        "rules/__init__.py": "",
        "rules/core.py": "",
        "rules/alpha/__init__.py": "",
        "rules/alpha/game.py": "from ..beta import game\nfrom . import state\n",
        "rules/alpha/state.py": "import discord\n",
        "rules/beta/__init__.py": "",
        "rules/beta/game.py": "",
        "storage/__init__.py": "",
        "bot/__init__.py": "",
        "bot/cli.py": "",
        "bot/tables.py": "import discord\n",
        "cogs/__init__.py": "",
        "cogs/a.py": "from storage import base\nfrom bot import cli\n"
        "from rules.alpha import game\n",
        "cogs/b.py": "def f():\n    from . import c\n",
        "cogs/c.py": "from .b import f\nfrom typing import TYPE_CHECKING\n",
        "cogs/d.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from . import e\n",
        "cogs/e.py": "from . import d\n",
        "cogs/games/__init__.py": "",
        "cogs/games/alpha.py": "from rules.alpha.state import X\n"
        "from rules.alpha.agents import Y\n",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    (tmp_path / "rules/alpha/agents.py").write_text("")
    return tmp_path


def test_the_checker_itself_notices_every_kind_of_violation(tree: Path) -> None:
    problems = "\n".join(layer_problems(tree))
    assert "rules/alpha/game.py:1 imports rules.beta.game (one game" in problems  # relative
    assert "rules/alpha/state.py:1 imports discord" in problems
    assert "bot/tables.py:1 imports discord (only the Discord adapters" in problems
    assert "cogs/a.py:1 imports storage" in problems
    assert "cogs/a.py:2 imports bot.cli" in problems
    assert "cogs/a.py:3 imports rules.alpha.game (cogs use the rules' public API" in problems
    assert "cogs/games/alpha.py:2 imports rules.alpha.agents (a renderer never" in problems
    assert "cogs/games/alpha.py:1" not in problems  # a renderer reads its own game's state
    # a lazy import still counts, and so does one for type hints only
    assert cycles(import_graph(tree)) == [["cogs.b", "cogs.c"], ["cogs.d", "cogs.e"]]


# Modules over the size limit, still to be split; the test fails on a new one and on a stale entry.
MODULE_LINES = 400
KNOWN_LONG: set[str] = set()


def is_data(rel: str) -> bool:
    """Data modules (card and tile lists, the content vocabulary) may be as long as their data."""
    return "/data/" in rel or rel == "rules/dead_of_winter/content.py"


def long_modules(root: Path = ROOT) -> set[str]:
    found = set()
    for layer in LAYERS:
        for path in python_files(layer, root):
            rel = path.relative_to(root).as_posix()
            if not is_data(rel) and len(path.read_text().splitlines()) > MODULE_LINES:
                found.add(rel)
    return found


def test_every_module_but_data_is_at_most_400_lines() -> None:
    found = long_modules()
    assert not found - KNOWN_LONG, f"over {MODULE_LINES} lines: {sorted(found - KNOWN_LONG)}"
    assert not KNOWN_LONG - found, f"now short enough, drop from KNOWN_LONG: {KNOWN_LONG - found}"


# Names repeated across packages, still to be renamed (shrink only).
KNOWN_REPEATED_NAMES: set[str] = set()


def repeated_names(root: Path = ROOT) -> dict[str, list[str]]:
    """Module names that stand in more than one package (game packages share a layout by design,
    so only the layers' own modules are compared: bot, cogs and its sub-packages, storage, and the
    rules core)."""
    where: dict[str, list[str]] = {}
    for layer in LAYERS:
        for path in python_files(layer, root):
            rel = path.relative_to(root)
            if path.stem.startswith("__") or (layer == "rules" and len(rel.parts) > 2):
                continue
            where.setdefault(path.stem, []).append(rel.as_posix())
    return {name: sorted(paths) for name, paths in where.items() if len(paths) > 1}


def test_no_module_name_repeats_across_packages() -> None:
    found = repeated_names()
    new = {name: paths for name, paths in found.items() if name not in KNOWN_REPEATED_NAMES}
    assert not new, "\n".join(f"{name}: {', '.join(paths)}" for name, paths in sorted(new.items()))
    stale = KNOWN_REPEATED_NAMES - set(found)
    assert not stale, f"no longer repeated, drop from KNOWN_REPEATED_NAMES: {stale}"


def test_the_size_and_name_checks_notice_a_long_module_and_a_repeated_name(tmp_path: Path) -> None:
    for name, text in {
        "bot/history.py": "x = 1\n" * (MODULE_LINES + 1),
        "storage/history.py": "",
        "rules/winter/history.py": "",
        "rules/winter/data/cards.py": "x = 1\n" * (MODULE_LINES + 1),
    }.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    assert long_modules(tmp_path) == {"bot/history.py"}
    assert repeated_names(tmp_path) == {"history": ["bot/history.py", "storage/history.py"]}
