"""Every registered game runs the shared contract suite (`tests/rules/contract.py`), with its
default options and every variant it declares: no game needs a contract file of its own."""

from __future__ import annotations

from rules import GAMES
from tests.rules.contract import suite_for

for _key, _game in sorted(GAMES.items()):
    _suite = suite_for(_game)
    globals()[_suite.__name__] = _suite
del _key, _game, _suite
