"""Imperio Bellum in the browser: created in the lobby and played to its end only by clicking."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from browser_play import create_in_lobby, imperio_step, wait_table
from browser_server import Server, screenshot_dir

import bellica

MAX_CLICKS = 600
TURN_LIMIT = 2  # rounds: then the house rule settles the game


@pytest.mark.browser
def test_imperio_game_played_to_the_end_by_clicking(page: Any, server: Server) -> None:
    create_in_lobby(
        page,
        server.url,
        "imperio-bellum",
        ["human", "greedy"],
        options={"attacker": "0", "turn_limit": str(TURN_LIMIT)},
        seed=11,
    )
    page.click("#play")
    page.wait_for_selector("#board .square[data-square=e4]")
    assert page.locator("#board .square").count() == 81
    assert "attacker\nyou" in page.inner_text("#facts table.sides")
    assert "AI · Greedy" in page.inner_text("#facts table.sides")

    clicks: Counter[str] = Counter()
    shot_mid_game = False
    for _ in range(MAX_CLICKS):
        if wait_table(page) == "over":
            break
        if not shot_mid_game and page.locator("#board .square.target").count():
            page.screenshot(path=str(screenshot_dir() / "imperio-mid-game.png"))
            shot_mid_game = True
        clicks[imperio_step(page)] += 1
    else:
        pytest.fail(f"the game did not end in {MAX_CLICKS} clicks: {dict(clicks)}")

    assert clicks["target"] > 0 and clicks["square"] > 0, clicks
    outcome = page.locator("#outcome")
    assert outcome.is_visible()
    assert page.inner_text("#outcome .outcome-text").strip()
    assert page.locator("#turn").inner_text() == "Game over"
    assert page.locator("#actions button").count() == 0
    assert page.inner_text("#outcome-headline").strip()
    assert int(page.get_attribute("#log", "data-count")) == int(
        page.get_attribute("#table", "data-moves")
    )
    page.screenshot(path=str(screenshot_dir() / "imperio-end.png"))

    href = page.get_attribute("#download", "href")
    record = page.request.get(server.url + href)
    assert record.ok, record.text()
    data = record.json()
    assert data["format"] == "bellica-record/1"
    assert data["game"] == "imperio-bellum"
    # The end screen gives the engine's own reason: with a turn limit of two rounds this game
    # is settled by the house rule, and the page says so.
    final = bellica.replay(bellica.Record.from_json(data))
    reason = final.outcome().reason
    assert reason in page.inner_text("#outcome .outcome-text")
    assert final.round > TURN_LIMIT, reason
    assert "decided by the house turn limit" in page.inner_text("#outcome .outcome-text")
