"""Rulings on the turn: phases, costs, limits, the Deck and refills, the Agora, the mulligan,
the Commander ability, the options and the turn limit."""

from __future__ import annotations

from pathlib import Path

import pytest
from soo_helpers import (
    CARDS,
    attacks,
    card,
    cards_of,
    end_phase,
    game,
    kinds,
    pass_turn,
    plain,
    play,
    position,
    to_phase,
    uid,
    where,
    zone,
)

import bellica
from bellica.core import BellicaError
from bellica.games.siege_of_olympus.state import SiegeState

FIXED = {"commanders": "Kronos,Typhon"}


def _set_up(state: SiegeState) -> SiegeState:
    """Both players keep their opening hands."""
    while state.phase == "setup":
        play(state, plain(state, "keep"))
    return state


# -- ruling 12: phases ------------------------------------------------------------------------
def test_spells_are_cast_only_in_the_deploy_phase() -> None:
    state = position(
        hands={0: ["Insight", "Raider Three"]},
        agora=["Wisp", "Pebble", "Bolt", "Smite"],
        minions={0: ["Forge Keeper"]},
        tartarus=["Giant A"],
    )
    assert {"cast", "summon", "use", "leave"} <= kinds(state)
    assert "Insight" in cards_of(state, "cast")
    to_phase(state, "recruit")
    assert kinds(state) == {"attack", "end_recruit"}
    to_phase(state, "attack")
    assert kinds(state) == {"end_turn"}  # no enemy minion, no Primordial minion


# -- ruling 14: the Commander's ability -------------------------------------------------------
def test_commander_ability_once_per_game() -> None:
    state = position(hands={0: ["Insight"]}, tartarus=["Giant A"], minions={0: ["Wisp"]})
    assert "Kronos" in cards_of(state, "use")
    hand = len(state.hand[0])
    play(state, card(state, "use", "Kronos"))  # draw 2
    assert len(state.hand[0]) == hand + 2
    assert state.observation(1)["players"][0]["ability_used"] is True
    assert "use" not in kinds(state)
    pass_turn(state)
    pass_turn(state)
    assert state.active == 0 and state.phase == "deploy"
    assert "use" not in kinds(state)
    unused = position(phase="recruit", minions={0: ["Wisp"]}, tartarus=["Giant A"])
    assert "use" not in kinds(unused)
    to_phase(unused, "attack")
    assert "use" not in kinds(unused)


# -- ruling 15: cost --------------------------------------------------------------------------
def test_cost_zero_minion_can_be_summoned_on_an_empty_board() -> None:
    state = position(hands={0: ["Raider Three", "Olympian One"]})  # cost 0 and cost 1
    assert cards_of(state, "summon") == {"Raider Three"}


def test_cost_counts_minions_already_in_play() -> None:
    state = position(
        minions={0: ["Wisp", "Pebble"]}, hands={0: ["Olympian Warded", "Olympian Three"]}
    )
    assert cards_of(state, "summon") == {"Olympian Warded"}  # cost 2, not cost 3
    play(state, card(state, "summon", "Olympian Warded"))
    assert cards_of(state, "summon") == {"Olympian Three"}


# -- ruling 17: the empty Deck ----------------------------------------------------------------
SIX = ["Giant A", "Giant B", "Giant C", "Giant D", "Giant E", "Pebble"]


def test_empty_deck_reshuffles_the_underworld() -> None:
    state = position(
        active=1,
        phase="attack",
        tartarus=SIX,
        underworld=["Insight", "Mend", "Bolt"],
        rest="hand 0",
    )
    assert state.deck == []
    hand = len(state.hand[0])
    end_phase(state)
    assert state.active == 0
    assert len(state.hand[0]) == hand + 1
    assert state.underworld == []
    assert len(state.deck) == 2
    drawn = set(state.hand[0][-1:])
    assert drawn <= {uid(state, n) for n in ("Insight", "Mend", "Bolt")}


def test_nothing_is_drawn_when_deck_and_underworld_are_empty() -> None:
    state = position(active=1, phase="attack", tartarus=SIX, rest="hand 0")
    assert state.deck == [] and state.underworld == []
    hand = len(state.hand[0])
    end_phase(state)
    assert state.active == 0 and state.phase == "deploy"
    assert len(state.hand[0]) == hand
    assert not state.is_terminal


# -- ruling 18: the mulligan ------------------------------------------------------------------
def test_first_player_mulligans_first() -> None:
    state = game(first="1", **FIXED).new_game(4)
    assert state.current_player == 1
    assert kinds(state) == {"return", "keep"}
    play(state, plain(state, "keep"))
    assert state.current_player == 0
    assert kinds(state) == {"return", "keep"}
    play(state, plain(state, "keep"))
    assert state.phase == "deploy" and state.active == 1


def test_mulligan_returns_at_most_three_and_redraws_as_many() -> None:
    came_back, replaced = False, False
    for seed in range(40):
        state = game(first="0", **FIXED).new_game(seed)
        deck = len(state.deck)
        returned = sorted(state.hand[0])[:3]
        for u in returned:
            play(state, state.game.actions.card("return", u))
        assert kinds(state) == {"keep"}
        assert len(state.hand[0]) == 3 and len(state.deck) == deck + 3
        play(state, plain(state, "keep"))
        assert state.current_player == 1
        assert len(state.hand[0]) == 6
        assert len(state.deck) == deck
        back = sum(1 for u in returned if u in state.hand[0])
        came_back = came_back or back > 0
        replaced = replaced or back < 3
        if came_back and replaced:
            break
    # The returned cards were shuffled into the Deck before the redraw: they may come back,
    # and other cards may come instead.
    assert came_back and replaced


# -- ruling 21: when new cards are playable ---------------------------------------------------
def test_recruited_prisoner_cannot_be_summoned_this_turn() -> None:
    state = position(hands={0: ["Condemn"]}, tartarus=["Wisp"])
    play(state, card(state, "cast", "Condemn"))  # the only prisoner: chosen at once
    assert where(state, "Wisp") == "hand 0"
    assert "Wisp" not in cards_of(state, "summon")
    assert "fresh" in state.observation(0)["hand"][0]["flags"]
    pass_turn(state)
    pass_turn(state)
    assert state.active == 0 and state.phase == "deploy"
    assert "Wisp" in cards_of(state, "summon")
    # Recruited in a fight, too.
    fight = position(phase="recruit", minions={0: ["Raider Four"]}, tartarus=["Wisp"])
    play(fight, fight.game.actions.attack(uid(fight, "Raider Four"), uid(fight, "Wisp")))
    assert fight.status[uid(fight, "Wisp")] & 4  # fresh
    pass_turn(fight)
    pass_turn(fight)
    assert "Wisp" in cards_of(fight, "summon")


def test_reborn_and_free_minions_wait_a_turn() -> None:
    state = position(
        hands={0: ["Necromancy", "Liberation"]}, underworld=["Wisp"], tartarus=["Pebble"]
    )
    play(state, card(state, "cast", "Necromancy"))
    play(state, card(state, "cast", "Liberation"))
    assert where(state, "Wisp") == "hand 0" and where(state, "Pebble") == "hand 0"
    assert cards_of(state, "summon") == set()
    pass_turn(state)
    pass_turn(state)
    assert {"Wisp", "Pebble"} <= cards_of(state, "summon")


def test_agora_and_search_cards_are_playable_at_once() -> None:
    state = position(hands={0: ["Insight", "Seek"]}, agora=["Wisp", "Mend", "Bolt", "Smite"])
    play(state, card(state, "leave", "Insight"), card(state, "take", "Wisp"))
    assert "Wisp" in cards_of(state, "summon")
    play(state, card(state, "cast", "Seek"), card(state, "target", "Pebble"))
    assert where(state, "Pebble") == "hand 0"
    assert {"Wisp", "Pebble"} <= cards_of(state, "summon")
    drawn = position(hands={0: ["Insight"]}, deck=["Wisp"])
    play(drawn, card(drawn, "cast", "Insight"))
    assert cards_of(drawn, "summon") == {"Wisp"}  # a drawn card, too


# -- ruling 24: limits ------------------------------------------------------------------------
EIGHT = [
    "Giant A",
    "Giant B",
    "Giant C",
    "Giant D",
    "Raider Three",
    "Raider Four",
    "Ranger Two",
    "Trickster One",
]


def test_no_summon_with_eight_minions() -> None:
    full = position(minions={0: EIGHT}, hands={0: ["Wisp"]})
    assert "summon" not in kinds(full)
    seven = position(minions={0: EIGHT[:7]}, hands={0: ["Wisp"]})
    assert cards_of(seven, "summon") == {"Wisp"}
    play(seven, card(seven, "summon", "Wisp"))
    assert len(seven.minions[0]) == 8


def test_discard_down_to_eight_at_the_end_of_the_turn() -> None:
    ten = ["Insight", "Mend", "Bolt", "Smite", "Purge", "Wisp", "Oracle", "Spore", "Asp", "Seek"]
    state = position(phase="attack", hands={0: ten}, tartarus=SIX)
    play(state, plain(state, "end_turn"))
    assert state.current_player == 0 and state.stack[-1].name == "discard_down"
    assert cards_of(state, "discard") == set(ten)
    play(state, card(state, "discard", "Bolt"))
    assert state.current_player == 0 and cards_of(state, "discard") == set(ten) - {"Bolt"}
    play(state, card(state, "discard", "Asp"))
    assert state.active == 1
    assert len(state.hand[0]) == 8
    assert where(state, "Bolt") == "underworld" and where(state, "Asp") == "underworld"
    eight = position(phase="attack", hands={0: ten[:8]}, tartarus=SIX)
    play(eight, plain(eight, "end_turn"))
    assert eight.active == 1 and len(eight.hand[0]) == 8


# -- ruling 25: refills -----------------------------------------------------------------------
def test_tartarus_is_refilled_to_six_at_the_end_of_the_turn() -> None:
    state = position(
        phase="attack",
        tartarus=SIX[:4],
        agora=["Mend", "Bolt"],
        deck=["Insight", "Wisp", "Pebble", "Spore"],
    )
    play(state, plain(state, "end_turn"))
    assert zone(state, "tartarus") == [*SIX[:4], "Wisp", "Pebble"]
    assert zone(state, "agora") == ["Mend", "Bolt", "Insight"]
    assert where(state, "Spore") == "hand 1"  # the next card is side 1's draw


def test_refill_sends_spells_under_the_deck_when_the_agora_is_full() -> None:
    agora = ["Mend", "Bolt", "Smite", "Purge", "Seek", "Scorch"]
    state = position(
        phase="attack", tartarus=SIX[:5], agora=agora, deck=["Insight", "Wisp", "Spore"]
    )
    play(state, plain(state, "end_turn"))
    assert zone(state, "agora") == agora
    assert zone(state, "tartarus") == [*SIX[:5], "Wisp"]
    assert zone(state, "deck")[0] == "Insight"  # the bottom card


def test_refill_always_ends() -> None:
    g = game()
    spells = [g.table.card[u].name for u in g.spell_uids]
    minions = [g.table.card[u].name for u in g.minion_uids]
    agora, deck, under = spells[:6], spells[6:16], spells[16:]
    state = position(
        phase="attack",
        tartarus=minions[:5],
        minions={0: minions[5:13], 1: minions[13:21]},
        agora=agora,
        deck=deck,
        underworld=under,
        rest="hand 1",
    )
    assert sorted(zone(state, "deck")) == sorted(deck)
    play(state, plain(state, "end_turn"))
    assert state.active == 1 and state.phase == "deploy"
    assert len(state.tartarus) == 5 and zone(state, "agora") == agora
    drawn = [n for n in deck + under if where(state, n) == "hand 1"]
    assert len(drawn) == 1  # side 1's draw
    assert sorted(zone(state, "deck") + zone(state, "underworld") + drawn) == sorted(deck + under)
    # An empty Deck takes in the Underworld for the refill.
    minion_state = position(
        phase="attack",
        tartarus=minions[:5],
        minions={0: minions[5:13], 1: minions[13:21]},
        underworld=minions[21:24],
        rest="hand 1",
    )
    assert minion_state.deck == []
    play(minion_state, plain(minion_state, "end_turn"))
    assert len(minion_state.tartarus) == 6
    assert zone(minion_state, "tartarus")[5] in minions[21:24]


def test_setup_fills_the_agora_to_four() -> None:
    sizes = set()
    for seed in range(12):
        state = game(**FIXED).new_game(seed)
        play(state, plain(state, "keep"))
        # The Deck as it stands before the last keep: Tartarus and the Agora come off its top.
        order = list(reversed(state.deck))
        prisoners, spells = 0, 0
        for u in order:
            if prisoners == 6:
                break
            if state.game.is_minion[u]:
                prisoners += 1
            else:
                spells += 1
        play(state, plain(state, "keep"))
        assert len(state.tartarus) == 6
        assert all(state.game.is_minion[u] for u in state.tartarus)
        assert len(state.agora) == max(4, min(spells, 6))
        sizes.add(len(state.agora))
    assert 4 in sizes and max(sizes) > 4


# -- ruling 26: the Agora exchange ------------------------------------------------------------
AGORA = ["Wisp", "Pebble", "Bolt", "Smite"]


def test_agora_exchange_once_per_turn() -> None:
    state = position(hands={0: ["Insight", "Mend"]}, agora=AGORA, tartarus=["Giant A"])
    assert cards_of(state, "leave") == {"Insight", "Mend"}
    play(state, card(state, "leave", "Insight"), card(state, "take", "Wisp"))
    assert len(state.hand[0]) == 2 and len(state.agora) == 4
    assert where(state, "Insight") == "agora" and where(state, "Wisp") == "hand 0"
    assert "leave" not in kinds(state)
    to_phase(state, "recruit")
    assert "leave" not in kinds(state)
    to_phase(state, "attack")
    assert "leave" not in kinds(state)
    pass_turn(state)
    pass_turn(state)
    assert state.active == 0
    assert "leave" in kinds(state)


def test_cannot_take_back_a_card_left_this_turn() -> None:
    state = position(hands={0: ["Insight", "Mend"]}, agora=AGORA)
    play(state, card(state, "leave", "Insight"))
    assert state.stack[-1].name == "take"
    assert cards_of(state, "take") == set(AGORA)  # not Insight


def test_exchange_keyword_gives_an_extra_exchange() -> None:
    state = position(hands={0: ["Barter", "Insight", "Mend", "Meteor"]}, agora=AGORA[:3])
    play(state, card(state, "leave", "Insight"), card(state, "take", "Wisp"))
    play(state, card(state, "cast", "Barter"))
    assert state.stack[-1].name == "leave"
    play(state, card(state, "leave", "Mend"))
    assert cards_of(state, "take") == {"Pebble", "Bolt"}  # neither Insight nor Mend
    play(state, card(state, "take", "Pebble"))
    assert where(state, "Mend") == "agora" and where(state, "Pebble") == "hand 0"
    assert len(state.agora) == 3
    assert "leave" not in kinds(state)
    first = position(hands={0: ["Barter", "Insight", "Mend"]}, agora=AGORA[:3])
    play(first, card(first, "cast", "Barter"))
    play(first, card(first, "leave", "Insight"), card(first, "take", "Wisp"))
    assert cards_of(first, "leave") == {"Mend", "Wisp"}  # the turn's own exchange is left
    play(first, card(first, "leave", "Mend"))
    assert cards_of(first, "take") == {"Pebble", "Bolt"}


# -- ruling 27: the turn limit ----------------------------------------------------------------
def test_turn_limit_more_commander_health_wins() -> None:
    state = game(turn_limit=1, **FIXED).new_game(2)
    _set_up(state)
    first = state.active
    pass_turn(state)
    assert not state.is_terminal and state.active == 1 - first
    pass_turn(state)
    assert state.is_terminal
    assert state.outcome().winners == (0,)  # Kronos 20 against Typhon 18
    weaker = position(active=1, turn=2, phase="attack", health=(9, 12), turn_limit=1)
    play(weaker, plain(weaker, "end_turn"))
    assert weaker.is_terminal and weaker.outcome().winners == (1,)


def test_turn_limit_tie_goes_to_more_artifacts() -> None:
    state = position(
        active=1,
        turn=2,
        phase="attack",
        health=(15, 15),
        artifacts={1: ["Relic 1"]},
        turn_limit=1,
    )
    play(state, plain(state, "end_turn"))
    assert state.is_terminal and state.outcome().winners == (1,)
    assert "Artifacts" in state.outcome().reason


def test_turn_limit_full_tie_is_a_draw() -> None:
    state = position(
        active=1,
        turn=2,
        phase="attack",
        health=(15, 15),
        artifacts={0: ["Relic 2"], 1: ["Relic 1"]},
        turn_limit=1,
    )
    play(state, plain(state, "end_turn"))
    assert state.is_terminal
    assert state.observation(0)["result"]["winners"] == []


def test_turn_limit_zero_means_no_limit() -> None:
    late = {"active": 1, "turn": 200, "phase": "attack", "health": (15, 10), "tartarus": SIX}
    state = position(turn_limit=0, **late)  # type: ignore[arg-type]
    assert state.round == 100
    play(state, plain(state, "end_turn"))
    assert not state.is_terminal and state.round == 101 and state.active == 0
    limited = position(**late)  # type: ignore[arg-type]
    play(limited, plain(limited, "end_turn"))
    assert limited.is_terminal  # the default limit, 40 rounds, is long past


# -- ruling 28: options -----------------------------------------------------------------------
def test_first_option_sets_the_first_player() -> None:
    for first in (0, 1):
        state = _set_up(game(first=str(first), **FIXED).new_game(3))
        assert state.observation(0)["first"] == first
        assert state.active == first and state.phase == "deploy"
    rolled = {game(first="roll", **FIXED).new_game(seed).first for seed in range(20)}
    assert rolled == {0, 1}


def test_commanders_choose_first_player_picks_first() -> None:
    state = game(commanders="choose", first="1").new_game(5)
    assert state.current_player == 1
    assert cards_of(state, "commander") == {"Kronos", "Typhon", "Gaia", "Prometheus"}
    play(state, card(state, "commander", "Gaia"))
    assert state.current_player == 0
    assert cards_of(state, "commander") == {"Kronos", "Typhon", "Prometheus"}
    play(state, card(state, "commander", "Typhon"))
    assert zone(state, "commander", 1) == ["Gaia"] and zone(state, "commander", 0) == ["Typhon"]
    assert state.health == [18, 22]


def test_commanders_fixed_pair_goes_to_seats_0_and_1(tmp_path: Path) -> None:
    for first in ("0", "1"):
        state = game(commanders="Gaia,Prometheus", first=first).new_game(1)
        assert zone(state, "commander", 0) == ["Gaia"]
        assert zone(state, "commander", 1) == ["Prometheus"]
        obs = state.observation(0)
        assert [p["health"] for p in obs["players"]] == [22, 16]
        assert [p["label"] for p in obs["players"]] == ["Gaia", "Prometheus"]
    with pytest.raises(BellicaError, match="commanders"):
        bellica.load("siege-of-olympus", options={"commanders": "Zeus,Kronos"}, cards=str(CARDS))
    renamed = tmp_path / "renamed.toml"
    renamed.write_text(
        CARDS.read_text(encoding="utf-8").replace('"Prometheus"', '"Epimetheus"'),
        encoding="utf-8",
    )
    with pytest.raises(BellicaError, match="commanders: Prometheus"):
        bellica.load(
            "siege-of-olympus", options={"commanders": "Kronos,Prometheus"}, cards=str(renamed)
        )


def test_commanders_start_at_their_card_health() -> None:
    for pair, health in (("Kronos,Typhon", [20, 18]), ("Prometheus,Gaia", [16, 22])):
        state = game(commanders=pair).new_game(2)
        obs = state.observation(1)
        assert [p["health"] for p in obs["players"]] == health
        assert [p["max_health"] for p in obs["players"]] == health
        assert [p["commander"]["health"] for p in obs["players"]] == health


def test_attack_actions_only_in_recruit_and_attack() -> None:
    """No attack is offered in the Deploy phase except through Ambush."""
    state = position(minions={0: ["Raider Four"], 1: ["Behemoth"]}, tartarus=["Wisp"])
    assert attacks(state) == set()
