"""Dead of Winter: a colony, a crisis each round, secret objectives and maybe a betrayer."""

from rules.dead_of_winter.game import GAME, DeadOfWinterGame

__all__ = ["GAME", "DeadOfWinterGame"]
