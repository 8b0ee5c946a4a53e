"""The lab's per-card rows: the card steps the events tell (drawn, bought, played) and the rows
a CardLog builds over whole games (the opening hand, the cards in play at the end)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from soo_helpers import CARDS, attack, card, game, pass_turn, plain, play, position, token

from bellica.agents.random_agent import RandomAgent
from bellica.core import SeatView
from bellica.core.cards import BOUGHT, DRAWN, PLAYED, CardLog, CardUse
from bellica.games.siege_of_olympus.cards import CARDS_FILE
from bellica.games.siege_of_olympus.state import SiegeState

Steps = list[tuple[str, tuple[tuple[int, str, str], ...]]]


def _steps(state: SiegeState) -> Steps:
    """The last action's events that tell card steps, as (kind, steps)."""
    return [
        (e.kind, e.fact("card_steps")) for e in state.events() if e.fact("card_steps") is not None
    ]


def _tok(state: SiegeState, *names: str) -> list[str]:
    return [token(state, n) for n in names]


# -- drawn ------------------------------------------------------------------------------------
def test_a_draw_tells_the_drawer_its_cards_only_in_its_facts() -> None:
    state = position(deck=["Oracle", "Wisp"])
    play(state, card(state, "use", "Kronos"))  # Kronos: draw 2
    oracle, wisp = _tok(state, "Oracle", "Wisp")
    assert _steps(state) == [("draw", ((0, oracle, DRAWN), (0, wisp, DRAWN)))]
    (drawn,) = [e for e in state.events() if e.kind == "draw"]
    assert oracle not in str(drawn.to_json(1)) and oracle in str(drawn.to_json(0))


PRISONERS = ["Raider Three", "Raider Four", "Raider Five", "Ranger Two", "Ranger Three", "Cyclops"]


def test_the_turn_draw_is_the_new_active_players() -> None:
    state = position(deck=["Pebble", "Oracle"], tartarus=PRISONERS)  # Tartarus needs none
    pass_turn(state)
    assert state.active == 1
    assert _steps(state) == [("draw", ((1, token(state, "Pebble"), DRAWN),))]


def test_a_search_takes_from_the_deck_as_a_draw() -> None:
    state = position(hands={0: ["Seek"]}, deck=["Wisp", "Insight", "Mend"], rest="underworld")
    play(state, card(state, "cast", "Seek"))  # Wisp is the only minion in the Deck
    seek, wisp = _tok(state, "Seek", "Wisp")
    assert _steps(state) == [("cast", ((0, seek, PLAYED),)), ("to_hand", ((0, wisp, DRAWN),))]


# -- bought -----------------------------------------------------------------------------------
def test_a_recruited_prisoner_is_bought() -> None:
    state = position(phase="recruit", minions={0: ["Raider Four"]}, tartarus=["Raider Three"])
    play(state, attack(state, "Raider Four", "Raider Three"))
    assert _steps(state) == [("recruited", ((0, token(state, "Raider Three"), BOUGHT),))]


def test_an_exchange_buys_the_card_taken_not_the_one_left() -> None:
    state = position(hands={0: ["Insight"]}, agora=["Wisp", "Mend", "Smite", "Pebble"])
    play(state, card(state, "leave", "Insight"))
    assert _steps(state) == []
    play(state, card(state, "take", "Wisp"))
    assert _steps(state) == [("exchange", ((0, token(state, "Wisp"), BOUGHT),))]


def test_reborn_and_freed_minions_are_bought() -> None:
    state = position(
        hands={0: ["Necromancy", "Liberation"]}, underworld=["Wisp"], tartarus=["Pebble"]
    )
    necromancy, liberation, wisp, pebble = _tok(state, "Necromancy", "Liberation", "Wisp", "Pebble")
    play(state, card(state, "cast", "Necromancy"))
    assert _steps(state) == [
        ("cast", ((0, necromancy, PLAYED),)),
        ("to_hand", ((0, wisp, BOUGHT),)),
    ]
    play(state, card(state, "cast", "Liberation"))
    assert _steps(state) == [
        ("cast", ((0, liberation, PLAYED),)),
        ("to_hand", ((0, pebble, BOUGHT),)),
    ]


def test_a_prisoner_destroyed_by_an_effect_is_bought() -> None:
    state = position(hands={0: ["Condemn"]}, tartarus=["Wisp", "Pebble"])
    play(state, card(state, "cast", "Condemn"), card(state, "target", "Wisp"))
    assert _steps(state) == [("recruited", ((0, token(state, "Wisp"), BOUGHT),))]


def test_artifacts_completed_or_explored_are_bought() -> None:
    state = position(
        minions={0: ["Spore", "Behemoth"]}, hands={0: ["Forge Keeper"]}, deck=["Oracle"]
    )
    play(state, card(state, "summon", "Forge Keeper"))
    keeper, relic, oracle = _tok(state, "Forge Keeper", "Relic 13", "Oracle")
    assert _steps(state) == [
        ("summon", ((0, keeper, PLAYED),)),
        ("artifact", ((0, relic, BOUGHT),)),
        ("draw", ((0, oracle, DRAWN),)),
    ]
    explore = position(hands={0: ["Expedition"]}, minions={0: ["Minotaur"], 1: ["Pebble", "Harpy"]})
    play(explore, card(explore, "cast", "Expedition"))
    expedition, relic = _tok(explore, "Expedition", "Relic 11")
    assert _steps(explore) == [
        ("cast", ((0, expedition, PLAYED),)),
        ("artifact", ((0, relic, BOUGHT),)),
    ]


# -- played -----------------------------------------------------------------------------------
def test_summons_casts_and_disrupts_are_played_by_their_side() -> None:
    state = position(hands={0: ["Raider Three", "Bolt"], 1: ["Counterspell"]})
    play(state, card(state, "summon", "Raider Three"))
    assert _steps(state) == [("summon", ((0, token(state, "Raider Three"), PLAYED),))]
    play(state, card(state, "cast", "Bolt"))
    assert _steps(state) == [("cast", ((0, token(state, "Bolt"), PLAYED),))]
    play(state, card(state, "disrupt", "Counterspell"))
    assert _steps(state) == [("disrupt", ((1, token(state, "Counterspell"), PLAYED),))]


def test_using_an_ability_or_discarding_plays_nothing() -> None:
    state = position(deck=["Oracle", "Wisp"], minions={0: ["Spore"]})
    play(state, card(state, "use", "Kronos"))
    assert [kind for kind, _ in _steps(state)] == ["draw"]
    many = position(
        hands={0: [f"Giant {c}" for c in "ABCDE"] + ["Wisp", "Pebble", "Asp", "Spore"]},
        tartarus=PRISONERS,
        deck=["Oracle"],
    )
    play(many, plain(many, "end_deploy"), plain(many, "end_turn"))
    play(many, card(many, "discard", "Wisp"))
    assert [e.kind for e in many.events()][:1] == ["discard"]
    assert _steps(many) == [("draw", ((1, token(many, "Oracle"), DRAWN),))]


# -- the opening hand -------------------------------------------------------------------------
def test_the_opening_hand_is_the_hand_after_the_mulligans() -> None:
    g = game(CARDS, commanders="Kronos,Typhon", first="0")
    state = g.new_game(5)
    log = CardLog(state)
    returned = min(state.hand[0])
    for action in (g.actions.card("return", returned), g.actions.plain("keep")):
        state.apply(action)
        log.after(state)
    assert log.opening is None and state.turn == 0  # the second player's mulligan is left
    state.apply(g.actions.plain("keep"))
    log.after(state)
    assert state.turn == 1
    rows = log.uses(state)
    for side in (0, 1):
        assert {_uid(state, r) for r in rows if r.seat == side and r.opening} == set(
            state.hand[side]
        )
    assert returned not in state.hand[0]
    (back,) = [r for r in rows if r.seat == 0 and _uid(state, r) == returned]
    assert not (back.opening or back.drawn) and back.never_seen  # returned to the Deck
    assert not any(r.drawn or r.bought or r.played for r in rows)  # the deal is no draw


# -- whole games ------------------------------------------------------------------------------
IN_PLAY = ("minions", "artifacts", "commander")


def _uid(state: SiegeState, row: CardUse) -> int:
    return state.game.table.uid_by_token[row.token]


def _places(state: SiegeState) -> dict[int, str]:
    """Where each card is, by zone name ("deck", "hand 0", "minions 1", ...)."""
    out: dict[int, str] = {}
    for name in ("deck", "tartarus", "agora", "underworld", "pile", "casting"):
        out.update((u, name) for u in getattr(state, name))
    for name in ("hand", "minions", "artifacts"):
        for side in (0, 1):
            out.update((u, f"{name} {side}") for u in getattr(state, name)[side])
    return out


# Zone moves that are card steps: (to, from) -> step; hand to the field is checked apart.
MOVES = {
    ("hand", "deck"): DRAWN,
    ("hand", "tartarus"): BOUGHT,
    ("hand", "agora"): BOUGHT,
    ("artifacts", "pile"): BOUGHT,
}


def _moved(before: dict[int, str], after: dict[int, str]) -> set[tuple[int, int, str]]:
    """The card steps the zones show an action made: Deck to hand (drawn), Tartarus or the
    Agora to hand and the pile to a side's Artifacts (bought), hand to the field (played)."""
    out = set()
    for uid, now in after.items():
        was = before.get(uid)
        if now == was:
            continue
        zone, _, side = now.partition(" ")
        step = MOVES.get((zone, str(was)))
        if zone == "minions" and was == f"hand {side}":
            step = PLAYED
        if step is not None:
            out.add((int(side), uid, step))
    return out


def _random_game(cards: Path, seed: int, **options: Any) -> dict[str, Any]:
    """A game between random agents with a CardLog following it; its rows and what the zones
    said: the hands once the set-up ended, the steps they showed, the state at the end."""
    g = game(cards, **options)
    state = g.new_game(seed)
    log = CardLog(state)
    agents = [RandomAgent(seed * 2 + seat) for seat in (0, 1)]
    opening: dict[int, set[int]] | None = None
    moved: set[tuple[int, int, str]] = set()
    while not state.is_terminal:
        before = _places(state) if opening is not None else None
        seat = state.current_player
        assert seat is not None
        state.apply(agents[seat].act(SeatView(state, seat)))
        log.after(state)
        if before is not None:
            moved |= _moved(before, _places(state))
        if opening is None and state.turn >= 1:
            opening = {side: set(state.hand[side]) for side in (0, 1)}
    assert opening is not None
    return {"state": state, "rows": log.uses(state), "opening": opening, "moved": moved}


def _check_rows(played: dict[str, Any]) -> None:
    state, rows = played["state"], played["rows"]
    table = state.game.table
    assert len({(r.seat, r.token) for r in rows}) == len(rows)
    for row in rows:
        assert table.token[table.uid_by_token[row.token]] == row.token
        assert table.copies[table.uid_by_token[row.token]].name == row.name
    for side in (0, 1):
        mine = [r for r in rows if r.seat == side]
        assert {_uid(state, r) for r in mine if r.opening} == played["opening"][side]
        at_end = {u for name in IN_PLAY for u in getattr(state, name)[side]}
        assert {_uid(state, r) for r in mine if r.at_end} == at_end
    logged = {
        (r.seat, _uid(state, r), step)
        for r in rows
        for step, done in ((DRAWN, r.drawn), (BOUGHT, r.bought), (PLAYED, r.played))
        if done
    }
    assert played["moved"] <= logged


def test_card_logs_of_random_games_match_the_zones() -> None:
    totals = {"drawn": 0, "bought": 0, "played": 0, "never_seen": 0}
    configs = [
        (CARDS_FILE, {}),
        (CARDS, {}),
        (CARDS_FILE, {"commanders": "Gaia,Prometheus", "first": "1"}),
    ]
    for seed in range(4):
        for cards, options in configs:
            played = _random_game(cards, seed, **options)
            _check_rows(played)
            rows = played["rows"]
            assert any(r.drawn for r in rows)
            for key in totals:
                totals[key] += sum(1 for r in rows if getattr(r, key))
    assert min(totals.values()) > 0, totals


def test_a_chosen_commander_has_a_row_in_play_at_the_end() -> None:
    """With Commanders chosen, they are all unchosen when the log begins, and choosing is not
    a card step; still the chosen one is in play at the end, so it has a row saying so and
    no step."""
    played = _random_game(CARDS_FILE, 3, commanders="choose")
    _check_rows(played)
    state = played["state"]
    for side in (0, 1):
        (commander,) = state.commander[side]
        (row,) = [r for r in played["rows"] if r.seat == side and _uid(state, r) == commander]
        assert row.at_end and not (row.opening or row.drawn or row.bought or row.played)
