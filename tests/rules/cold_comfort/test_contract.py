"""The shared game contract, run for this game with every option set it declares."""

from __future__ import annotations

from rules.cold_comfort import GAME
from tests.rules.contract import ContractSuite


class TestColdComfortContract(ContractSuite):
    game = GAME
    option_sets = ({}, {"block_strength": "dice"}, {"turn_limit": 40})
