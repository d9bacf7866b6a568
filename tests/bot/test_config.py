"""Settings: `.env.example` documents every setting and works as a `.env` as it is."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bot.config import Settings, load_settings

ROOT = Path(__file__).resolve().parents[2]


def test_env_example_lists_every_setting_and_the_readme_too() -> None:
    example = (ROOT / ".env.example").read_text()
    readme = (ROOT / "README.md").read_text()
    for name in Settings.model_fields:
        key = f"SNOWBOUND_{name.upper()}"
        assert f"\n{key}=" in example, key
        assert key in readme, key


def test_env_example_copied_to_env_gives_the_defaults(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shutil.copy(ROOT / ".env.example", tmp_path / ".env")
    monkeypatch.chdir(tmp_path)
    settings = Settings(_env_file=tmp_path / ".env")  # type: ignore[call-arg]
    assert settings == Settings(_env_file=None)  # type: ignore[call-arg]
    assert not settings.has_token and settings.dev_guild_id is None


def test_a_bad_setting_stops_start_up_with_its_name(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SNOWBOUND_LOG_LEVEL", "LOUD")
    with pytest.raises(SystemExit, match="SNOWBOUND_LOG_LEVEL: must be DEBUG"):
        load_settings()


def test_a_blank_token_counts_as_no_token(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SNOWBOUND_TOKEN", "   ")
    assert not Settings(_env_file=None).has_token  # type: ignore[call-arg]
