"""The lobby in a real browser: game boxes, menus from typed options, seats, seeds, results."""

from __future__ import annotations

import json
import time
import urllib.request
from typing import Any

import pytest
from browser_play import create_in_lobby
from browser_server import Server, screenshot_dir

PHONE = {"width": 390, "height": 844}
SMALL = {"width": 1024, "height": 700}


def get(server: Server, path: str) -> Any:
    with urllib.request.urlopen(server.url + path, timeout=10) as answer:
        return json.load(answer)


def open_game(page: Any, server: Server, game: str) -> None:
    page.goto(server.url + "/")
    page.click(f".game-box[data-game='{game}']")
    page.wait_for_selector("#setup:not([hidden]) #create")


def defend_first(page: Any) -> None:
    """Imperio Bellum with the human seat 0 defending, so it sets up first: the AI seat then
    waits, and the browser tests' one shared AI worker stays free for the other tests."""
    page.select_option("[data-option=attacker]", "1")


def wait_over(server: Server, game_id: str) -> dict[str, Any]:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        for game in get(server, "/api/games"):
            if game["id"] == game_id and game["status"] == "over":
                found: dict[str, Any] = game
                return found
        time.sleep(0.1)
    raise AssertionError(f"game {game_id} did not end")


@pytest.mark.browser
def test_each_game_is_a_box_with_its_picture_and_description(page: Any, server: Server) -> None:
    page.goto(server.url + "/")
    boxes = page.locator(".game-box")
    boxes.first.wait_for()
    assert boxes.count() == len(get(server, "/api/catalog")["games"])
    bellum = page.locator(".game-box[data-game='bellum']")
    assert "Bellum" in bellum.inner_text() and "deck-builder" in bellum.inner_text().lower()
    picture = bellum.locator("img")
    assert picture.get_attribute("src") == "/static/games/bellum/box.svg"
    page.wait_for_function(
        "() => [...document.querySelectorAll('.game-box img')].every(i => i.complete"
        " && i.naturalWidth > 0)"
    )
    assert page.locator("#setup").is_hidden()  # nothing to set up before a game is chosen
    bellum.click()
    assert bellum.get_attribute("aria-pressed") == "true"
    assert page.locator("#setup h2").inner_text() == "Bellum"


@pytest.mark.browser
def test_a_game_without_a_picture_shows_the_generic_one(page: Any, server: Server) -> None:
    page.route("**/static/games/imperio-bellum/box.svg", lambda route: route.fulfill(status=404))
    page.goto(server.url + "/")
    picture = page.locator(".game-box[data-game='imperio-bellum'] img")
    picture.wait_for()
    page.wait_for_function(
        "() => document.querySelector(\".game-box[data-game='imperio-bellum'] img\")"
        ".src.endsWith('/static/games/box.svg')"
    )
    page.wait_for_function(
        "() => document.querySelector(\".game-box[data-game='imperio-bellum'] img\")"
        ".naturalWidth > 0"
    )
    assert picture.is_visible()


@pytest.mark.browser
def test_menus_follow_the_chosen_variant(page: Any, server: Server) -> None:
    open_game(page, server, "bellum")
    # two cities: no player count to choose, the options of a two-city game, each as a menu
    assert page.locator("select[name=players]").is_hidden()
    assert page.locator("[data-option=cities]").evaluate("e => e.tagName") == "SELECT"
    assert page.locator("[data-option=difficulty]").count() == 0
    turn_limit = page.locator("[data-option=turn_limit]")
    assert turn_limit.get_attribute("type") == "number"
    assert (turn_limit.get_attribute("min"), turn_limit.get_attribute("max")) == ("0", "1000")
    assert "Athens against Sparta" in page.locator("[data-option=cities]").inner_text()
    # each description once, as help text
    options_text = page.inner_text("#options").lower()
    assert options_text.count("which team plays first") == 1
    assert page.locator(".seat-row").count() == 2

    page.select_option("select[name=variant]", "solo-troy")
    scenario = page.inner_text("#scenario")
    assert "Achilles" in scenario and "districts" in scenario
    assert page.locator("[data-option=cities]").count() == 0
    assert page.locator("[data-option=first]").count() == 0
    assert page.locator("[data-option=difficulty]").count() == 1
    assert page.locator(".seat-row").count() == 1
    assert page.inner_text(".seat-row .seat-name") == "The player"
    assert page.locator("select[name=players]").is_hidden()

    page.select_option("select[name=variant]", "teams")
    names = page.locator(".seat-row .seat-name").all_inner_texts()
    assert names == [
        "Player 1 of team 0",
        "Player 1 of team 1",
        "Player 2 of team 0",
        "Player 2 of team 1",
    ]
    page.screenshot(path=str(screenshot_dir() / "lobby-bellum-teams.png"), full_page=True)


@pytest.mark.browser
def test_the_stepper_keeps_a_whole_number_in_its_bounds(page: Any, server: Server) -> None:
    open_game(page, server, "imperio-bellum")
    turn_limit = page.locator("[data-option=turn_limit]")
    turn_limit.fill("1000")
    page.get_by_role("button", name="Turn limit + 1").click()
    assert turn_limit.input_value() == "1000"
    page.get_by_role("button", name="Turn limit − 1").click()
    assert turn_limit.input_value() == "999"
    turn_limit.fill("5000")
    assert "from 0 to 1000" in page.inner_text("#options .field-error")
    sent: list[str] = []
    page.on("request", lambda r: sent.append(r.url) if r.method == "POST" else None)
    page.click("#create")
    assert page.locator("#created").is_hidden() and not sent


@pytest.mark.browser
def test_ai_strengths_have_human_names(page: Any, server: Server) -> None:
    open_game(page, server, "imperio-bellum")
    row = page.locator(".seat-row[data-seat='1']")
    assert row.locator("select[name=agent]").input_value() == "mcts"
    strengths = row.locator("select[name=strength] option").all_inner_texts()
    assert "1 s per move" in strengths and not any("mcts" in s for s in strengths)
    kinds = row.locator("select[name=agent] option").all_inner_texts()
    assert kinds == ["Human", "AI: Random", "AI: Greedy", "AI: MCTS"]
    row.locator("select[name=strength]").select_option("mcts:seconds=3")
    defend_first(page)
    page.click("#create")
    page.wait_for_selector("#created #play")
    assert "MCTS, 3 s per move" in page.inner_text("#created .seat-link.ai")
    assert "mcts:" not in page.inner_text("#created")
    assert "mcts:" not in page.inner_text("#games")


@pytest.mark.browser
def test_a_bad_seed_is_explained_before_anything_is_sent(page: Any, server: Server) -> None:
    open_game(page, server, "imperio-bellum")
    sent: list[str] = []
    page.on("request", lambda r: sent.append(r.url) if r.method == "POST" else None)
    seed = page.locator("input[name=seed]")
    seed.fill("12abc")
    assert "whole number" in page.inner_text("#seed-error")
    assert seed.get_attribute("aria-invalid") == "true"
    seed.fill(str(2**64))
    assert "too large" in page.inner_text("#seed-error")
    page.click("#create")
    assert not sent and page.locator("#created").is_hidden()
    seed.fill(str(2**63 - 1))  # the largest seed, sent exactly (past 2^53)
    assert page.inner_text("#seed-error") == ""
    defend_first(page)
    page.click("#create")
    page.wait_for_selector("#created #play")
    assert page.locator("#error").is_hidden()


@pytest.mark.browser
def test_a_refusal_reads_as_a_sentence_never_as_json(page: Any, server: Server) -> None:
    open_game(page, server, "imperio-bellum")

    def refuse(route: Any) -> None:
        detail = [{"loc": ["body", "seats"], "msg": "Field required", "type": "missing"}]
        body = json.dumps({"detail": detail})
        route.fulfill(status=422, content_type="application/json", body=body)

    page.route("**/api/games", refuse)
    page.click("#create")
    refusal = page.locator("#create-error")
    refusal.wait_for()
    text = refusal.inner_text()
    assert text.startswith("The game was not created: ") and text.endswith(".")
    assert "{" not in text and "[" not in text

    page.unroute("**/api/games")
    page.route(
        "**/api/games",
        lambda route: route.fulfill(status=429, content_type="application/json", body='{"x": 1}'),
    )
    page.click("#create")
    page.wait_for_function(
        "() => document.querySelector('#create-error').textContent.includes('too many games')"
    )
    assert "{" not in refusal.inner_text()


@pytest.mark.browser
def test_the_list_of_games_shows_who_won(page: Any, server: Server) -> None:
    made = server.create_game(
        {
            "game": "bellum",
            "variant": "solo-hercules",
            "options": {"turn_limit": "1"},
            "seats": [{"kind": "ai", "agent": "random"}],
        }
    )
    game_id = made["game"]["id"]
    result = wait_over(server, game_id)["result"]
    assert result.startswith("Scenario lost: ")
    page.goto(server.url + "/")
    row = page.locator(f"#games tr[data-game='{game_id}']")
    row.wait_for()
    assert row.locator(".status").inner_text() == result
    assert "Random" in row.locator(".players").inner_text()
    assert "Solo: Hercules in the Hells" in row.inner_text()


@pytest.mark.browser
def test_created_links_name_the_seats(page: Any, server: Server) -> None:
    game_id = create_in_lobby(page, server.url, "bellum", ["human"], variant="solo-plague")
    assert page.inner_text("#created .seat-link .seat-name") == "The player"
    assert page.inner_text("#play") == "Play as the player"
    row = page.locator(f"#games tr[data-game='{game_id}']")
    row.wait_for()
    assert "Solo: Plague in Athens" in row.inner_text()


@pytest.mark.browser
@pytest.mark.parametrize(("size", "name"), [(SMALL, "1024x700"), (PHONE, "phone")])
def test_the_lobby_fits_small_screens(
    browser: Any, server: Server, size: dict[str, int], name: str
) -> None:
    context = browser.new_context(viewport=size)
    try:
        page = context.new_page()
        page.goto(server.url + "/")
        page.click(".game-box[data-game='bellum']")
        page.wait_for_selector("#create")
        page.screenshot(path=str(screenshot_dir() / f"lobby-{name}.png"), full_page=True)
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= size["width"], f"the page scrolls sideways: {width} px"
        for selector in (".game-box[data-game=bellum]", "select[name=variant]", "#create"):
            box = page.locator(selector).bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= size["width"]
        page.select_option("select[name=variant]", "solo-hercules")
        page.click("#create")
        page.wait_for_selector("#created #play")
        page.locator("#games tbody tr").first.wait_for()
        page.screenshot(path=str(screenshot_dir() / f"lobby-{name}-created.png"), full_page=True)
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= size["width"], f"the page scrolls sideways: {width} px"
    finally:
        context.close()
