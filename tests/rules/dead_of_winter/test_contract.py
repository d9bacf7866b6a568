"""The shared game contract, run for Dead of Winter with every mode and variant it declares."""

from __future__ import annotations

from rules.dead_of_winter import GAME
from tests.rules.contract import ContractSuite


class TestDeadOfWinterContract(ContractSuite):
    game = GAME
    option_sets = (
        {},
        {"mode": "coop"},
        {"mode": "standard", "hardcore": True},
        {"mode": "standard", "secret_deal": "betrayer"},
        {"mode": "standard", "secret_deal": "no_betrayer"},
        {"mode": "standard", "player_elimination": True},
        {"mode": "prisoners_dilemma"},
        {"long_night": True},
    )
    seeds = range(3)
