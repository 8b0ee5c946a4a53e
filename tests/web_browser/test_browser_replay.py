"""The replay viewer: a finished game or a dropped record file, stepped move by move."""

from __future__ import annotations

import json
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from browser_server import Server, screenshot_dir

GAMES = {
    "imperio": {
        "game": "imperio-bellum",
        "options": {"attacker": "0", "turn_limit": "2"},
        "seats": [{"kind": "ai", "agent": "random"}, {"kind": "ai", "agent": "random"}],
        "seed": 3,
    },
    "bellum": {
        "game": "bellum",
        "options": {"first": "0", "turn_limit": "2"},
        "seats": [{"kind": "ai", "agent": "random"}, {"kind": "ai", "agent": "random"}],
        "seed": 5,
    },
    "solo": {
        "game": "bellum",
        "variant": "solo-hercules",
        "options": {"turn_limit": "2"},
        "seats": [{"kind": "ai", "agent": "random"}],
        "seed": 2,
    },
}
DRAWN = {"imperio": "#board .square[data-square=a1]", "bellum": ".bellum", "solo": ".bellum"}


def finished(server: Server, name: str) -> dict[str, Any]:
    """A game of AIs created and waited for until it is over; its summary."""
    game = server.create_game(GAMES[name])["game"]
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        with urllib.request.urlopen(f"{server.url}/api/games/{game['id']}", timeout=10) as got:
            summary: dict[str, Any] = json.load(got)["game"]
        if summary["status"] == "over":
            return summary
        time.sleep(0.3)
    pytest.fail(f"the {name} game did not end in time")


def at_move(page: Any) -> int:
    return int(page.get_attribute("#replay", "data-move"))


def wait_move(page: Any, move: int) -> None:
    page.wait_for_function(
        "(m) => document.querySelector('#replay')?.dataset.move === String(m)", arg=move
    )


@pytest.mark.browser
@pytest.mark.parametrize("name", ["imperio", "bellum", "solo"])
def test_a_finished_game_steps_forward_and_back(page: Any, server: Server, name: str) -> None:
    game = finished(server, name)
    total = game["moves"]
    # the lobby's list offers the replay of a finished game
    page.goto(server.url + "/")
    page.click(f"tr[data-game='{game['id']}'] a.replay")
    page.wait_for_selector(DRAWN[name])
    wait_move(page, 0)
    assert page.get_attribute("#replay", "data-moves") == str(total)
    assert "before the first move" in page.inner_text("#replay-caption")
    # keys, buttons, the slider and the log
    page.keyboard.press("End")
    wait_move(page, total)
    assert not page.locator("#replay-outcome").is_hidden()
    page.keyboard.press("ArrowLeft")
    wait_move(page, total - 1)
    assert page.locator("#replay-outcome").is_hidden()
    page.keyboard.press("Home")
    wait_move(page, 0)
    page.click("#replay-forward")
    wait_move(page, 1)
    page.click("#replay-forward")
    wait_move(page, 2)
    page.click("#replay-back")
    wait_move(page, 1)
    page.click("#log > li[data-move='5']")
    wait_move(page, 5)
    assert page.locator("#log > li.current").get_attribute("data-move") == "5"
    assert page.locator("#log > li").count() == total
    assert "move=5" in page.url
    page.locator("#replay-slider").fill(str(total // 2))
    wait_move(page, total // 2)
    page.wait_for_selector(DRAWN[name])
    # the point of view: everything, or any seat (the game is over)
    options = page.locator("#replay-seat option")
    values = [options.nth(i).get_attribute("value") for i in range(options.count())]
    assert values == ["all"] + [str(seat) for seat in range(len(game["seats"]))]
    if name == "bellum":
        page.select_option("#replay-seat", "1")
        page.wait_for_function("() => document.querySelector('#replay').dataset.seat === '1'")
        assert "seat=1" in page.url
        page.wait_for_selector(".bellum")
    page.screenshot(path=str(screenshot_dir() / f"replay-{name}.png"))
    # the address opens the same move again
    page.goto(page.url)
    wait_move(page, total // 2)


@pytest.mark.browser
def test_a_record_file_picked_or_dropped_replays(page: Any, server: Server, tmp_path: Path) -> None:
    game = finished(server, "imperio")
    with urllib.request.urlopen(f"{server.url}/api/games/{game['id']}/record") as got:
        record = got.read()
    path = tmp_path / "record.json"
    path.write_bytes(record)
    page.goto(server.url + "/replay")
    page.set_input_files("#record-file", str(path))
    page.wait_for_url("**/replay/r.*")
    page.wait_for_selector("#board .square[data-square=a1]")
    wait_move(page, 0)
    assert page.get_attribute("#replay", "data-moves") == str(game["moves"])
    page.keyboard.press("End")
    wait_move(page, game["moves"])
    # a file dropped onto the page
    page.goto(server.url + "/replay")
    page.evaluate(
        """(text) => {
          const data = new DataTransfer();
          data.items.add(new File([text], "record.json", {type: "application/json"}));
          document.body.dispatchEvent(new DragEvent("drop", {dataTransfer: data, bubbles: true}));
        }""",
        record.decode(),
    )
    page.wait_for_url("**/replay/r.*")
    wait_move(page, 0)
    # a file that is not a record says why
    path.write_text('{"game": "chess"}')
    page.goto(server.url + "/replay")
    page.set_input_files("#record-file", str(path))
    page.wait_for_selector("#error:not([hidden])")
    assert "cannot be replayed" in page.inner_text("#error-text")
