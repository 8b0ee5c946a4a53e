"""Bellum in the browser: several turns against the greedy AI, played by clicking cards."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from browser_play import bellum_step, create_in_lobby, wait_table
from browser_server import Server, screenshot_dir

ROUNDS = 3
MAX_CLICKS = 300


def current_round(page: Any) -> int:
    return int(page.get_attribute(".bellum", "data-round"))


@pytest.mark.browser
def test_bellum_turns_played_by_clicking_cards(page: Any, server: Server) -> None:
    create_in_lobby(page, server.url, "bellum", ["human", "greedy"], options={"first": "0"}, seed=5)
    page.click("#play")
    page.wait_for_selector(".bellum")
    wait_table(page)
    first_round = current_round(page)

    clicks: Counter[str] = Counter()
    saw_hand = 0
    for _ in range(MAX_CLICKS):
        state = wait_table(page)
        if state == "over" or current_round(page) >= first_round + ROUNDS:
            break
        saw_hand = max(saw_hand, page.locator("#hand .card[data-card]").count())
        if clicks["card"] == 3:
            page.screenshot(path=str(screenshot_dir() / "bellum-table.png"))
        clicks[bellum_step(page)] += 1
    else:
        pytest.fail(f"{ROUNDS} rounds did not pass in {MAX_CLICKS} clicks: {dict(clicks)}")

    assert clicks["card"] > 0, clicks
    assert saw_hand > 0, "the hand was never drawn as cards"
    assert current_round(page) >= first_round + 2
    # every seat's cards, the cities and Olympus are drawn
    assert page.locator(".city .district").count() == 8
    assert page.locator(".olympus .stack").count() == 4
    assert page.locator(".player.other").count() == 1
    assert page.locator("#log > li").count() > 0
