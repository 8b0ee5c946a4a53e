"""Rules at hand in the browser: the Rules drawer opens and searches, and hovering, focusing or
long-pressing a piece, a token or a keyword of a card's text shows its glossary entry."""

from __future__ import annotations

from typing import Any

import pytest
from browser_server import Server, screenshot_dir

import bellica
from bellica.core.glossary import glossary_of

HUMAN = {"kind": "human"}
# Imperio Bellum's set-up in one decision each: a formation, a reserve list, ready, no changes.
SETUP_KINDS = ("formation", "preset", "reserves_ready", "alterations_done")


def open_seat(page: Any, server: Server, created: dict[str, Any], seat: int = 0) -> None:
    page.goto(server.url + created["seats"][seat]["link"])
    page.wait_for_function("() => document.documentElement.dataset.helpReady")


def act_until_play(page: Any, server: Server, created: dict[str, Any]) -> None:
    """Both Imperio Bellum armies set up through the HTTP API, one decision at a time."""
    game_id = created["game"]["id"]
    tokens = [seat["token"] for seat in created["seats"]]
    for _ in range(20):
        view = page.request.get(f"{server.url}/api/games/{game_id}").json()
        seat = view["game"]["to_move"]
        mine = page.request.get(
            f"{server.url}/api/games/{game_id}",
            headers={"Authorization": f"Bearer {tokens[seat]}"},
        ).json()
        legal = [e["action"] for e in mine["legal"]]
        pick = next((a for kind in SETUP_KINDS for a in legal if a["kind"] == kind), None)
        if pick is None:
            return
        answer = page.request.post(
            f"{server.url}/api/games/{game_id}/actions",
            headers={"Authorization": f"Bearer {tokens[seat]}"},
            data={"action": pick, "moves": mine["game"]["moves"]},
        )
        assert answer.ok, answer.text()
    pytest.fail("the set-up did not end")


def tip_text(page: Any) -> str:
    page.wait_for_selector("#help-tip:not([hidden])")
    return str(page.inner_text("#help-tip"))


@pytest.mark.browser
def test_the_rules_drawer_opens_renders_and_searches(page: Any, server: Server) -> None:
    created = server.create_game({"game": "imperio-bellum", "seats": [HUMAN, HUMAN]})
    open_seat(page, server, created)
    button = page.locator(".rules-button")
    button.click()
    page.wait_for_selector("#rules-drawer[data-ready=true]")
    drawer = page.locator("#rules-drawer")
    assert drawer.is_visible()
    assert page.inner_text("#rules-body h2 >> nth=0") == "Imperio Bellum — rules and rulings"
    # Markdown became elements: tables, lists, code and strong text, no markup left as text
    assert page.locator("#rules-body table").count() >= 2
    assert page.locator("#rules-body li").count() > 10
    assert page.locator("#rules-body pre code").count() >= 1
    assert page.locator("#rules-body strong", has_text="Combat.").count() == 1
    body = page.inner_text("#rules-body")
    assert "**" not in body and "| ---" not in body and "|---|" not in body
    assert page.locator("#rules-body .glossary-entry[data-key=knight]").count() == 1
    page.screenshot(path=str(screenshot_dir() / "rules-drawer.png"))

    page.fill("#rules-search", "entrenched")
    page.wait_for_function("() => /match/.test(document.querySelector('#rules-count').textContent)")
    count = int(page.inner_text("#rules-count").split()[0])
    marks = page.locator("#rules-body mark")
    assert marks.count() == count > 3
    assert all(m.lower() == "entrenched" for m in marks.all_inner_texts())
    # every block still shown under a heading holds the word; table rows without it are hidden
    shown = page.eval_on_selector_all(
        "#rules-body > :not(h1, h2, h3, h4, h5, h6)", "nodes => nodes.map((n) => n.innerText)"
    )
    assert shown and all("entrenched" in text.lower() for text in shown)
    rows = page.eval_on_selector_all(
        "#rules-body tbody tr:not([hidden])", "rows => rows.map((r) => r.innerText)"
    )
    assert rows and all("entrenched" in row.lower() for row in rows)
    page.screenshot(path=str(screenshot_dir() / "rules-search.png"))

    page.fill("#rules-search", "<img src=x onerror=alert(1)>")
    page.wait_for_selector("#rules-body p.help")
    assert page.locator("#rules-body img").count() == 0
    assert "Nothing matches" in page.inner_text("#rules-body")

    page.keyboard.press("Escape")
    assert not drawer.is_visible()
    assert page.evaluate("() => document.activeElement.classList.contains('rules-button')")


@pytest.mark.browser
def test_hovering_focusing_and_pressing_a_piece_shows_its_help(page: Any, server: Server) -> None:
    created = server.create_game(
        {"game": "imperio-bellum", "options": {"attacker": "0"}, "seats": [HUMAN, HUMAN]}
    )
    act_until_play(page, server, created)
    open_seat(page, server, created)
    knight = page.locator("#board .piece.knight").first
    knight.wait_for()
    assert knight.get_attribute("data-help") == "knight"
    knight.hover()
    text = tip_text(page)
    entry = glossary_of(bellica.load("imperio-bellum")).get("knight")
    assert entry is not None and entry.term in text and entry.text in text
    page.screenshot(path=str(screenshot_dir() / "help-piece.png"))
    # the tooltip stays inside the window and names what it describes
    box = page.locator("#help-tip").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 1400
    assert knight.get_attribute("aria-describedby") == "help-tip"

    page.mouse.move(2, 2)
    page.wait_for_selector("#help-tip", state="hidden")

    # keyboard: a square that may be used shows its piece's help on focus
    square = page.locator("#board .square.actionable:has(.piece.knight)").first
    square.focus()
    assert "Knight" in tip_text(page)
    page.keyboard.press("Escape")
    page.wait_for_selector("#help-tip", state="hidden")

    # touch: a long press shows the help, and releasing it does not pick the piece
    moves = page.get_attribute("#table", "data-moves")
    archer = page.locator("#board .piece.archer").first
    page.evaluate(
        """(node) => {
          const r = node.getBoundingClientRect();
          const at = { bubbles: true, pointerType: "touch", clientX: r.x + 2, clientY: r.y + 2 };
          node.dispatchEvent(new PointerEvent("pointerdown", at));
          return new Promise((done) => setTimeout(() => {
            node.dispatchEvent(new PointerEvent("pointerup", at));
            node.click();
            done();
          }, 700));
        }""",
        archer.element_handle(),
    )
    assert "Archer" in tip_text(page)
    assert page.locator("#chooser").count() == 0
    assert page.get_attribute("#table", "data-moves") == moves


@pytest.mark.browser
def test_hovering_a_card_keyword_and_a_token_shows_its_help(page: Any, server: Server) -> None:
    created = server.create_game(
        {
            "game": "bellum",
            "options": {"first": "0"},
            "seats": [HUMAN, {"kind": "ai", "agent": "random"}],
        }
    )
    open_seat(page, server, created)
    glossary = glossary_of(bellica.load("bellum"))
    page.wait_for_selector(".card .text .help-word")
    # every marked word of every card text names a glossary entry that lists that word
    marked = page.eval_on_selector_all(
        ".card .text .help-word", "nodes => nodes.map((n) => [n.dataset.help, n.textContent])"
    )
    assert len(marked) > 5
    for key, word in marked:
        entry = glossary.get(key)
        assert entry is not None and word.lower() in [w.lower() for w in entry.marks()], (key, word)

    word = page.locator(".card .text .help-word").first
    key = word.get_attribute("data-help")
    word.scroll_into_view_if_needed()
    word.hover()
    text = tip_text(page)
    entry = glossary.get(key)
    assert entry is not None and entry.term in text and entry.text in text
    assert page.get_attribute("#help-tip", "data-for") == key
    page.screenshot(path=str(screenshot_dir() / "help-keyword.png"))

    # a card names its kind and clan; a token its meaning
    card = page.locator(".card[data-help~=creature]").first
    card.locator(".card-head").hover()
    assert "Creature" in tip_text(page)
    power = page.locator("[data-help=power]").first
    power.hover()
    assert "Power" in tip_text(page)
