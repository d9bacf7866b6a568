"""The chat-filter verdict (The Coldest Night CN-47/CN-48) for any `ChatPolicy`.

Pure text checking: the bot asks the game for the author's `ChatPolicy`, calls `check_message` on
every send and edit, and deletes what is blocked. Reason codes: the policy's own `reason` for a
silenced seat (`blue_lips`, `night`, …), `attachment`, `number`.

Decisions where the spec is silent:
- A "silent" policy without a `reason` blocks with the code `silent`.
- `block_attachments` applies in every mode (a free-chat seat can still be barred from images).
- Slash-command mentions `</name:id>` become `/name` in step 3 (their id is not text a player
  wrote); timestamps `<t:…>` are left alone, so their digits count — they render as a date.
- Number words are also matched after NFKC folding, so "ｏｎｅ" or "𝐨𝐧𝐞" count as "one".
- A tens word and a unit word joined by one hyphen (`-`, `‐`, `‑`) or one space (regular or
  no-break) form one compound.
- Only what the spec lists counts: CJK numerals (category Lo) and emoji such as 💯 are not numbers.
- Reactions (CN-48): a silent seat may add none; otherwise an emoji is refused when it holds a
  number occurrence that is not allowed. Custom emoji are judged by their name only.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from rules.core import ChatPolicy, Frozen

Number = int | float


class ChatVerdict(Frozen):
    allowed: bool
    reason: str | None = None  # "blue_lips", "night", "attachment", "number", … when blocked
    detail: str = ""  # which numbers, for the author's notice: "“11” is a number"; else ""


ALLOWED = ChatVerdict(allowed=True)

UNITS: dict[str, int] = {
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
}
TENS: dict[str, int] = {
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
}
NUMBER_WORDS: dict[str, int] = {
    "zero": 0,
    **UNITS,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
    **TENS,
    "hundred": 100,
    "dozen": 12,
}
COMPOUND_JOINERS = frozenset({"-", "\u2010", "\u2011", " ", "\u00a0"})
KEYCAP_TEN = "\U0001f51f"  # 🔟

_MENTION = re.compile(r"<(?:@[!&]?|#)\d+>")
_CUSTOM_EMOJI = re.compile(r"<a?:(\w+):\d+>")
_COMMAND_MENTION = re.compile(r"</([^:<>]+):\d+>")
_BARE_CUSTOM_EMOJI = re.compile(r"^a?:?(\w+):\d+$")  # "name:id", as reaction payloads give it


@dataclass(frozen=True, slots=True)
class Occurrence:
    start: int
    text: str  # as written (after normalisation)
    value: Number


def normalise(content: str) -> str:
    """CN-47 step 3: drop user/role/channel mentions; custom emoji become `:name:`."""
    text = _MENTION.sub("", content)
    text = _CUSTOM_EMOJI.sub(lambda m: f":{m.group(1)}:", text)
    return _COMMAND_MENTION.sub(lambda m: f"/{m.group(1)}", text)


def _numeric(char: str) -> Number:
    value = unicodedata.numeric(char)
    return int(value) if value.is_integer() else value


def _word_key(word: str) -> str:
    return unicodedata.normalize("NFKC", word).casefold()


def occurrences(text: str) -> list[Occurrence]:
    """CN-47 step 4 on already-normalised text, in reading order."""
    found: list[Occurrence] = []
    words: list[tuple[int, int, str]] = []  # (start, end, key)
    i, n = 0, len(text)
    while i < n:
        char = text[i]
        if char.isdecimal():  # (a) a maximal run of Nd digits, read as a decimal number
            j = i
            while j < n and text[j].isdecimal():
                j += 1
            found.append(Occurrence(i, text[i:j], int(text[i:j])))
            i = j
        elif char.isalpha():  # (d) a maximal run of letters: a candidate word
            j = i
            while j < n and text[j].isalpha():
                j += 1
            words.append((i, j, _word_key(text[i:j])))
            i = j
        else:
            if char == KEYCAP_TEN:  # (c)
                found.append(Occurrence(i, char, 10))
            elif unicodedata.category(char) in ("No", "Nl"):  # (b)
                found.append(Occurrence(i, char, _numeric(char)))
            i += 1
    found.extend(_word_occurrences(text, words))
    found.sort(key=lambda o: o.start)
    return found


def _word_occurrences(text: str, words: list[tuple[int, int, str]]) -> list[Occurrence]:
    found: list[Occurrence] = []
    k = 0
    while k < len(words):
        start, end, key = words[k]
        if key in TENS and k + 1 < len(words):
            next_start, next_end, next_key = words[k + 1]
            if next_key in UNITS and text[end:next_start] in COMPOUND_JOINERS:
                value = TENS[key] + UNITS[next_key]
                found.append(Occurrence(start, text[start:next_end], value))
                k += 2
                continue
        if key in NUMBER_WORDS:
            found.append(Occurrence(start, text[start:end], NUMBER_WORDS[key]))
        k += 1
    return found


def number_occurrences(text: str) -> list[Number]:
    """The values of every number occurrence in `text` (normalised first, CN-47 steps 3–4)."""
    return [o.value for o in occurrences(normalise(text))]


def _forbidden(policy: ChatPolicy, text: str) -> list[Occurrence]:
    return [o for o in occurrences(normalise(text)) if o.value not in policy.allowed_numbers]


def _describe(bad: list[Occurrence]) -> str:
    shown: list[str] = []
    for o in bad:
        quoted = f"“{o.text}”" if o.text == str(o.value) else f"“{o.text}” ({o.value})"
        if quoted not in shown:
            shown.append(quoted)
    if len(shown) == 1:
        return f"{shown[0]} is a number"
    return f"{', '.join(shown[:-1])} and {shown[-1]} are numbers"


def check_message(policy: ChatPolicy, content: str, *, has_attachment: bool = False) -> ChatVerdict:
    """CN-47: the first blocking step wins; `has_attachment` covers stickers too."""
    if policy.mode == "silent":
        return ChatVerdict(allowed=False, reason=policy.reason or "silent")
    if has_attachment and policy.block_attachments:
        return ChatVerdict(allowed=False, reason="attachment")
    if policy.mode == "no_numbers":
        bad = _forbidden(policy, content)
        if bad:
            return ChatVerdict(allowed=False, reason="number", detail=_describe(bad))
    return ALLOWED


def reaction_allowed(policy: ChatPolicy, emoji: str) -> bool:
    """CN-48: may this seat add the reaction `emoji` (unicode, `<:name:id>`, `name:id`)?"""
    if policy.mode == "silent":
        return False
    if policy.mode != "no_numbers":
        return True
    bare = _BARE_CUSTOM_EMOJI.match(emoji.strip())
    text = f":{bare.group(1)}:" if bare else emoji
    return not _forbidden(policy, text)
