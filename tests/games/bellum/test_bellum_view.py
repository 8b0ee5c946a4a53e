"""What a seat sees: its own hand only, no deck order, and determinize reshuffling the rest."""

from __future__ import annotations

import json
import random

import bellica
from bellica.games.bellum.state import BellumState


def _midgame(variant: str = "standard", seed: int = 4, moves: int = 40) -> BellumState:
    game = bellica.load("bellum", variant=variant)
    state = game.new_game(seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()))
    assert isinstance(state, BellumState)
    return state


def test_a_seat_sees_its_own_hand_and_only_counts_of_the_others() -> None:
    """Seat 0's observation names seat 0's hand cards and none of seat 1's."""
    state = _midgame()
    table = state.game.table
    obs = state.observation(0)
    mine, theirs = obs["players"]
    assert [c["card"] for c in mine["hand"]] == [table.token[u] for u in state.hand[0]]
    assert "hand" not in theirs
    assert theirs["hand_count"] == len(state.hand[1])
    text = json.dumps(obs)
    for uid in state.hand[1]:
        if uid not in state.discard[0] + state.discard[1]:
            token = table.token[uid]
            assert f'"card": "{token}"' not in text, f"seat 1's {token} leaks to seat 0"


def test_no_deck_order_is_shown() -> None:
    """Decks appear as counts; the cards under each Olympus stack's top card are not named."""
    state = _midgame()
    obs = state.observation(0)
    table = state.game.table
    text = json.dumps(obs)
    for player in obs["players"]:
        assert "deck" not in player
        assert player["deck_count"] == len(state.deck[player["side"]])
    for pile in state.stacks[0]:
        for uid in pile[:-1]:
            assert f'"card": "{table.token[uid]}"' not in text


def test_determinize_keeps_the_seats_knowledge_and_reshuffles_the_rest() -> None:
    """The copy looks the same to the seat, while the opponent's hand is dealt again."""
    state = _midgame(moves=30)
    changed = False
    for seed in range(20):
        copy = state.determinize(0, seed)
        assert copy.observation(0) == state.observation(0)
        assert sorted(copy.hand[1] + copy.deck[1]) == sorted(state.hand[1] + state.deck[1])
        assert copy.hand[0] == state.hand[0]
        changed |= copy.hand[1] != state.hand[1] or copy.deck[0] != state.deck[0]
    assert changed


def test_teammates_do_not_see_each_others_hands() -> None:
    """With four players a seat sees only its own hand."""
    state = _midgame("teams", moves=20)
    obs = state.observation(2)
    assert [("hand" in p) for p in obs["players"]] == [False, False, True, False]


def test_the_solo_opponent_has_no_seat_and_its_deck_is_hidden() -> None:
    """The Hells' deck is a count; the player's hand is shown."""
    state = _midgame("solo-hercules", moves=3)
    obs = state.observation(0)
    hells = obs["players"][1]
    assert hells["scripted"] and hells["seat"] is None and "hand" not in hells
    assert "hand" in obs["players"][0]
    assert obs["scenario"]["title"].startswith("To the Hells")


def test_the_terminal_drawing_shows_hand_cities_and_stacks() -> None:
    """`bellica play bellum` draws a readable table from the observation."""
    from rich.console import Console

    state = _midgame(moves=10)
    console = Console(width=160, record=True)
    console.print(state.game.render(state.observation(0)))
    text = console.export_text()
    for words in ("Cities", "Olympus", "Legend", "Your hand", "districts"):
        assert words in text


def test_the_last_actions_consequences_are_told_in_words() -> None:
    """The state's events say what the last action caused, for every seat alike."""
    from bellum_helpers import do, position

    state = position(phase="declare", play={0: [13], 1: [17]}, stock=[])
    do(state, "Attack with Chimera", "Choose Satyr (017)")
    assert [e.text for e in state.events()] == [
        "Chimera (013) targets Satyr (017)",
        "Satyr (017) takes 1 damage",
    ]
    target, damage = state.events()
    assert target.marks == ("017", "013")
    assert (damage.kind, damage.fact("card"), damage.fact("amount")) == ("damage", "017", 1)
    do(state, "Block with Satyr")
    assert [e.text_for(1) for e in state.events()] == [
        "Satyr (017) blocks Chimera (013)",
        "Satyr (017) takes 3 damage",
        "Chimera (013) takes 1 damage",
        "Satyr (017) is destroyed",
        "no attacker got through unblocked: Sparta is not pillaged",
        # the phase steps nobody had a choice about are taken, and told
        "Athens: End the Deployment phase",
        "Athens: Draw no cards",
        "Athens: Keep this hand",
        "Sparta: End the Rally phase (the only choice)",
        "Sparta: Done declaring attackers (the only choice)",
    ]
    assert "events" not in state.observation(0)


def test_being_asked_to_answer_reveals_nothing_about_the_hand() -> None:
    """A player who owns an answer is asked whether it sits in hand or deck, so the question
    does not tell the opponent where it is; a player owning none is not asked."""
    from bellum_helpers import do, position, texts

    in_deck = position(hands={0: [55], 1: [16, 17]}, decks={1: [65]}, play={0: [41], 1: [60]})
    do(in_deck, "Play The Wrath of Zeus (055)")
    assert in_deck.current_player == 1 and texts(in_deck) == ["Do not answer"]
    in_hand = position(hands={0: [55], 1: [65, 17]}, decks={1: [16]}, play={0: [41], 1: [60]})
    do(in_hand, "Play The Wrath of Zeus (055)")
    assert in_hand.current_player == 1
    assert texts(in_hand) == ["Answer with Omnipotence (065)", "Do not answer"]
    assert in_deck.observation(0)["decision"] == in_hand.observation(0)["decision"]
    none = position(hands={0: [55], 1: [16, 17]}, play={0: [41], 1: [60]})
    do(none, "Play The Wrath of Zeus (055)")
    assert none.current_player == 0


def test_an_opponent_paying_keeps_a_hand_that_can_pay() -> None:
    """Determinizing while the opponent pays deals them a hand that still pays the rings."""
    from bellum_helpers import do, position

    state = position(
        hands={0: [27, 28, 41, 42], 1: [16]},
        decks={0: [17, 60, 61, 36, 39], 1: [71]},
        olympus=[[], [], [32], []],
    )
    do(state, "Buy Yama (032)")
    for seed in range(30):
        copy = state.determinize(1, seed)
        assert copy.legal_actions()
        assert copy.observation(1) == state.observation(1)


def test_only_the_drawer_reads_which_cards_it_drew() -> None:
    """A draw is public as a count; the drawer's own log names the cards (teams: only the
    drawer, teammates do not share hands in Bellum)."""
    from bellum_helpers import do, position

    state = position(phase="draw", decks={0: [16, 41, 27]})
    do(state, "Draw 2 cards")
    draw = next(e for e in state.events() if e.kind == "draw")
    assert draw.text == "Athens draws 2 cards"
    assert draw.text_for(1) == "Athens draws 2 cards"
    assert draw.text_for(0) == "Athens draws Imp (027), Mercenary (041)"
    assert "Imp" not in json.dumps(draw.to_json(1)) and "Imp" in json.dumps(draw.to_json(0))
    teams = position("teams", phase="draw", decks={0: [16, 41, 27]})
    do(teams, "Draw 1 card")
    (draw,) = [e for e in teams.events() if e.kind == "draw"]
    assert [draw.text_for(seat) for seat in range(4)] == [
        "Athens 1 draws Imp (027)",
        *["Athens 1 draws 1 card"] * 3,
    ]


def test_the_tensor_puts_your_hand_apart_and_the_others_in_their_hidden_pool() -> None:
    """Seat 0's own hand cards sit in its hand column; seat 1's hand and deck cards only in
    seat 1's hidden pool, whichever of the two they are in."""
    from bellum_helpers import position, uid

    from bellica.core.cards import zone_tensor_size

    state = position(hands={0: [16], 1: [41]}, decks={1: [27]})
    game = state.game
    places = zone_tensor_size(game.layout, game.sides)
    cards = state.observation_tensor(0)[: game.table.size * places].reshape(-1, places)
    hand_column = 2  # decks (2 columns), then hands: the seat's own first
    pool = places - 1 - game.sides + 1  # the hidden pool of the side after the seat's
    assert cards[uid(state, 16)].argmax() == hand_column
    assert cards[uid(state, 41)].argmax() == pool == cards[uid(state, 27)].argmax()
    seen_by_1 = state.observation_tensor(1)[: game.table.size * places].reshape(-1, places)
    assert seen_by_1[uid(state, 41)].argmax() == hand_column


def test_a_lone_choice_taken_for_a_seat_is_logged_without_telling_the_others_why() -> None:
    """Paying with the only card that can pay is taken without asking; everyone reads what
    was discarded, only the payer reads that it was the only choice (which tells what else
    its hand holds)."""
    from bellum_helpers import do, position

    state = position(hands={0: [16, 27]}, olympus=[[45], [], [], []])  # Hoplite: two rings
    do(state, "Buy Hoplite", "Discard Satyr (016) to pay")  # the Imp alone is left to pay
    forced = [e for e in state.events() if e.kind == "forced"]
    assert forced, [e.text for e in state.events()]
    for event in forced:
        assert "only choice" in event.text_for(0)
        assert "only choice" not in event.text and "only choice" not in event.text_for(1)
