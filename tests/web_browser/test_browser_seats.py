"""Seats in the browser: hot-seat hand-over, reloading, the lobby's lists, refusals."""

from __future__ import annotations

import json
from typing import Any

import pytest
from browser_play import (
    bellum_step,
    create_in_lobby,
    first_action,
    first_setup_button,
    imperio_step,
    moves,
    wait_table,
)
from browser_server import Server, screenshot_dir

HUMAN = {"kind": "human"}
IMPERIO_VS_RANDOM = {
    "game": "imperio-bellum",
    "options": {"attacker": "0", "turn_limit": "3"},
    "seats": [HUMAN, {"kind": "ai", "agent": "random"}],
    "seed": 3,
}


@pytest.mark.browser
def test_hot_seat_hides_the_table_until_the_next_seat_is_ready(page: Any, server: Server) -> None:
    # Bellum hides each hand: a hand-over screen between the seats of one browser
    create_in_lobby(
        page, server.url, "bellum", ["human", "human"], options={"first": "0"}, hotseat=True
    )
    page.click("#play")
    assert wait_table(page) == "handover"
    first_name = page.inner_text("#handover h2").removeprefix("Pass the device to ")
    page.click("#handover button")
    assert wait_table(page) == "turn"
    first_seat = page.get_attribute("#table", "data-seat")
    for _ in range(60):  # play the first seat's turn until the turn passes
        if wait_table(page) == "handover":
            break
        bellum_step(page)
    else:
        pytest.fail("the turn never passed to the other seat")

    handover = page.locator("#handover")
    assert handover.is_visible()
    assert first_name not in handover.inner_text()
    assert "Seat" not in handover.inner_text()
    assert page.locator("#table").is_hidden()
    assert page.locator("#hand").count() == 0  # the previous hand is gone, not just covered
    assert page.locator("#actions button").count() == 0
    assert page.locator("#log > li").count() == 0  # its private draws too
    page.screenshot(path=str(screenshot_dir() / "hot-seat-handover.png"))

    page.click("#handover button")
    assert wait_table(page) == "turn"
    assert page.locator("#table").is_visible()
    assert page.get_attribute("#table", "data-seat") != first_seat


@pytest.mark.browser
def test_hot_seat_imperio_hides_nothing_so_needs_no_hand_over(page: Any, server: Server) -> None:
    create_in_lobby(
        page,
        server.url,
        "imperio-bellum",
        ["human", "human"],
        options={"attacker": "0"},
        hotseat=True,
    )
    page.click("#play")
    assert wait_table(page) == "turn"  # no hand-over screen, even on opening
    assert page.get_attribute("#table", "data-plugin") == "imperio-bellum"
    seats_seen = {page.get_attribute("#table", "data-seat")}
    for _ in range(40):
        assert wait_table(page) == "turn"
        seats_seen.add(page.get_attribute("#table", "data-seat"))
        if seats_seen == {"0", "1"}:
            break
        imperio_step(page)
    assert seats_seen == {"0", "1"}, "the table did not turn to the other seat by itself"
    assert page.locator("#handover").is_hidden()
    assert page.locator("#board .square").count() == 81


@pytest.mark.browser
def test_reloading_the_table_restores_the_same_view(page: Any, server: Server) -> None:
    answer = server.create_game(IMPERIO_VS_RANDOM)
    game_id = answer["game"]["id"]
    page.goto(server.url + answer["seats"][0]["link"])
    assert wait_table(page) == "turn"
    for _ in range(3):
        imperio_step(page)
        assert wait_table(page) == "turn"
    assert "token=" not in page.url  # the key moved into local storage
    before_moves, before_log = moves(page), page.locator("#log > li").count()
    assert before_log == before_moves

    page.reload()
    page.wait_for_selector("#board .square")
    assert wait_table(page) == "turn"
    assert moves(page) == before_moves
    assert page.locator("#log > li").count() == before_log
    assert page.get_attribute("#table", "data-seat") == "0"
    assert first_setup_button(page) is not None or page.locator("#actions button").count()

    page.goto(server.url + "/")
    row = page.locator(f"#games tr[data-game='{game_id}']")
    row.wait_for()
    assert row.locator("a.resume").count() == 1
    assert row.locator("a.watch").count() == 1


@pytest.mark.browser
def test_lobby_shows_the_servers_refusal(page: Any, server: Server) -> None:
    page.goto(server.url + "/")
    page.click(".game-box[data-game='imperio-bellum']")
    assert page.locator("select[data-option='attacker'] option").count() == 3  # a menu

    def tampered(route: Any) -> None:  # as if the page had sent what its menu does not offer
        body = json.loads(route.request.post_data)
        route.continue_(post_data=json.dumps({**body, "options": {"attacker": "7"}}))

    page.route("**/api/games", tampered)
    page.click("#create")
    error = page.locator("#create-error")  # next to the Create button
    error.wait_for()
    assert "attacker" in error.inner_text()
    assert page.locator("#created").is_hidden()
    assert page.locator("#create").is_enabled()


@pytest.mark.browser
def test_refused_action_shows_the_message_and_keeps_the_table(page: Any, server: Server) -> None:
    answer = server.create_game(IMPERIO_VS_RANDOM)
    page.goto(server.url + answer["seats"][0]["link"])
    assert wait_table(page) == "turn"
    before = moves(page)

    def stale(route: Any) -> None:  # as if another tab had moved first
        body = json.loads(route.request.post_data)
        route.continue_(post_data=json.dumps({**body, "moves": body["moves"] + 5}))

    page.route("**/actions", stale)
    first_action(page).click()
    error = page.locator("#error")
    error.wait_for()
    assert "move" in error.inner_text().lower()
    assert wait_table(page) == "turn"
    assert moves(page) == before
    assert page.locator("#board .square").count() == 81

    page.unroute("**/actions")
    first_action(page).click()
    page.wait_for_function(
        "(before) => Number(document.querySelector('#table').dataset.moves) > before", arg=before
    )
    error.wait_for(state="hidden")  # a successful action clears the message


@pytest.mark.browser
def test_the_lobby_offers_each_variants_options_as_menus(page: Any, server: Server) -> None:
    page.goto(server.url + "/")
    page.click(".game-box[data-game='bellum']")
    page.select_option("select[name=variant]", "teams")
    cities = page.locator("select[data-option='cities'] option")
    assert cities.count() == 7 and cities.first.inner_text() == "Drawn at random"
    assert page.locator("[data-option='difficulty']").count() == 0  # solo only
    limit = page.locator("input[data-option='turn_limit']")
    assert limit.get_attribute("type") == "number"
    assert (limit.get_attribute("min"), limit.get_attribute("max")) == ("0", "1000")
    assert limit.input_value() == "60"
    page.screenshot(path=str(screenshot_dir() / "lobby-options.png"), full_page=True)
    page.select_option("select[name=variant]", "solo-troy")
    assert page.locator("select[data-option='difficulty'] option").count() == 3
    assert page.locator("[data-option='cities']").count() == 0
