"""Rulings 7-9: completing artifacts, how many win, and the Olympus card."""

from __future__ import annotations

import random
from pathlib import Path

from soo_helpers import CARDS, card, game, play, position, where, zone

import bellica
from bellica.games.siege_of_olympus.cards import CARDS_FILE

# Piece 13 is carried by Spore, Behemoth and Forge Keeper (an activated minion: no summon
# effect), and added by Twin-bearer.
PAIR = ["Spore", "Behemoth"]


def test_three_artifacts_win() -> None:
    state = position(
        minions={0: PAIR},
        artifacts={0: ["Relic 1", "Relic 2"]},
        hands={0: ["Forge Keeper", "Insight"]},
    )
    play(state, card(state, "summon", "Forge Keeper"))
    assert state.is_terminal
    result = state.observation(0)["result"]
    assert result["winners"] == [0]
    assert "Artifacts" in result["reason"]
    one = position(
        minions={0: PAIR}, artifacts={0: ["Relic 1"]}, hands={0: ["Forge Keeper", "Insight"]}
    )
    play(one, card(one, "summon", "Forge Keeper"))
    assert not one.is_terminal
    assert zone(one, "artifacts", 0) == ["Relic 1", "Relic 13"]


def test_olympus_card_sets_the_artifacts_needed(tmp_path: Path) -> None:
    text = CARDS.read_text(encoding="utf-8").replace("artifacts_to_win = 3", "artifacts_to_win = 1")
    one = tmp_path / "one_artifact.toml"
    one.write_text(text, encoding="utf-8")
    state = position(cards=one, minions={0: PAIR}, hands={0: ["Forge Keeper"]})
    assert state.observation(0)["artifacts_to_win"] == 1
    assert state.observation(0)["olympus"]["goal"] == 1
    play(state, card(state, "summon", "Forge Keeper"))
    assert state.is_terminal and state.outcome().winners == (0,)
    assert position(minions={0: PAIR}).observation(0)["artifacts_to_win"] == 3
    shipped = bellica.load("siege-of-olympus").new_game(1)
    assert shipped.observation(0)["artifacts_to_win"] == 3


def test_completing_an_artifact_takes_it_and_draws_a_card() -> None:
    state = position(minions={0: PAIR}, hands={0: ["Forge Keeper", "Insight"]}, deck=["Oracle"])
    hand, deck = len(state.hand[0]), len(state.deck)
    play(state, card(state, "summon", "Forge Keeper"))
    obs = state.observation(1)
    assert [a["name"] for a in obs["players"][0]["artifacts"]] == ["Relic 13"]
    assert "Relic 13" not in [a["name"] for a in obs["artifact_pile"]]
    assert len(state.hand[0]) == hand  # one summoned, one drawn
    assert where(state, "Oracle") == "hand 0"
    assert len(state.deck) == deck - 1


def test_artifact_is_kept_when_its_minions_leave() -> None:
    state = position(minions={0: PAIR}, hands={0: ["Forge Keeper", "Purge"]})
    play(state, card(state, "summon", "Forge Keeper"))
    assert zone(state, "artifacts", 0) == ["Relic 13"]
    play(state, card(state, "cast", "Purge"), card(state, "target", "Spore"))
    assert where(state, "Spore") == "underworld"
    assert zone(state, "artifacts", 0) == ["Relic 13"]
    assert "Relic 13" not in zone(state, "pile")


def test_completing_a_taken_artifact_again_gives_nothing() -> None:
    state = position(minions={0: PAIR}, hands={0: ["Forge Keeper", "Purge", "Twin-bearer"]})
    play(state, card(state, "summon", "Forge Keeper"))
    play(state, card(state, "cast", "Purge"), card(state, "target", "Spore"))
    hand, deck = len(state.hand[0]), len(state.deck)
    play(state, card(state, "summon", "Twin-bearer"))  # adds piece 13: three carriers again
    assert len(state.hand[0]) == hand - 1
    assert len(state.deck) == deck
    assert zone(state, "artifacts", 0) == ["Relic 13"]
    # The opponent gathering the three pieces of a taken Artifact gets nothing either.
    theirs = position(
        active=1,
        minions={1: PAIR},
        artifacts={0: ["Relic 13"]},
        hands={1: ["Forge Keeper", "Insight"]},
    )
    deck = len(theirs.deck)
    play(theirs, card(theirs, "summon", "Forge Keeper"))
    assert zone(theirs, "artifacts", 1) == []
    assert len(theirs.hand[1]) == 1 and len(theirs.deck) == deck
    assert zone(theirs, "artifacts", 0) == ["Relic 13"]


def test_olympus_never_leaves_its_place() -> None:
    for cards, seed in ((CARDS, 3), (CARDS, 8), (CARDS_FILE, 5)):
        g = game(cards)
        state = g.new_game(seed)
        olympus = g.olympus_uid
        rng = random.Random(seed)
        for _ in range(400):
            assert state.olympus == [olympus]
            for zone_cards in (state.deck, state.tartarus, state.agora, state.underworld):
                assert olympus not in zone_cards
            for side in (0, 1):
                assert olympus not in state.hand[side] and olympus not in state.minions[side]
            obs = state.observation(0)
            assert obs["olympus"]["card"] == g.table.token[olympus]
            assert obs["olympus"]["goal"] == 3
            if state.is_terminal:
                break
            state.apply(rng.choice(state.legal_actions()))
