"""The message filter's decisions, free of discord: who is checked, and what the author is told.

The composition root (`bot/app.py`) feeds it every guild message and edit, deletes what it blocks
and sends the notice privately. The verdict itself is the pure `rules.chat.check_message`.
"""

from __future__ import annotations

from rules.chat import ChatVerdict

REASONS = {
    "blue_lips": "you hold **Blue Lips**, so you may not send messages in the game channel",
    "number": "The Coldest Night forbids saying numbers (only the current heat total and the frost "
    "values in play may be said)",
    "attachment": "attachments and stickers cannot be checked by the number filter, so they are "
    "not allowed during the game",
    "night": "it is night in The 10th Night: nobody may talk until the day comes",
}


def notice(verdict: ChatVerdict, channel_name: str, *, command: bool = False) -> str:
    """The private message sent to the author of a deleted message.

    A chat command (`!play …`) is carried out before its message is removed, and the author is told
    so: slash commands keep a move's words out of the channel altogether.
    """
    reason = verdict.reason or "blocked"
    why = REASONS.get(reason, f"the game's rules do not allow it ({reason})")
    detail = f" {verdict.detail}" if verdict.detail else ""
    if command:
        return (
            f"Your command in #{channel_name} was carried out, then removed from the channel: "
            f"{why}.{detail} Use the slash command (`/play`) to keep your moves private. "
            f"(reason: `{reason}`)"
        )
    return f"Your message in #{channel_name} was removed: {why}.{detail} (reason: `{reason}`)"
