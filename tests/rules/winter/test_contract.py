"""The shared game contract, run for this game with every option set it declares."""

from __future__ import annotations

from rules.winter import GAME
from tests.rules.contract import ContractSuite


class TestWinterContract(ContractSuite):
    game = GAME
    option_sets = ({}, {"max_thaw_turns": 50})
