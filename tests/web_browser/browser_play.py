"""Steps the browser tests repeat: creating a game in the lobby and clicking through a table."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

# Imperio Bellum's set-up shortcuts: one button deploys a whole formation or reserve.
SETUP_KINDS = ("formation", "preset", "ready", "reserves_ready", "alterations_done")
TURN_TIMEOUT_MS = 30_000

# What the table is waiting for: "handover", "over", "turn" (this seat may act) or false.
TABLE_STATE = """() => {
  const table = document.querySelector("#table");
  if (!table || !table.dataset.moves || table.dataset.busy === "true") return false;
  if (!document.querySelector("#handover").hidden) return "handover";
  if (!document.querySelector("#outcome").hidden) return "over";
  if (document.querySelector("#actions button.action:not([disabled])")) return "turn";
  return false;
}"""


def create_in_lobby(
    page: Any,
    url: str,
    game: str,
    seats: list[str],
    *,
    variant: str | None = None,
    options: dict[str, str] | None = None,
    seed: int | None = None,
    hotseat: bool = False,
) -> str:
    """Fills the lobby form by clicking and typing, creates the game and returns its id.
    `seats` are the seat selects' values: human, random, greedy or mcts."""
    page.goto(url + "/")
    page.click(f".game-box[data-game='{game}']")  # the game's box opens its set-up
    if variant is not None:
        page.select_option("select[name=variant]", variant)
    if page.locator("select[name=players]").is_visible():  # hidden when the variant fixes it
        page.select_option("select[name=players]", str(len(seats)))
    for seat, agent in enumerate(seats):
        page.select_option(f".seat-row[data-seat='{seat}'] select[name=agent]", agent)
    for name, value in (options or {}).items():  # menus: a list, a number or a checkbox
        control = page.locator(f"[data-option='{name}']")
        kind = control.get_attribute("data-type")
        if kind == "choice":
            control.select_option(value)
        elif kind == "switch":
            control.set_checked(value in ("on", "true", "1"))
        else:
            control.fill(value)
    if seed is not None:
        page.fill("input[name=seed]", str(seed))
    if hotseat:
        page.check("input[name=hotseat]")
    page.click("#create")
    page.wait_for_selector("#created #play")
    href = str(page.get_attribute("#play", "href"))
    assert href.startswith("/game/"), href
    return href.split("/game/", 1)[1].split("#", 1)[0]


def wait_table(page: Any, timeout: float = TURN_TIMEOUT_MS) -> str:
    """Waits until the table settles into a hand-over, an end or this seat's turn."""
    handle = page.wait_for_function(TABLE_STATE, timeout=timeout)
    state: str = handle.json_value()
    return state


def counts(page: Any, selectors: dict[str, str]) -> dict[str, int]:
    """How many elements each CSS selector finds, in one round trip to the page (a locator's
    count is one each; a whole game by clicking asks thousands)."""
    found: dict[str, int] = page.evaluate(
        """(selectors) => Object.fromEntries(Object.entries(selectors).map(
             ([name, selector]) => [name, document.querySelectorAll(selector).length]))""",
        selectors,
    )
    return found


def first_found(page: Any, selectors: list[str]) -> int | None:
    """The index of the first CSS selector that finds something on the page, in one round trip."""
    index: int = page.evaluate(
        "(selectors) => selectors.findIndex((selector) => document.querySelector(selector))",
        selectors,
    )
    return None if index < 0 else index


def moves(page: Any) -> int:
    return int(page.get_attribute("#table", "data-moves"))


def click_and_wait(page: Any, target: Any) -> None:
    """Clicks a square, card or button (picking the first choice if a chooser opens) and waits
    for the server's new view."""
    before = moves(page)
    target.click()
    changed = page.wait_for_function(
        """(before) => document.querySelector("#chooser") ? "chooser"
             : Number(document.querySelector("#table").dataset.moves) !== before""",
        arg=before,
    )
    if changed.json_value() == "chooser":
        page.locator("#chooser .choice:not(.cancel)").first.click()
        page.wait_for_function(
            """(before) => Number(document.querySelector("#table").dataset.moves) !== before""",
            arg=before,
        )


def first_setup_button(page: Any) -> Any | None:
    for kind in SETUP_KINDS:
        button = page.locator(f"#actions button.action[data-kind='{kind}']")
        if button.count():
            return button.first
    return None


def first_action(page: Any) -> Any:
    """The action bar's first main button, else the first action of its first group (the
    drawer and the group are opened by clicking, as a player would)."""
    main = page.locator("#actions button.action.main")
    if main.count():
        return main.first
    drawer = page.locator("#actions .drawer")
    if drawer.is_hidden():
        page.click("#actions button.more")
    group = page.locator("#actions details.group").first
    if not group.evaluate("node => node.open"):
        group.locator("summary").click()
    return group.locator("button.action").first


def imperio_step(page: Any) -> str:
    """One Imperio Bellum click: a set-up shortcut, else a highlighted destination, else a
    highlighted square, else the first listed action. Returns what was clicked."""
    found = counts(
        page,
        {
            "setup": ", ".join(f"#actions button.action[data-kind='{k}']" for k in SETUP_KINDS),
            "target": "#board .square.target",
            "picked": "#board .square.picked",
            "pick": "#board .square.pick",
            "actionable": "#board .square.actionable",
        },
    )
    if found["setup"]:
        setup = first_setup_button(page)
        assert setup is not None
        click_and_wait(page, setup)
        return "setup"
    if found["target"]:
        click_and_wait(page, page.locator("#board .square.target").first)
        return "target"
    if found["picked"]:  # a picked piece with nowhere to go
        page.locator("#board .square.picked").click()
        click_and_wait(page, page.locator("#chooser .choice[data-kind=hold]"))
        return "square"
    if found["pick"]:  # looking at a piece sends nothing
        page.locator("#board .square.pick").first.click()
        page.wait_for_selector("#board .square.picked")
        return "square"
    if found["actionable"]:
        click_and_wait(page, page.locator("#board .square.actionable").first)
        return "square"
    click_and_wait(page, first_action(page))
    return "button"


def bellum_step(page: Any) -> str:
    """One Bellum click: a card that has actions, else the first listed action."""
    cards = page.locator(".card.actionable:visible")
    if cards.count():
        click_and_wait(page, cards.first)
        return "card"
    click_and_wait(page, first_action(page))
    return "button"


def glossary_keys_used(page: Any, url: str, game_id: str, root: str) -> set[str]:
    """The glossary keys the table tags inside `root` (a CSS selector), checked to be keys of
    the game's glossary as the server serves it; returns them."""
    with urllib.request.urlopen(f"{url}/api/rules/{game_id}", timeout=10) as answer:
        glossary = {entry["key"] for entry in json.load(answer)["glossary"]}
    script = f"""() => [...document.querySelectorAll("{root} [data-help]")]
                 .flatMap((node) => node.dataset.help.split(/\\s+/))"""
    used = set(page.evaluate(script))
    assert used and used <= glossary, sorted(used - glossary)
    return used
