"""What the server's views say: each seat's own result, and log entries as structured objects
whose private facts reach only the seat that may know them."""

from __future__ import annotations

import json
import random

import pytest

import bellica
from bellica.core.config import GameConfig
from bellica.server.store import GameRow, SeatRow
from bellica.server.tables import Table


def table(game_id: str, variant: str, players: int, seed: int = 1) -> Table:
    game = bellica.load(game_id, players=players, variant=variant)
    seats = [SeatRow("human") for _ in range(players)]
    row = GameRow("words", GameConfig.of_game(game), seed, seats, "", "")
    return Table.open(row)


def play_out(t: Table, seed: int, most: int = 20_000) -> Table:
    chooser = random.Random(seed)
    for _ in range(most):
        if t.state.is_terminal:
            return t
        t.apply(chooser.choice(t.state.legal_actions()))
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(
    ("game_id", "variant", "players"),
    [("bellum", "standard", 2), ("bellum", "teams", 4), ("imperio-bellum", "standard", 2)],
)
def test_each_seat_reads_its_own_result(game_id: str, variant: str, players: int) -> None:
    t = play_out(table(game_id, variant, players), seed=5)
    outcome = t.state.outcome()
    winners = list(outcome.winners)
    assert winners, "seed 5 ends with a winner in each of these games"
    for seat in range(players):
        view = t.view(seat)["outcome"]
        assert view["headline"] == ("You won" if seat in winners else "You lost")
        assert view["reason"] == outcome.reason
    names = [t.names()[s] for s in winners]
    spectator = t.view(None)["outcome"]["headline"]
    assert spectator.endswith(" won") and all(name.lower() in spectator.lower() for name in names)
    assert spectator[0].isupper()


def test_a_draw_reads_draw_for_everyone() -> None:
    t = table("bellum", "standard", 2)
    t.state.winners, t.state.reason = (), "a test draw"  # type: ignore[attr-defined]
    assert {t.view(s)["outcome"]["headline"] for s in (0, 1, None)} == {"Draw"}


@pytest.mark.parametrize("variant", ["solo-hercules", "solo-plague", "solo-troy"])
def test_a_solo_scenario_is_won_or_lost_never_drawn(variant: str) -> None:
    t = play_out(table("bellum", variant, 1), seed=3)
    outcome = t.state.outcome()
    word = "won" if outcome.winners else "lost"
    for seat in (0, None):
        assert t.view(seat)["outcome"]["headline"] == f"Scenario {word}: {outcome.reason}"


def test_a_lost_hercules_scenario_says_hercules_was_destroyed() -> None:
    for seed in range(20):
        t = play_out(table("bellum", "solo-hercules", 1, seed), seed)
        if t.state.outcome().reason == "Hercules was destroyed":
            assert t.view(0)["outcome"]["headline"] == "Scenario lost: Hercules was destroyed"
            return
    raise AssertionError("random play never lost Hercules in 20 games")


def test_an_imperio_fight_is_an_object_with_dice_and_squares() -> None:
    t = table("imperio-bellum", "standard", 2)
    chooser = random.Random(2)
    while not t.log or not any(e.kind == "combat" for e in t.log[-1].events):
        t.apply(chooser.choice(t.state.legal_actions()))
    entry = t.log[-1].to_json(None)
    fight = next(e for e in entry["events"] if e["kind"] == "combat")
    assert set(fight) == {"kind", "text", "dice", "marks"}
    for roll in fight["dice"]:
        assert len(roll["faces"]) == roll["count"] and sum(roll["faces"]) == roll["total"]
        assert roll["count"] == max(1, roll["base"] + sum(c for _, c in roll["modifiers"]))
    frm, to = fight["marks"]
    assert fight["text"].startswith(f"{fight['dice'][0]['who']} ") and frm in fight["text"]
    assert to in fight["text"]
    assert set(fight["marks"]) <= set(entry["marks"])
    assert len(entry["marks"]) == len(set(entry["marks"]))


def test_an_imperio_move_marks_its_two_squares() -> None:
    t = table("imperio-bellum", "standard", 2)
    chooser = random.Random(4)
    while not t.log or t.log[-1].events == [] or t.log[-1].events[0].kind != "move":
        t.apply(chooser.choice(t.state.legal_actions()))
    entry = t.log[-1].to_json(0)
    action = t.row.actions[-1]
    assert entry["marks"] == [action["from"], action["to"]]
    assert entry["events"][0]["text"].endswith(f"moves from {action['from']} to {action['to']}")


def hidden_facts(t: Table) -> list[tuple[int, dict[int, set[str]]]]:
    """For each logged private event (a draw, a look): its entry and, per seat that may know
    it, the card tokens and names only that seat may read."""
    label = {tok: t.game.table.label[uid] for uid, tok in enumerate(t.game.table.token)}  # type: ignore[attr-defined]
    out = []
    for n, entry in enumerate(t.log):
        for event in entry.events:
            if event.private_marks:
                known = {
                    seat: {*marks, *(label[m] for m in marks)}
                    for seat, marks in event.private_marks
                }
                out.append((n, known))
    return out


@pytest.mark.parametrize(("variant", "players"), [("standard", 2), ("teams", 4)])
def test_no_other_seat_or_spectator_reads_a_hidden_card(variant: str, players: int) -> None:
    t = table("bellum", variant, players, seed=7)
    chooser = random.Random(7)
    for _ in range(400):
        if t.state.is_terminal:
            break
        t.apply(chooser.choice(t.state.legal_actions()))
    found = hidden_facts(t)
    assert found, "400 moves hold some draws"
    for n, known in found:
        entry = t.log[n]
        for seat, secrets in known.items():
            mine = json.dumps(entry.to_json(seat))
            assert all(token_or_name in mine for token_or_name in secrets)  # the check can fail
        for viewer in (None, *range(players)):
            if viewer in known:
                continue
            told = entry.to_json(viewer)
            public = {m for e in told["events"] for m in e.get("marks", ())}
            assert set(told["marks"]) == public
            for event in told["events"]:
                if event["kind"] in ("draw", "look"):
                    shown = json.dumps(event)
                    for secrets in known.values():
                        assert not any(f'"{s}"' in shown or s in event["text"] for s in secrets)


def test_an_action_read_from_json_is_logged_in_the_games_words() -> None:
    """A human's action arrives as JSON with its plain text; the log reads it as the game words
    it now (what a choice concerns), as the legal action equal to it."""
    t = table("bellum", "standard", 2)
    chooser = random.Random(11)
    for _ in range(5000):
        legal = t.state.legal_actions()
        worded = [a for a in legal if a.text != t.game.action_from_json(a.to_json()).text]
        if worded:
            choice = worded[0]
            entry = t.apply(t.game.action_from_json(choice.to_json()))
            assert entry.text == choice.text
            return
        t.apply(chooser.choice(legal))
    raise AssertionError("no worded choice came up in 5,000 random moves")


def test_a_lone_choice_marks_what_it_touched() -> None:
    """A choice the rules take for a seat (the only one it had) marks its card like any event."""
    t = table("bellum", "solo-plague", 1)
    chooser = random.Random(2)
    for _ in range(3000):
        for entry in t.log:
            for event in entry.events:
                card = next((v for k, v in event.facts if k == "action"), None)
                if event.kind == "forced" and card and "(" in card:
                    token = card.rsplit("(", 1)[1].rstrip(")")
                    assert token in event.marks
                    assert token in entry.to_json(None)["marks"]
                    return
        if t.state.is_terminal:
            t = table("bellum", "solo-plague", 1, seed=len(t.log))
        t.apply(chooser.choice(t.state.legal_actions()))
    raise AssertionError("no lone choice naming a card came up")


def test_an_action_naming_a_secret_card_is_logged_without_it_for_the_others() -> None:
    """A Siege of Olympus mulligan returns a card to the secret Deck: the player's own log
    names the card, every other seat and the spectators read only that a card went back, and
    no reading but the player's carries the card's token or name."""
    t = table("siege-of-olympus", "standard", 2, seed=3)
    while t.state.current_player is not None and not any(
        a.kind == "return" for a in t.state.legal_actions()
    ):
        t.apply(t.state.legal_actions()[0])
    seat = t.state.current_player
    assert seat is not None
    returned = next(a for a in t.state.legal_actions() if a.kind == "return")
    entry = t.apply(returned)
    token = returned.get("card")
    name = t.game.table.label[t.game.uid(token)]  # type: ignore[attr-defined]
    mine = json.dumps(entry.to_json(seat))
    assert entry.to_json(seat)["text"] == returned.text and name in mine  # the check can fail
    for viewer in (None, 1 - seat):
        told = entry.to_json(viewer)
        assert told["text"] == "Return a card to the Deck"
        assert f'"{token}"' not in json.dumps(told) and name not in json.dumps(told)
