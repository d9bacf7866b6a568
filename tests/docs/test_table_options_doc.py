"""The docs index's "Table options" table lists every option a table can be given, for every game,
with its default first (test-only options that fix a set-up are left out: Discord refuses them);
the operating guide's backups paragraph says how to back up PostgreSQL too."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rules import GAMES

ROOT = Path(__file__).resolve().parents[2]


def options_rows() -> dict[str, dict[str, str]]:
    """{game title: {option: its values cell}} from the docs index's table."""
    text = (ROOT / "docs" / "README.md").read_text()
    table = text.split("## Table options", 1)[1].split("\n\n| game |", 1)[1].split("\n\n", 1)[0]
    rows: dict[str, dict[str, str]] = {}
    title = ""
    for line in table.splitlines()[1:]:
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != 4 or cells[0].startswith("---"):
            continue
        title = cells[0] or title
        for name in re.findall(r"`(\w+)`", cells[1]):
            rows.setdefault(title, {})[name] = cells[2]
        rows.setdefault(title, {})
    return rows


def shown(default: object) -> str:
    if default is None:
        return "none"
    if isinstance(default, bool):
        return f"`{str(default).lower()}`"
    return f"`{default}`"


@pytest.mark.parametrize("key", sorted(GAMES))
def test_the_docs_list_every_option_of_every_game_with_its_default_first(key: str) -> None:
    game = GAMES[key]
    listed = options_rows()[game.title]
    hooks = game.options_model.test_hooks
    for name, field in game.options_model.model_fields.items():
        if name in hooks:
            continue
        assert name in listed, f"{game.title}: {name}"
        assert listed[name].startswith(shown(field.default)), (name, listed[name])
    assert set(listed) <= set(game.options_model.model_fields) - hooks


def test_the_backups_say_how_to_back_up_a_postgresql_database() -> None:
    text = (ROOT / "docs" / "operating.md").read_text()
    backups = text.split("**Backups.**", 1)[1].split("**Updating.**", 1)[0]
    assert "pg_dump" in backups and "PostgreSQL" in backups and "pg_restore" in backups
