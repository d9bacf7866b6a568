"""The shared game contract, run for this game with every option set it declares."""

from __future__ import annotations

from rules.coldest_night import GAME
from tests.rules.contract import ContractSuite


class TestColdestNightContract(ContractSuite):
    game = GAME
    option_sets = ({},)
