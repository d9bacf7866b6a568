"""`python -m bot`: see `bot.cli`."""

from __future__ import annotations

import sys

from bot.cli import main as _main


def main() -> int:
    return _main(sys.argv[1:])


if __name__ == "__main__":
    raise SystemExit(main())
