"""The README stands alone: no link leaves the repository, every relative link resolves, and the
invite URL's permissions integer is the one discord.py computes from the permissions it lists."""

from __future__ import annotations

import re
from pathlib import Path

import discord
import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", ROOT / "PRIVACY.md", *sorted((ROOT / "docs").rglob("*.md"))]

# the README's names for Discord permissions → discord.py's flag names
FLAGS = {
    "View Channels": "view_channel",
    "Send Messages": "send_messages",
    "Send Messages in Threads": "send_messages_in_threads",
    "Create Public Threads": "create_public_threads",
    "Manage Messages": "manage_messages",
    "Read Message History": "read_message_history",
    "Embed Links": "embed_links",
    "Attach Files": "attach_files",
}


def readme() -> str:
    return (ROOT / "README.md").read_text()


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_doc_points_outside_the_repository_and_every_link_resolves(doc: Path) -> None:
    text = doc.read_text()
    assert "../shared" not in text and "/work/" not in text
    for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text):
        if target.startswith(("http://", "https://")):
            continue
        resolved = (doc.parent / target).resolve()
        assert resolved.is_relative_to(ROOT), target
        assert resolved.exists(), target


def test_the_permission_table_names_read_message_history_for_the_reaction_filter() -> None:
    section = readme().split("## Running it for your server")[1].split("\n## ")[0]
    listed = re.findall(r"^\| ([A-Z][A-Za-z ]+?) \| ", section, re.M)
    assert "Read Message History" in listed
    assert sorted(listed) == sorted(FLAGS)


def test_the_invite_url_carries_the_integer_of_the_listed_permissions() -> None:
    wanted = discord.Permissions(**dict.fromkeys(FLAGS.values(), True)).value
    urls = re.findall(r"https://discord\.com/oauth2/authorize\?\S+", readme())
    assert urls, "no invite URL in the README"
    for url in urls:
        assert "client_id=<APP_ID>" in url and "scope=bot+applications.commands" in url
        assert url.endswith(f"&permissions={wanted}")
    assert f"**{wanted}**" in readme()


def test_readme_mentions_python_override_and_make_clean() -> None:
    text = readme()
    assert "PYTHON=python3.12 make run" in text and "make clean" in text
    assert "python -m bot backup PATH" in text and "deploy/snowbound.service" in text


def test_the_package_description_names_the_games_that_ship() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text()
    description = re.search(r'^description = "(.*)"$', pyproject, re.M)
    assert description is not None
    for title in ("The Coldest Night", "The 10th Night", "Winter", "Cold Comfort"):
        assert title in description.group(1)
    assert not re.search(r"\b(five|four|5|4)\b", description.group(1))
