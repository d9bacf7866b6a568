"""The design notes name modules and files of the code: every one of them must exist.

docs/DESIGN.md and docs/design/*.md name paths (`bot/moves.py`, `cogs/ui/`) and dotted modules
(`rules.search.SearchAgent`) in backticks. A rename that forgets the docs fails here.
"""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "docs" / "DESIGN.md", *sorted((ROOT / "docs" / "design").glob("*.md"))]
TOPS = ("bot", "cogs", "rules", "storage", "tests", "bench")
CODE = re.compile(r"`([^`\n]+)`")
PATH = re.compile(r"^(?:bot|cogs|rules|storage|tests|bench)/[\w/.\-]*$")
DOTTED = re.compile(r"^(?:bot|cogs|rules|storage|tests|bench)(?:\.\w+)+$")


def named(text: str) -> tuple[set[str], set[str]]:
    """The paths and the dotted names a text shows in backticks (`path: Name` counts its path)."""
    paths, dotted = set(), set()
    for span in CODE.findall(text):
        head = span.split(":")[0].split(" ")[0].strip()
        if "<" in head or "*" in head:
            continue  # a pattern: rules/<key>/, tests/rules/*.py
        if PATH.match(head):
            paths.add(head)
        elif DOTTED.match(head):
            dotted.add(head)
    return paths, dotted


@cache
def defined(module: Path) -> frozenset[str]:
    """Names a module defines at its top level or in its classes (methods, attributes)."""
    tree = ast.parse(module.read_text())
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, ast.ImportFrom | ast.Import):
            names |= {(a.asname or a.name).split(".")[0] for a in node.names}
    return frozenset(names)


def module_file(parts: list[str], root: Path = ROOT) -> Path | None:
    base = root.joinpath(*parts)
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def missing_dotted(name: str, root: Path = ROOT) -> str | None:
    """Why a dotted name does not exist, or None: the longest module prefix, then an attribute."""
    parts = name.split(".")
    for cut in range(len(parts), 0, -1):
        found = module_file(parts[:cut], root)
        if found is not None:
            rest = parts[cut:]
            if rest and rest[0] not in defined(found):
                return f"{'.'.join(parts[:cut])} defines no {rest[0]}"
            return None
    return "no such module"


def problems(root: Path = ROOT, docs: list[Path] = DOCS) -> list[str]:
    found = []
    for doc in docs:
        paths, dotted = named(doc.read_text())
        for path in sorted(paths):
            if not (root / path.rstrip("/")).exists():
                found.append(f"{doc.name}: `{path}` does not exist")
        for name in sorted(dotted):
            why = missing_dotted(name, root)
            if why:
                found.append(f"{doc.name}: `{name}`: {why}")
    return found


def test_every_module_and_file_the_design_notes_name_exists() -> None:
    assert DOCS[1:], "the design notes in docs/design/ are missing"
    assert not problems(), "\n".join(problems())


def test_the_check_notices_a_renamed_module_and_a_missing_name(tmp_path: Path) -> None:
    (tmp_path / "bot").mkdir()
    (tmp_path / "bot" / "__init__.py").write_text("")
    (tmp_path / "bot" / "moves.py").write_text("class MoveRunner:\n    pass\n")
    doc = tmp_path / "DESIGN.md"
    doc.write_text(
        "The runner (`bot/moves.py: MoveRunner`, `bot.moves.MoveRunner`) once lived in "
        "`bot/tables.py`; `bot.moves.Gone` and `bot.views` are gone; `rules/<key>/` is a pattern."
    )
    assert problems(tmp_path, [doc]) == [
        "DESIGN.md: `bot/tables.py` does not exist",
        "DESIGN.md: `bot.moves.Gone`: bot.moves defines no Gone",
        "DESIGN.md: `bot.views`: bot defines no views",
    ]
