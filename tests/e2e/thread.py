"""Reading a table's channel the way its members see it: the messages as they stand now (edits
applied, deleted ones gone), the full boards among them, and the requests a move costs there.

dpytest keeps each channel's messages as Discord would (`backend` edits them in place), so the
checks here read what a member scrolling the thread reads, not what happened to be sent."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import discord
import pytest
from discord.ext.test import backend, callbacks

from tests.e2e.conftest import public

# what the bot sends; fetches are left out: the tests themselves read messages back
REQUESTS = ("send_message", "edit_message", "delete_message")


def standing(channel: Any) -> list[dict[str, Any]]:
    """The channel's messages as they stand, oldest first (raw message records)."""
    config = backend._cur_config
    assert config is not None
    return list(config.messages.get(channel.id, []))


def is_board(message: dict[str, Any]) -> bool:
    """A full board: an embed listing the players (a folded board is its feed lines alone)."""
    return any(
        any(field.get("name") == "Players" for field in embed.get("fields") or [])
        for embed in message.get("embeds") or []
    )


def full_boards(channel: Any) -> list[dict[str, Any]]:
    return [m for m in standing(channel) if is_board(m)]


def text(message: dict[str, Any]) -> str:
    parts = [message.get("content") or ""]
    for embed in message.get("embeds") or []:
        parts += [embed.get("title") or "", embed.get("description") or ""]
        parts += [f"{f.get('name')} {f.get('value')}" for f in embed.get("fields") or []]
        parts.append((embed.get("footer") or {}).get("text") or "")
    return "\n".join(parts)


def check_thread(channel: Any, bot_user_id: int, board_message_id: int | None) -> None:
    """Exactly one full board stands in the channel, it is the table's board message and the
    newest of the bot's messages, and no message above it still says whose move it is."""
    messages = standing(channel)
    boards = [m for m in messages if is_board(m)]
    assert [int(m["id"]) for m in boards] == [board_message_id], [text(m)[:120] for m in boards]
    mine = [m for m in messages if int(m["author"]["id"]) == bot_user_id]
    assert int(mine[-1]["id"]) == board_message_id, text(mine[-1])[:200]
    for message in messages[:-1]:
        if int(message["id"]) != board_message_id:
            assert "Your move" not in (message.get("content") or ""), message.get("content")


def check_move(sent: list[discord.Message], board_message_id: int | None) -> None:
    """What one move showed in public: the live board (edited, or posted with the old one
    folded), every other public message without a board."""
    shown = public(sent)
    for message in shown:
        if message.id != board_message_id:
            assert not any(f.name == "Players" for e in message.embeds for f in e.fields), (
                "only the live board carries a board"
            )


class ChannelRequests:
    """Requests the bot makes to one channel (sends, edits, deletions). Edits of the
    messages in `apart` are not counted: the lobby message, which on Discord lives in the channel
    the table's thread was opened from (dpytest has no threads, so a table plays beside it)."""

    def __init__(self) -> None:
        self.channel_id: int | None = None
        self.count = 0
        self.kinds: list[str] = []
        self.apart: set[int] = set()

    def take(self) -> int:
        """The requests since the last `take`."""
        count, self.count, self.kinds = self.count, 0, []
        return count


@contextmanager
def channel_requests(monkeypatch: pytest.MonkeyPatch, channel: Any) -> Iterator[ChannelRequests]:
    """Count every request to `channel` at dpytest's fake HTTP backend, as
    `bench/bench_requests.py` counts all of them."""
    counted = ChannelRequests()
    counted.channel_id = channel.id
    original = callbacks.dispatch_event

    async def counting(event: str, *args: Any, **kwargs: Any) -> None:
        if event in REQUESTS and args:
            where = getattr(args[0], "channel", args[0])
            message = args[1] if len(args) > 1 else None
            if getattr(message, "id", None) in counted.apart:
                pass
            elif getattr(where, "id", None) == channel.id:
                counted.count += 1
                counted.kinds.append(event)
        await original(event, *args, **kwargs)

    monkeypatch.setattr(callbacks, "dispatch_event", counting)
    yield counted
