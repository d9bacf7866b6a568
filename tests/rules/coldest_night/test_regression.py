"""Regression baseline: 100 seeded random-agent games of The Coldest Night play exactly as
before the move to the house layout and the generic working copy (`rules.draft`).

`BASELINE` was recorded from main before that change (commit 9ef846f): per game the seats, the
winners, the end reason, the number of moves, and digests of the final state's JSON and of every
event (text, audience, kind) in order. A behaviour change anywhere in the rules shows up here; a
deliberate one means recording the table again, in the same commit, saying why.
"""

from __future__ import annotations

import hashlib

from rules.coldest_night import GAME
from rules.engine import Engine
from rules.playout import next_actor

# (seats, winners, reason, plies, final state digest, events digest) for seed "regression/<n>"
BASELINE: tuple[tuple[int, tuple[int, ...], str, int, str, str], ...] = (
    (1, (), "fire_out", 33, "b9efd1fa2051", "adf9513fe3b3"),
    (2, (), "fire_out", 28, "d0b44e5670a5", "6e55e70fa8a9"),
    (3, (), "fire_out", 10, "ba2ca061c76e", "9d23f71dcd25"),
    (1, (), "fire_out", 36, "e5a8fdccc530", "f1ad798a2a31"),
    (2, (), "fire_out", 22, "4306ea989bd4", "0106bc1ebecb"),
    (3, (), "fire_out", 49, "d353f04bafb3", "fd91e9a139ac"),
    (1, (), "fire_out", 22, "78355c944d0b", "c4ae2c32041d"),
    (2, (), "fire_out", 21, "4f1f4156676d", "8a78c5578bc9"),
    (3, (), "fire_out", 31, "f84d621c130d", "72ff72212bcc"),
    (1, (), "fire_out", 19, "6f3dfb4c2e3f", "bee9add8c8a6"),
    (2, (), "fire_out", 30, "d7900c729355", "3ed47d86f700"),
    (3, (), "fire_out", 18, "9ceccd1575da", "202010ea8bc8"),
    (1, (), "fire_out", 21, "fb085a35e397", "6bd798a41dcf"),
    (2, (), "frostbite", 61, "6740c61d95f8", "c89bbaba9fb3"),
    (3, (), "fire_out", 24, "4cf0ed8d5239", "da6ffc2a5ec0"),
    (1, (), "fire_out", 28, "7247b9ccc6fe", "27197d23bd10"),
    (2, (), "fire_out", 10, "704bed14ed52", "98821d57e689"),
    (3, (), "fire_out", 24, "bdf27d8e8d10", "3267f8058d0b"),
    (1, (), "fire_out", 20, "c1949d8413d7", "dfb99fd92443"),
    (2, (), "fire_out", 26, "977468042c20", "edd191a2ba4a"),
    (3, (), "fire_out", 31, "3d7eb03ffeb5", "ef6388ecc151"),
    (1, (), "fire_out", 25, "645e95a9932a", "08671a9fca94"),
    (2, (), "fire_out", 40, "ea03088bed39", "a6b67a219975"),
    (3, (), "fire_out", 29, "5fe122091f3b", "2d52a0440680"),
    (1, (), "frostbite", 38, "5da4b4e5ed22", "d09a6456297c"),
    (2, (), "fire_out", 37, "c5e48de4bcaf", "b6b344625d44"),
    (3, (), "fire_out", 26, "0cfbc7c1487d", "3ce9f2fe0406"),
    (1, (), "fire_out", 28, "e4fd40ac99d9", "e2f37201e230"),
    (2, (), "fire_out", 35, "dce97f4115a4", "c689815ba32f"),
    (3, (), "fire_out", 23, "6b31bcf0d05b", "13a232983936"),
    (1, (), "fire_out", 20, "15a2c49ad687", "ab32d8d33e7d"),
    (2, (), "fire_out", 49, "4328fabfc13a", "aab2e56a2ff0"),
    (3, (), "fire_out", 29, "ec0174d1c296", "a1d0335024cf"),
    (1, (), "fire_out", 30, "0e29e9c118fe", "f1e381ca4364"),
    (2, (), "fire_out", 15, "b9912b8951f5", "155957b5cbe7"),
    (3, (), "fire_out", 43, "e4444fc44a7f", "e565b0ba931e"),
    (1, (), "fire_out", 18, "e3836096cec4", "dd17803d9ab8"),
    (2, (), "fire_out", 43, "b3d8de662b2e", "122e711af52d"),
    (3, (), "fire_out", 25, "a30327ac7392", "6772b52aa02a"),
    (1, (), "fire_out", 8, "77569bdc2fa9", "03356f4c4c82"),
    (2, (), "fire_out", 17, "b527146baf1a", "e16be3704d31"),
    (3, (), "fire_out", 61, "66b12c61902b", "bcb74aac80b4"),
    (1, (), "fire_out", 15, "53185786359f", "7c1d4770be2b"),
    (2, (), "fire_out", 23, "03f9ed512231", "a6c8925ec353"),
    (3, (), "fire_out", 42, "a2f49f44a363", "d967f6ce86e0"),
    (1, (), "fire_out", 17, "c4b3d2b6dd68", "60e8b7d6eb5f"),
    (2, (), "fire_out", 45, "16cf8ad0bf6d", "9104bf33e7cc"),
    (3, (), "fire_out", 23, "7d9b229088d9", "bf1147a7e8ee"),
    (1, (), "fire_out", 43, "a08c2ccc3916", "aa0f1d32e7c3"),
    (2, (), "fire_out", 17, "e1d2c64b8fae", "734c2a1bd533"),
    (3, (), "frostbite", 52, "eb0c2af804a8", "8a8c1607673d"),
    (1, (), "fire_out", 41, "056642fda3d6", "3592097ba11d"),
    (2, (), "fire_out", 30, "f32885893634", "9f09fd168322"),
    (3, (), "fire_out", 28, "14311c036c0a", "86e3c582956a"),
    (1, (), "fire_out", 5, "d9c39289aab4", "c74e81e9ddc3"),
    (2, (), "fire_out", 53, "4ddfcb7afed4", "21113b8b8e40"),
    (3, (), "fire_out", 13, "ee9b8791562e", "d6237d504bfc"),
    (1, (), "fire_out", 46, "f94e3696d353", "b61631cc344f"),
    (2, (), "fire_out", 60, "1ecca8639f18", "c3f21bf2c1ac"),
    (3, (), "fire_out", 24, "1b3a81f2c644", "a8b458384ba4"),
    (1, (), "fire_out", 32, "5a558591aaaa", "b3b009696d62"),
    (2, (), "fire_out", 10, "caf92647e7a8", "1981a58be7eb"),
    (3, (), "fire_out", 9, "8d6192a7ad10", "1a2a24424c42"),
    (1, (), "fire_out", 9, "a6188b662a15", "2e9456eef230"),
    (2, (), "fire_out", 13, "578399ac0fe9", "bc5827eda02b"),
    (3, (), "fire_out", 26, "585254575ae7", "d994d98004da"),
    (1, (), "fire_out", 29, "3789707d013f", "4ceff4779663"),
    (2, (), "fire_out", 26, "43e086514e7f", "efc246b7bf12"),
    (3, (), "fire_out", 23, "28b25d67b88f", "351aa2d9239a"),
    (1, (), "fire_out", 30, "3959fb038f7d", "b7d93173bfb1"),
    (2, (), "frostbite", 53, "3fcac624c2a6", "37cb43cafeed"),
    (3, (), "fire_out", 27, "843c9718a5a7", "4202343968dd"),
    (1, (), "frostbite", 18, "173b2adcba08", "4ce7a5917971"),
    (2, (), "frostbite", 72, "af66e8577b44", "88d8531c8299"),
    (3, (), "frostbite", 67, "4e8aa9bff7a1", "a5bf8534e5fa"),
    (1, (), "fire_out", 20, "d2b94258ec2e", "a0be86a1c3fc"),
    (2, (), "fire_out", 40, "c623fd5528ff", "f6a8f3dc71ac"),
    (3, (), "fire_out", 26, "3e6cbfe1b62d", "82aec6522501"),
    (1, (), "fire_out", 34, "fdc705a4abca", "7ddfe693b134"),
    (2, (), "fire_out", 60, "1f6f80d18335", "d7a637088c69"),
    (3, (), "fire_out", 27, "3bc86357c03f", "656af252f666"),
    (1, (), "frostbite", 15, "737dda1ee81d", "924fc57acd96"),
    (2, (), "fire_out", 44, "2e348e913f5b", "63d8fa9aa191"),
    (3, (), "fire_out", 20, "877afceae521", "9a6f35992553"),
    (1, (), "fire_out", 20, "49b2b1840ca7", "924b35d61a52"),
    (2, (), "fire_out", 38, "f0c21955bf75", "91430984256b"),
    (3, (), "fire_out", 21, "7214edd06dd0", "0f8ce489ef8f"),
    (1, (), "fire_out", 20, "6419aef333f1", "e2a165e85372"),
    (2, (), "fire_out", 26, "313bcc5f4643", "9f0a7c4cd086"),
    (3, (), "fire_out", 24, "374e4c7fed81", "51a96fcb203a"),
    (1, (), "fire_out", 41, "5c48a8d0f737", "083dc7c1ff3e"),
    (2, (), "fire_out", 26, "bdfc6648821d", "82db80272e93"),
    (3, (), "fire_out", 29, "9f299460cdb7", "f8795c1e9b79"),
    (1, (), "fire_out", 9, "9a7cce259ab6", "26c046f38456"),
    (2, (), "fire_out", 21, "95df00538b4b", "bc7b3f9b59b6"),
    (3, (), "fire_out", 55, "1b4b042e092d", "66a6bd9a968b"),
    (1, (), "fire_out", 13, "93111ff7b450", "e915ac2d3c28"),
    (2, (), "frostbite", 43, "55cd036f8752", "b471151018fd"),
    (3, (), "fire_out", 31, "34bdde51ecb3", "131fec67b354"),
    (1, (), "fire_out", 20, "8d82e82642de", "1366ca72a3f9"),
)


def _play(seats: int, seed: str) -> tuple[int, tuple[int, ...], str, int, str, str]:
    """One all-random game, move for move as `rules.playout.play_out` (what `simulate` runs)
    plays it, hashing every event on the way."""
    engine = Engine(GAME)
    agents = [GAME.agents["random"]() for _ in range(seats)]
    step = engine.start(seats, None, seed)
    events = hashlib.sha256()
    plies = 0
    while True:
        for e in step.events:
            seen = sorted(e.visible_to) if e.visible_to is not None else None
            events.update(repr((e.text, seen, e.kind)).encode())
        state = step.state
        outcome = GAME.outcome(state)
        if outcome is not None:
            break
        seat = next_actor(GAME, state)
        assert seat is not None and plies < 50_000
        plies += 1
        action = agents[seat].choose(
            GAME.observe(state, seat),
            GAME.legal_actions(state, seat),
            engine.agent_rng(seed, plies, seat),
        )
        step = engine.act(state, seat, action, seed=seed, ply=plies)
    final = hashlib.sha256(state.model_dump_json().encode()).hexdigest()[:12]
    winners = tuple(sorted(outcome.winners))
    return seats, winners, outcome.reason, plies, final, events.hexdigest()[:12]


def test_one_hundred_seeded_random_games_end_exactly_as_recorded_before_the_layout_change() -> None:
    assert len(BASELINE) == 100
    for n, expected in enumerate(BASELINE):
        assert _play(expected[0], f"regression/{n}") == expected, f"seed regression/{n}"
