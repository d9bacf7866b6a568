"""Every registered game runs the shared contract suite (`tests/rules/contract.py`)."""

from __future__ import annotations

import importlib

import pytest

from rules import GAMES
from tests.rules.contract import ContractSuite


@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_registered_game_runs_the_contract_suite(key: str) -> None:
    module = importlib.import_module(f"tests.rules.{key}.test_contract")
    suites = [
        value
        for value in vars(module).values()
        if isinstance(value, type)
        and issubclass(value, ContractSuite)
        and value is not ContractSuite
    ]
    assert [suite.game.key for suite in suites] == [key]
