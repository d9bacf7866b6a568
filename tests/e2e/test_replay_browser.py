"""The replay file in a real browser (issue 35 §2): Debian's `chromium` and `chromium-driver`,
driven by Selenium, open the replay of a seeded, finished game of every game.

Each game is played to its end through the table service (members moved by the heuristic agent,
AI seats by the service), its stored log read back, and its file built as the end message builds
it (`bot.replays`, pictures by the games' own renderers). In one browser session for all five,
the test steps to the end and back (buttons, arrow keys, Home and End, the slider, "jump to
turn"), switches to every perspective, and checks what each step shows against the recorded log:
the move and who made it, the event lines that view was shown (the stored events), the board
text (the game's own `describe` of that view, replayed from the log) and that a picture loaded.
It fails on any console error.

No browser here: skipped, in one line. `SNOWBOUND_REQUIRE_BROWSER=1` (set by `.ci/run`): fails.
"""

from __future__ import annotations

import os
import random
import re
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import bot.replays
from bot.replays import build_table_replay
from bot.tables import Played, Player, TableService
from rules import GAMES
from rules.core import format_event
from rules.engine import Engine
from storage import MemoryStore
from storage.base import ActionRecord, Store, TableRecord

HUMANS = (Player(101, "Ana"), Player(102, "Bo_Ice"))  # "_" is escaped as the bot keeps names
SEEDS = {
    "coldest_night": "browser-cn",
    "tenth_night": "browser-tn",
    "winter": "browser-w",
    "cold_comfort": "browser-cc",
    "dead_of_winter": "browser-dw",
}
"""Each game's seed where not the generic `browser-<key>` (every registered game is played)."""


def seats_and_seed(key: str) -> tuple[int, str]:
    """(seats, seed) of the game's replayed table: three seats where the game allows them."""
    game = GAMES[key]
    return max(game.min_seats, min(3, game.max_seats)), SEEDS.get(key, f"browser-{key}")


MAX_MOVES = 3_000


def browser_paths() -> tuple[str, str] | None:
    found = [shutil.which(n) for n in ("chromium", "chromium-browser", "google-chrome")]
    binary = next((path for path in found if path), None)
    driver = shutil.which("chromedriver") or (
        "/usr/lib/chromium/chromedriver"
        if Path("/usr/lib/chromium/chromedriver").exists()
        else None
    )
    return (binary, driver) if binary and driver else None


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    required = os.environ.get("SNOWBOUND_REQUIRE_BROWSER") == "1"
    paths = browser_paths()
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        paths = None
    if paths is None:
        reason = "no chromium and chromedriver (or selenium) here to open the replay in"
        if required:
            pytest.fail(f"SNOWBOUND_REQUIRE_BROWSER=1 but {reason}")
        pytest.skip(reason)
    options = webdriver.ChromeOptions()
    options.binary_location = paths[0]
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--no-first-run"):
        options.add_argument(argument)
    options.add_argument("--window-size=1280,900")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(paths[1]), options=options)
    try:
        yield driver
    finally:
        driver.quit()


@dataclass
class Finished:
    table: TableRecord
    actions: list[ActionRecord]


async def play_to_the_end(key: str, store: Store | None = None) -> Finished:
    """A seeded game of `key` through the service (in `store`, else in memory): two members
    (their moves chosen by the heuristic agent, typed as their labels) and AI seats for the
    rest."""
    seats, seed = seats_and_seed(key)
    store = store or MemoryStore()
    await store.connect()
    now = [1_000.0]
    service = TableService(store, clock=lambda: now[0], new_seed=lambda: seed)
    game = GAMES[key]
    table = await service.open(key, HUMANS[0])
    table = await service.join(table.id, HUMANS[1])
    for _ in range(seats - 2):
        table = await service.add_agent(table.id, HUMANS[0].user_id, "heuristic")
    played = await service.start(table.id, HUMANS[0].user_id)
    rng = random.Random(seed)
    agents = {seat: game.agents["heuristic"]() for seat in range(seats)}
    for _ in range(MAX_MOVES):
        table = played.table
        if table.status != "active":
            break
        waiting = [s for s in service.waiting_for(table) if table.seats[s].user_id is not None]
        if not waiting:  # only the game's own clock is left to move
            now[0] += 10_000
            await service.tick(now[0])
            played = Played(table=await store.get_table(table.id))
            continue
        seat = rng.choice(waiting)
        state = service.state(table)
        legal = service.engine(table).legal(state, seat)
        choice = agents[seat].choose(game.observe(state, seat), legal, random.Random(rng.random()))
        typed = service.labels(table, seat)[list(legal).index(choice)]
        user = table.seats[seat].user_id
        assert user is not None
        played = await service.act(table.id, user, typed)
    table = await store.get_table(played.table.id)
    assert table.status == "finished", f"{key} did not end"
    actions = list(await store.actions(table.id))
    await store.close()
    return Finished(table, actions)


def shown(text: str) -> str:
    """A line as the file's script shows it (its `marked`, read back as text): Markdown's escapes
    held, then **bold**, __underline__ and `code` marks dropped, the escapes undone."""
    kept: list[str] = []

    def hold(match: re.Match[str]) -> str:
        kept.append(match.group(1))
        return f"\x00{len(kept) - 1}\x00"

    held = re.sub(r"\\([\\*_~`|#\-\[\]()<>])", hold, text)
    held = re.sub(r"\*\*(.+?)\*\*", r"\1", held)
    held = re.sub(r"__(.+?)__", r"\1", held)
    held = re.sub(r"`([^`]+)`", r"\1", held)
    return re.sub("\x00(\\d+)\x00", lambda m: kept[int(m.group(1))], held)


def board(text: str) -> str:
    return "\n".join(shown(line) for line in text.split("\n") if line.strip() != "```")


def plain_move(text: str) -> str:
    return re.sub(r"\\([\\*_~`|#\-\[\]()<>])", r"\1", re.sub(r"(?<!\\)(\*\*|__|`)", "", text))


# one call walks every step in the page, through the file's own buttons, and reads what it shows
WALK = """
const [button, count] = arguments;
const read = () => ({
  step: Number(document.body.dataset.step),
  where: document.getElementById("where").textContent,
  move: document.getElementById("move").textContent,
  events: [...document.querySelectorAll("#events li:not(.none)")].map((li) => li.textContent),
  picture: (() => {
    const img = document.getElementById("picture");
    return !img.hidden && img.src.startsWith("data:image/");
  })(),
});
const seen = [read()];
for (let i = 0; i < count; i++) {
  document.getElementById(button).click();
  seen.push(read());
}
return seen;
"""

# every picture the file holds, decoded by the browser: how many have a size
DECODE = """
const done = arguments[arguments.length - 1];
const data = JSON.parse(document.getElementById("data").textContent);
Promise.all(data.pics.map((src) => {
  const img = new Image();
  img.src = src;
  return img.decode().then(() => img.naturalWidth > 0, () => false);
})).then((ok) => done([ok.filter(Boolean).length, data.pics.length]));
"""


def view_keys(finished: Finished) -> list[tuple[str, int | None]]:
    seats = len(finished.table.seats)
    return [("public", None), *((f"s{s}", s) for s in range(seats)), ("all", None)]


def expected_events(
    entry: ActionRecord, view: str, seat: int | None, names: list[str]
) -> list[str]:
    out = []
    for event in entry.events or ():
        seen = event.get("visible_to")
        text = shown(format_event(event["text"], names))
        if seen is None:
            out.append(text)
        elif view == "all":
            who = [plain_move(names[s]) for s in sorted(seen)]
            listed = ", ".join(who[:-1]) + " and " + who[-1] if len(who) > 1 else who[0]
            out.append(f"{text} (shown only to {listed})")
        elif seat is not None and seat in seen:
            out.append(text)
    return out


def check_game(driver: Any, finished: Finished, path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select

    table, actions = finished.table, finished.actions
    game = GAMES[table.game]
    names = [seat.name for seat in table.seats]
    last = len(actions)
    driver.get(path.as_uri())
    assert driver.find_element(By.ID, "where").text == "Set-up"
    views = view_keys(finished)
    menu = Select(driver.find_element(By.ID, "view"))
    assert menu.options[0].text.startswith("Public view")
    assert len(menu.options) == len(views)
    if game.picture:
        decoded, held = driver.execute_async_script(DECODE)
        assert decoded == held > 0, f"{table.game}: {held - decoded} pictures do not load"
    engine = Engine(game)
    log = [(a.seat, a.action) for a in actions]
    samples = {0, last // 2, last}
    for index, (view, seat) in enumerate(views):
        menu.select_by_index(index)
        driver.find_element(By.ID, "first").click()
        forward = driver.execute_script(WALK, "next", last)
        back = driver.execute_script(WALK, "prev", last)
        assert [s["step"] for s in forward] == list(range(last + 1))
        assert [s["step"] for s in back] == list(range(last, -1, -1))
        assert back == list(reversed(forward)), f"{table.game}: back shows what forward showed"
        for step, entry in zip(forward[1:], actions, strict=True):
            assert step["where"].startswith(f"Move {entry.ply} of {last}")
            mover = plain_move(names[entry.seat]) if entry.seat >= 0 else "The game"
            assert step["move"].startswith(f"{mover}: "), (table.game, step)
            assert step["events"] == expected_events(entry, view, seat, names), (
                f"{table.game}, view {view}, move {entry.ply}"
            )
        if game.picture:
            assert all(s["picture"] for s in forward), f"{table.game}: a step without a picture"
        for ply in samples:
            driver.execute_script(
                "const s = document.getElementById('slider'); s.value = arguments[0];"
                "s.dispatchEvent(new Event('input'));",
                ply,
            )
            state = engine.replay(len(names), table.options, table.seed, log[:ply])
            if view != "all":
                want = board(format_event(game.text.describe(game.observe(state, seat)), names))
                got = driver.find_element(By.ID, "board").get_attribute("textContent")
                assert got == want, f"{table.game}, view {view}, board after move {ply}"
    # the everything view at the end: every seat's own lines, under its name
    menu.select_by_index(len(views) - 1)
    body = driver.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.END)
    assert driver.find_element(By.ID, "where").text.startswith(f"Move {last} of {last}")
    everything = driver.find_element(By.ID, "board").get_attribute("textContent")
    public_text = game.text.describe(
        game.observe(engine.replay(len(names), table.options, table.seed, log), None)
    )
    assert everything.startswith(board(format_event(public_text, names)))
    assert driver.find_element(By.ID, "summary").text  # who won, at the end
    if table.game == "dead_of_winter":
        assert "Hidden until the end" in everything and "objective" in everything
    # the keys and the jump box
    body.send_keys(Keys.HOME)
    assert driver.find_element(By.ID, "where").text == "Set-up"
    body.send_keys(Keys.ARROW_RIGHT, Keys.ARROW_RIGHT)
    assert driver.find_element(By.ID, "where").text.startswith("Move 2 of")
    body.send_keys(Keys.ARROW_LEFT)
    assert driver.find_element(By.ID, "where").text.startswith("Move 1 of")
    turns = int(driver.find_element(By.ID, "turn").get_attribute("max"))
    box = driver.find_element(By.ID, "turn")
    box.clear()
    box.send_keys(str(turns), Keys.ENTER)
    assert f"turn {turns} of {turns}" in driver.find_element(By.ID, "where").text
    errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
    assert not errors, f"{table.game}: console errors {errors}"


async def test_a_replay_of_every_game_steps_through_every_move_and_view_in_a_real_browser(
    browser: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # fewer pictures than a real end message draws, to keep the test short; each step still
    # shows one (the last drawn), which is what the test checks
    monkeypatch.setattr(bot.replays, "BUILD_SECONDS", 0.3)
    monkeypatch.setattr(bot.replays, "MIN_PICTURES", 4)
    import cogs.games

    for key in GAMES:
        finished = await play_to_the_end(key)
        names = tuple(seat.name for seat in finished.table.seats)
        render = cogs.games.PICTURES.get(key)
        draw = None if render is None else lambda o, r=render, n=names: r(o, names=n)
        content = build_table_replay(finished.table, finished.actions, GAMES[key], draw)
        assert len(content) < bot.replays.LIMIT
        path = tmp_path / f"{key}-{finished.table.id}.html"
        path.write_bytes(content)
        check_game(browser, finished, path)
