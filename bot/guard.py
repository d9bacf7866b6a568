"""Discord's documented limits, enforced on the JSON of every request before it leaves the bot.

A payload over a limit is rejected by Discord with an HTTP 400, and the reply is lost: the member
who typed a 6,000-character move would never hear why it was refused. The cogs clip what they echo;
this module is the net under them. `fit` is pure (no discord import): `bot.delivery.guard` runs it
on every REST request and interaction response, and tests run `problems` on what was sent.

It also makes mentions safe by construction: no payload may let `@everyone`, `@here` or a role
ping, and users are pinged only when they are listed one by one (never by `parse`), so text a
member typed can never ping anyone.
"""

from __future__ import annotations

import copy
import json
from typing import Any

from rules.parsing import echo

CONTENT = 2000
EMBEDS = 10
EMBED_TITLE = 256
EMBED_DESCRIPTION = 4096
EMBED_FIELDS = 25
FIELD_NAME = 256
FIELD_VALUE = 1024
FOOTER = 2048
AUTHOR = 256
EMBED_TOTAL = 6000
ROWS = 5
ROW_BUTTONS = 5
BUTTON_LABEL = 80
SELECT_OPTIONS = 25
OPTION_TEXT = 100
PLACEHOLDER = 150
CUSTOM_ID = 100
CHOICES = 25
CHOICE_TEXT = 100
BIGINT = 2**63 - 1  # the largest id SQLite and PostgreSQL store

AUTOCOMPLETE = 8  # interaction callback type of autocomplete results


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


class _Fit:
    def __init__(self) -> None:
        self.problems: list[str] = []

    def text(self, holder: dict[str, Any], key: str, limit: int, where: str) -> None:
        value = holder.get(key)
        if isinstance(value, str) and len(value) > limit:
            self.problems.append(f"{where}.{key} has {len(value)} characters (limit {limit})")
            holder[key] = clip(value, limit)

    def items(self, holder: dict[str, Any], key: str, limit: int, where: str) -> list[Any]:
        value = holder.get(key)
        if not isinstance(value, list):
            return []
        if len(value) > limit:
            self.problems.append(f"{where}.{key} has {len(value)} entries (limit {limit})")
            del value[limit:]
        return value

    def embed(self, embed: dict[str, Any], where: str) -> None:
        self.text(embed, "title", EMBED_TITLE, where)
        self.text(embed, "description", EMBED_DESCRIPTION, where)
        for i, field in enumerate(self.items(embed, "fields", EMBED_FIELDS, where)):
            self.text(field, "name", FIELD_NAME, f"{where}.fields[{i}]")
            self.text(field, "value", FIELD_VALUE, f"{where}.fields[{i}]")
        if isinstance(embed.get("footer"), dict):
            self.text(embed["footer"], "text", FOOTER, f"{where}.footer")
        if isinstance(embed.get("author"), dict):
            self.text(embed["author"], "name", AUTHOR, f"{where}.author")

    def components(self, message: dict[str, Any]) -> None:
        seen: set[str] = set()
        for r, row in enumerate(self.items(message, "components", ROWS, "message")):
            if not isinstance(row, dict):
                continue
            where = f"components[{r}]"
            children = row.get("components")
            if not isinstance(children, list):
                continue
            buttons = [c for c in children if isinstance(c, dict) and c.get("type") == 2]
            if len(buttons) > ROW_BUTTONS:
                self.problems.append(f"{where} has {len(buttons)} buttons (limit {ROW_BUTTONS})")
                del children[ROW_BUTTONS:]
            for c, child in enumerate(children):
                if not isinstance(child, dict):
                    continue
                here = f"{where}[{c}]"
                self.text(child, "custom_id", CUSTOM_ID, here)
                custom_id = child.get("custom_id")
                if isinstance(custom_id, str):
                    if custom_id in seen:
                        self.problems.append(f"{here}.custom_id {custom_id!r} is not unique")
                    seen.add(custom_id)
                self.text(child, "label", BUTTON_LABEL, here)
                self.text(child, "placeholder", PLACEHOLDER, here)
                if child.get("type") == 3:
                    options = self.items(child, "options", SELECT_OPTIONS, here)
                    if not options:
                        self.problems.append(f"{here} is a select menu without options")
                        options.append({"label": "—", "value": "none"})
                        child["options"] = options
                    for o, option in enumerate(options):
                        for key in ("label", "value", "description"):
                            self.text(option, key, OPTION_TEXT, f"{here}.options[{o}]")

    def mentions(self, message: dict[str, Any]) -> None:
        allowed = message.get("allowed_mentions")
        if not isinstance(allowed, dict):
            message["allowed_mentions"] = {"parse": []}
            return
        parse = allowed.get("parse") or []
        if parse:
            self.problems.append(f"allowed_mentions parses {sorted(parse)} (list users one by one)")
        allowed["parse"] = []
        if allowed.get("roles"):
            self.problems.append("allowed_mentions lets roles ping")
            allowed["roles"] = []

    def message(self, message: dict[str, Any]) -> None:
        self.text(message, "content", CONTENT, "message")
        embeds = self.items(message, "embeds", EMBEDS, "message")
        for i, embed in enumerate(embeds):
            if isinstance(embed, dict):
                self.embed(embed, f"embeds[{i}]")
        total = sum(_embed_length(e) for e in embeds if isinstance(e, dict))
        if total > EMBED_TOTAL:
            self.problems.append(f"embeds have {total} characters together (limit {EMBED_TOTAL})")
            _shrink(embeds)
        self.components(message)
        if "content" in message or "embeds" in message or "allowed_mentions" in message:
            self.mentions(message)

    def choices(self, data: dict[str, Any]) -> None:
        for i, choice in enumerate(self.items(data, "choices", CHOICES, "autocomplete")):
            if isinstance(choice, dict):
                self.text(choice, "name", CHOICE_TEXT, f"choices[{i}]")
                self.text(choice, "value", CHOICE_TEXT, f"choices[{i}]")


def _embed_length(embed: dict[str, Any]) -> int:
    size = len(str(embed.get("title") or "")) + len(str(embed.get("description") or ""))
    for field in embed.get("fields") or []:
        size += len(str(field.get("name") or "")) + len(str(field.get("value") or ""))
    size += len(str((embed.get("footer") or {}).get("text") or ""))
    size += len(str((embed.get("author") or {}).get("name") or ""))
    return size


def _shrink(embeds: list[Any]) -> None:
    """Bring embeds under 6,000 characters together: descriptions first, then the last fields,
    then footers (what a reader misses least)."""
    dicts = [e for e in embeds if isinstance(e, dict)]
    for embed in dicts:
        over = _embed_length_all(embeds) - EMBED_TOTAL
        if over <= 0:
            return
        if isinstance(embed.get("description"), str):
            description = embed["description"]
            embed["description"] = clip(description, max(1, len(description) - over))
    for embed in reversed(dicts):
        fields = embed.get("fields")
        while isinstance(fields, list) and fields and _embed_length_all(embeds) > EMBED_TOTAL:
            fields.pop()
    for embed in dicts:
        over = _embed_length_all(embeds) - EMBED_TOTAL
        if over <= 0:
            return
        footer = embed.get("footer")
        if isinstance(footer, dict) and isinstance(footer.get("text"), str):
            footer["text"] = clip(footer["text"], max(1, len(footer["text"]) - over))
    for embed in dicts:
        if _embed_length_all(embeds) > EMBED_TOTAL and isinstance(embed.get("title"), str):
            embed["title"] = clip(embed["title"], 1)


def _embed_length_all(embeds: list[Any]) -> int:
    return sum(_embed_length(e) for e in embeds if isinstance(e, dict))


def fit(payload: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """A copy of a message or interaction-callback payload within Discord's limits, and what had
    to be changed (empty when the payload was already fine)."""
    fitted = copy.deepcopy(payload)
    fixer = _Fit()
    if "type" in fitted and isinstance(fitted.get("data"), dict):  # an interaction callback
        if fitted["type"] == AUTOCOMPLETE:
            fixer.choices(fitted["data"])
        else:
            fixer.message(fitted["data"])
    else:
        fixer.message(fitted)
    return fitted, fixer.problems


def problems(payload: dict[str, Any]) -> list[str]:
    """Everything in a payload that Discord would reject, or that could ping from user text."""
    return fit(payload)[1]


def fit_form(form: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[str]]:
    """`fit` for a multipart request (a message with files): its JSON is the `payload_json` part."""
    found: list[str] = []
    fitted = []
    for part in form:
        if part.get("name") == "payload_json" and isinstance(part.get("value"), str):
            payload, found = fit(json.loads(part["value"]))
            part = {**part, "value": json.dumps(payload)}
        fitted.append(part)
    return fitted, found


def sane_id(value: str) -> int | None:
    """A number from a custom id or select value, or None when it is not one a table could hold
    (not digits, or over 2⁶³ − 1, which no store can even look up)."""
    if not value.isascii() or not value.isdigit() or len(value) > 19:
        return None
    number = int(value)
    return number if number <= BIGINT else None


def shown(text: str, limit: int = 60) -> str:
    """User text repeated in a reply: one line, clipped (see `rules.parsing.echo`)."""
    return echo(text, limit)


def refusal(err: BaseException) -> str | None:
    """`bot.records.user_error`, plus the refusals a forged or stale button brings: a table that
    does not exist (or no longer does), and an id too large for any store."""
    from bot.records import user_error
    from storage.base import TableNotFoundError

    message = user_error(err)
    if message is not None:
        return clip(message, 1900)
    if isinstance(err, TableNotFoundError):
        return "That table does not exist (any more); nothing was changed."
    if isinstance(err, OverflowError):
        return "That button or id is not one of mine; nothing was changed."
    return None
