"""The Imperio Bellum table in the browser: looking before committing, the board turned toward
its viewer, animations (and their switch), fight dice and the last turn's marks."""

from __future__ import annotations

import json
from typing import Any

import pytest
from browser_play import first_setup_button, imperio_step, moves, wait_table
from browser_server import Server, screenshot_dir

# Records every Web Animation the page starts: the square it plays on, its element and frames.
RECORD_ANIMATIONS = """
window.__anims = [];
const original = Element.prototype.animate;
Element.prototype.animate = function (frames, options) {
  window.__anims.push({square: this.closest("[data-square]")?.dataset.square || null,
                       cls: String(this.className), frames: JSON.stringify(frames)});
  return original.call(this, frames, options);
};
"""


def new_game(page: Any, server: Server, attacker: str, seed: int = 7) -> str:
    """A game of a human (seat 0) against greedy; `attacker` is the attacking seat. Returns
    the human's link."""
    answer = page.request.post(
        server.url + "/api/games",
        data=json.dumps(
            {
                "game": "imperio-bellum",
                "options": {"attacker": attacker, "turn_limit": 6},
                "seats": [{"kind": "human"}, {"kind": "ai", "agent": "greedy"}],
                "seed": seed,
            }
        ),
        headers={"Content-Type": "application/json"},
    )
    assert answer.status == 201, answer.text()
    return server.url + str(answer.json()["seats"][0]["link"])


def to_play(page: Any) -> None:
    """Clicks the set-up shortcuts until this seat may pick a piece."""
    for _ in range(40):
        assert wait_table(page) == "turn"
        if page.locator("#board .square.pick").count():
            return
        setup = first_setup_button(page)
        if setup is None:
            imperio_step(page)
            continue
        before = moves(page)
        setup.click()
        page.wait_for_function(
            "(b) => Number(document.querySelector('#table').dataset.moves) > b", arg=before
        )
    pytest.fail("no piece to pick after the set-up")


def posts(page: Any) -> list[dict[str, Any]]:
    """Collects the bodies of the actions this page posts from now on."""
    sent: list[dict[str, Any]] = []
    page.on(
        "request",
        lambda r: (
            sent.append(json.loads(r.post_data))
            if r.method == "POST" and r.url.endswith("/actions")
            else None
        ),
    )
    return sent


@pytest.mark.browser
def test_looking_at_pieces_sends_nothing_and_a_move_is_one_log_line(
    page: Any, server: Server
) -> None:
    page.goto(new_game(page, server, attacker="0"))
    to_play(page)
    sent = posts(page)
    before = moves(page)
    squares = page.locator("#board .square.pick").evaluate_all(
        "ns => ns.map(n => n.dataset.square)"
    )
    first_square, second_square = squares[0], squares[1]
    first = page.locator(f"#board .square[data-square='{first_square}']")
    second = page.locator(f"#board .square[data-square='{second_square}']")

    first.click()
    assert page.get_attribute("#board .square.picked", "data-square") == first_square
    assert page.locator("#board .square.target, #board .square.attack").count() > 0
    second.click()  # another own piece switches the pick
    assert page.get_attribute("#board .square.picked", "data-square") == second_square
    page.keyboard.press("Escape")
    assert page.locator("#board .square.picked").count() == 0
    assert moves(page) == before and sent == []

    page.locator(f"#board .square[data-square='{first_square}']").click()
    target = page.locator("#board .square.target").first
    to = target.get_attribute("data-square")
    page.screenshot(path=str(screenshot_dir() / "imperio-picked-1400.png"))
    target.click()
    page.wait_for_function(
        "(b) => Number(document.querySelector('#table').dataset.moves) >= b + 2", arg=before
    )
    assert [body["action"]["kind"] for body in sent] == ["select", "move"]
    assert [body["moves"] for body in sent] == [before, before + 1]
    assert sent[1]["action"]["from"] == first_square and sent[1]["action"]["to"] == to
    # the log shows the move once: the pick is folded into it
    pick_line = page.locator(f"#log > li[data-move='{before + 1}']")
    move_line = page.locator(f"#log > li[data-move='{before + 2}']")
    assert pick_line.is_hidden() and "folded" in str(pick_line.get_attribute("class"))
    assert move_line.is_visible() and f"{first_square} → {to}" in move_line.inner_text()


@pytest.mark.browser
def test_a_refused_second_step_says_the_piece_was_picked(page: Any, server: Server) -> None:
    page.goto(new_game(page, server, attacker="0", seed=8))
    to_play(page)
    seen: list[str] = []

    def refuse_second(route: Any) -> None:
        seen.append(route.request.post_data)
        if len(seen) == 2:
            route.fulfill(
                status=409,
                content_type="application/json",
                body=json.dumps({"detail": "the game has moved on"}),
            )
        else:
            route.continue_()

    page.route("**/api/games/*/actions", refuse_second)
    square = page.locator("#board .square.pick").first.get_attribute("data-square")
    page.locator(f"#board .square[data-square='{square}']").click()
    page.locator("#board .square.target").first.click()
    page.wait_for_function("() => !document.querySelector('#error')?.hidden")
    message = page.inner_text("#error")
    assert "The piece was picked, but" in message and "the game has moved on" in message
    # the pick was taken: the table now shows that piece selected, its moves to choose from
    page.wait_for_selector(f"#board .square.selected[data-square='{square}']")
    assert page.locator("#board .square.target").count() > 0


@pytest.mark.browser
def test_the_board_turns_toward_the_defender_and_a_spectator_sees_the_attackers_view(
    page: Any, server: Server
) -> None:
    page.goto(new_game(page, server, attacker="1"))  # seat 0 defends
    page.wait_for_selector("#board .square")
    assert page.get_attribute("#board", "data-facing") == "defender"
    assert page.locator("#board .square").first.get_attribute("data-square") == "i1"
    assert page.locator("#board .coord.rank").first.inner_text() == "1"
    assert page.locator("#board .coord.file").first.inner_text() == "i"
    # coordinates stay true: the square drawn above the bottom-left one is i8
    assert page.locator("#board .square").nth(9 * 7).get_attribute("data-square") == "i8"
    page.screenshot(path=str(screenshot_dir() / "imperio-defender-view.png"))

    game_id = page.url.split("/game/", 1)[1].split("#", 1)[0]
    page.goto(f"{server.url}/game/{game_id}#watch")
    page.reload()
    page.wait_for_selector("#board .square")
    assert page.get_attribute("#board", "data-facing") == "attacker"
    assert page.locator("#board .square").first.get_attribute("data-square") == "a9"
    assert page.locator("#board .coord.rank").first.inner_text() == "9"


@pytest.mark.browser
def test_moves_slide_arrivals_fade_in_and_the_switch_turns_them_off(
    context: Any, server: Server
) -> None:
    page = context.new_page()
    page.add_init_script(RECORD_ANIMATIONS)
    page.goto(new_game(page, server, attacker="0", seed=9))
    to_play(page)
    frames = page.evaluate("() => window.__anims")
    arrivals = [a for a in frames if "opacity" in a["frames"] and "piece" in a["cls"]]
    assert arrivals, "the formation's pieces did not fade in"

    page.evaluate("() => { window.__anims = []; }")
    square = page.locator("#board .square.pick").first.get_attribute("data-square")
    page.locator(f"#board .square[data-square='{square}']").click()
    target = page.locator("#board .square.target").first
    to = target.get_attribute("data-square")
    before = moves(page)
    target.click()
    page.wait_for_function(
        "(b) => Number(document.querySelector('#table').dataset.moves) >= b + 2", arg=before
    )
    page.wait_for_function("() => window.__anims.some((a) => a.frames.includes('translate'))")
    slides = [a for a in page.evaluate("() => window.__anims") if "translate" in a["frames"]]
    assert any(a["square"] == to for a in slides), slides

    # switched off in the table's settings: kept in this browser, nothing more moves
    page.click("#facts details.settings summary")
    page.uncheck("#animations")
    assert page.evaluate("() => localStorage.getItem('bellica.animations')") == "off"
    page.evaluate("() => { window.__anims = []; }")
    wait_table(page)
    for _ in range(6):
        imperio_step(page)
        wait_table(page)
    assert page.evaluate("() => window.__anims") == []
    page.close()


@pytest.mark.browser
def test_reduced_motion_means_no_animation(context: Any, server: Server) -> None:
    page = context.new_page()
    page.emulate_media(reduced_motion="reduce")
    page.add_init_script(RECORD_ANIMATIONS)
    page.goto(new_game(page, server, attacker="0", seed=10))
    to_play(page)
    assert page.evaluate("() => window.__anims") == []
    assert not page.is_checked("#animations")
    page.close()


@pytest.mark.browser
def test_fight_dice_roll_and_the_last_turn_is_marked(context: Any, server: Server) -> None:
    page = context.new_page()
    page.add_init_script(RECORD_ANIMATIONS)
    link = new_game(page, server, attacker="0", seed=12)
    page.goto(link)
    to_play(page)
    game_id = link.split("/game/", 1)[1].split("#", 1)[0]
    for _ in range(300):
        if wait_table(page) == "over" or page.locator("#facts .last-fight .die").count():
            break
        imperio_step(page)
    fight = page.locator("#facts .last-fight")
    assert fight.locator(".die").count() > 0, "no fight in the game"
    # each die's face, and the count with the reasons behind it
    faces = [
        int(f) for f in fight.locator(".die").evaluate_all("ds => ds.map(d => d.dataset.face)")
    ]
    assert all(1 <= f <= 6 for f in faces)
    assert "base" in fight.locator(".roll .why").first.inner_text()
    assert any("die" in a["cls"] for a in page.evaluate("() => window.__anims"))
    page.screenshot(path=str(screenshot_dir() / "imperio-fight-dice.png"))
    # a move's log line is not followed by the same move in other words
    assert "moves from" not in page.inner_text("#log")
    assert page.locator("#log .events li").count() > 0  # the fights' events still show

    # the last turn's marks: the squares the other seat's entries touched are outlined
    if wait_table(page) == "turn":
        view = page.request.get(f"{server.url}/api/games/{game_id}").json()
        expected = page.evaluate(
            """async (view) => {
                 const plugin = (await import("/static/js/games/imperio-bellum.js")).default;
                 return plugin.marks({...view, seat: 0});
               }""",
            view,
        )
        others = []
        for entry in reversed(view["log"]):
            if entry["seat"] == 0:
                break
            others += entry["marks"]
        assert expected and set(expected) == set(others)
        marked = page.locator("#board .square.marked").evaluate_all(
            "ns => ns.map(n => n.dataset.square)"
        )
        assert set(expected) <= set(marked)
    page.close()


@pytest.mark.browser
@pytest.mark.parametrize("size", [(1400, 950), (1024, 700), (390, 844)])
def test_screenshots_of_a_picked_piece(context: Any, server: Server, size: tuple[int, int]) -> None:
    page = context.new_page()
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(new_game(page, server, attacker="0", seed=13))
    to_play(page)
    page.locator("#board .square.pick").first.click()
    target = page.locator("#board .square.target").first
    target.scroll_into_view_if_needed()
    box = target.bounding_box()
    bar = page.locator("#actions").bounding_box()
    assert box and bar and box["y"] + box["height"] <= bar["y"] + 1  # not under the action bar
    page.screenshot(path=str(screenshot_dir() / f"imperio-table-{size[0]}x{size[1]}.png"))
    page.close()
