"""Database URLs as people may read them: the password masked, for every message and log line."""

from __future__ import annotations

import re

_PASSWORD_PARAM = re.compile(r"(?i)([?&]password=)[^&#]*")


def redact_url(url: str) -> str:
    """`url` with its password masked (`postgresql://bot:***@db/x`), for every message and log line.

    The password is whatever follows the user name up to the last `@` before the query (so a
    password holding `@` or `/` is masked whole), and any `password=` query parameter."""
    scheme, sep, rest = url.partition("://")
    if sep:
        query = rest.find("?")
        head = rest if query < 0 else rest[:query]
        # the last `@` before the query; else a password holding `?` (over-masking beats a leak)
        at = head.rfind("@") if "@" in head else rest.find("@")
        userinfo = rest[:at] if at >= 0 else ""
        if ":" in userinfo:
            rest = userinfo.partition(":")[0] + ":***" + rest[at:]
        url = f"{scheme}://{rest}"
    return _PASSWORD_PARAM.sub(r"\1***", url)
