"""The shared game contract, run for this game with every option set it declares."""

from __future__ import annotations

from rules.tenth_night import GAME
from tests.rules.contract import ContractSuite


class TestTenthNightContract(ContractSuite):
    game = GAME
    option_sets = (
        {},
        {"record_mode": True},
        {"attack_schedule": "harsh"},
        {"day_seconds": 60, "defence_seconds": 30},
    )
