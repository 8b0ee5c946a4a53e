"""The opponent's last turn: when it is your turn again, a summary and a step-through."""

from __future__ import annotations

from typing import Any

import pytest
from browser_play import bellum_step, create_in_lobby, imperio_step, wait_table
from browser_server import Server, screenshot_dir

CASES = {
    "imperio": ("imperio-bellum", {"attacker": "0"}, imperio_step, "#board"),
    "bellum": ("bellum", {"first": "0"}, bellum_step, ".bellum"),
}
MAX_CLICKS = 200


@pytest.mark.browser
@pytest.mark.parametrize("name", ["imperio", "bellum"])
def test_the_last_turn_is_summed_up_and_stepped_through(
    page: Any, server: Server, name: str
) -> None:
    game, options, step, drawn = CASES[name]
    create_in_lobby(page, server.url, game, ["human", "random"], options=options, seed=4)
    page.click("#play")
    page.wait_for_selector(drawn)
    for _ in range(MAX_CLICKS):
        state = wait_table(page)
        assert state != "over"
        if state == "turn" and page.locator("#last-turn").is_visible():
            break
        step(page)
    else:
        pytest.fail("the AI never moved before this seat's turn")
    count = int(page.get_attribute("#last-turn", "data-count"))
    assert count >= 1
    assert page.locator("#last-turn .last-turn-entries > li").count() == count
    assert f"{count} move" in page.inner_text(".last-turn-summary")
    # every listed move is the other seat's, and the newest log line is one of them
    seats = page.locator("#last-turn .last-turn-entries > li").evaluate_all(
        "lines => lines.map(line => line.dataset.seat)"
    )
    assert set(seats) == {"1"}
    page.screenshot(path=str(screenshot_dir() / f"lastturn-{name}.png"))
    page.click("#last-turn-start")
    first = page.locator("#last-turn .last-turn-entries > li").first.get_attribute("data-move")
    page.wait_for_function(
        "(m) => document.querySelector('#drawing').dataset.past === m", arg=first
    )
    assert "1 of" in page.inner_text("#last-turn-where")
    assert page.locator("#drawing .actionable").count() == 0  # the past cannot be played
    if count > 1:
        page.click("#last-turn-forward")
        page.wait_for_function(
            "(m) => document.querySelector('#drawing').dataset.past !== m", arg=first
        )
    page.screenshot(path=str(screenshot_dir() / f"lastturn-{name}-step.png"))
    page.click("#last-turn-now")
    page.wait_for_function("() => !('past' in document.querySelector('#drawing').dataset)")
    assert page.locator("#actions button.action").count() > 0


@pytest.mark.browser
def test_a_picked_piece_and_its_move_are_one_move_of_the_last_turn(
    page: Any, server: Server
) -> None:
    page.goto(server.url)
    moves = page.evaluate(
        """async () => {
          const { sinceLastAction } = await import("/static/js/kit/lastturn.js");
          const log = [
            { move: 1, seat: 0, text: "Knight c3 → c5" },
            { move: 2, seat: 1, text: "Knight b8", selection: true },
            { move: 3, seat: 1, text: "Knight b8 → c7" },
            { move: 4, seat: 1, text: "Pikeman d8", selection: true },
          ];
          return sinceLastAction(log, 0).map((entry) => entry.move);
        }"""
    )
    # the pick at move 2 is folded into its move; a pick with nothing after it still shows
    assert moves == [3, 4]
