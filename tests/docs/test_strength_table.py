"""The README's "How strong are the AI players?" table has a row for every game, each with the
expert's figure, and points to the page with the samples, intervals and commands."""

from __future__ import annotations

from pathlib import Path

from rules import GAMES

ROOT = Path(__file__).resolve().parents[2]


def strength_rows() -> list[list[str]]:
    text = (ROOT / "README.md").read_text()
    start = text.index("**How strong are the AI players?**")
    rows = []
    for line in text[start:].splitlines()[1:]:
        if line.startswith("|---"):
            continue
        if line.startswith("|"):
            rows.append([cell.strip() for cell in line.strip("|").split("|")])
        elif rows:
            break
    assert rows and rows[0] == ["game", "table", "heuristic", "expert"], rows[:1]
    return rows[1:]


def test_every_game_has_a_strength_row_with_the_experts_figure() -> None:
    rows = strength_rows()
    for game in GAMES.values():
        mine = [row for row in rows if row[0].startswith(game.title)]
        assert mine, f"{game.title} has no row"
        for row in mine:
            assert "%" in row[3] and (row[3][0].isdigit() or row[3].startswith("wins")), row


def test_the_strength_table_points_to_its_samples_and_commands() -> None:
    text = (ROOT / "README.md").read_text()
    start = text.index("**How strong are the AI players?**")
    assert "docs/playing.md#how-strong-are-the-ai-players" in text[start : start + 600]
    playing = (ROOT / "docs" / "playing.md").read_text()
    assert "## How strong are the AI players?" in playing
    assert "python -m bench.bench_expert" in playing
