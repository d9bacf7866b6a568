"""Winter: two players build a frozen lake from 18 cards, then thaw it apart (spec `winter.md`)."""

from __future__ import annotations

from rules.winter.game import WinterGame

GAME = WinterGame()

__all__ = ["GAME", "WinterGame"]
