"""The Coldest Night: keep one shared fire alive together (spec: games/coldest-night.md)."""

from rules.coldest_night.game import GAME, ColdestNight

__all__ = ["GAME", "ColdestNight"]
