"""The three solo scenarios: setups, scripted opponents, scenario rules, wins and losses."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from bellum_helpers import do, game, position, power, texts, uid

import bellica
from bellica.games.bellum.cards import CARDS_FILE
from bellica.games.bellum.state import BellumState

HELLS, PLAGUE, TROY = "solo-hercules", "solo-plague", "solo-troy"
HELLS_MARKET = [46, 47, 48, 49, 50, 51, 52, 54]


# -- helpers ------------------------------------------------------------------------------------
def hells(**kw: Any) -> BellumState:
    return position(HELLS, cities=("", ""), strategy=(0, 0), market=HELLS_MARKET, **kw)


def plague(**kw: Any) -> BellumState:
    return position(PLAGUE, cities=("", ""), strategy=(0, 0), **kw)


def troy(**kw: Any) -> BellumState:
    return position(TROY, cities=("Troy", ""), strategy=(2, 0), **kw)


def their_turn(build: Callable[..., BellumState], **kw: Any) -> BellumState:
    """Your turn ends (hand kept) and the scripted side plays its whole turn."""
    state = build(phase="keep", **kw)
    if state.hand[0] and not state.is_terminal:
        do(state, "Keep this hand")
    return state


def start_of_your_turn(build: Callable[..., BellumState], **kw: Any) -> BellumState:
    """The scripted turn has just ended: your turn starts with its Rally phase."""
    return build(team=1, phase="draw", stack="end_turn", **kw)


def numbers(state: BellumState, uids: list[int]) -> list[int]:
    return [state.game.table.card[u].number for u in uids]


def dmg(state: BellumState, number: int) -> int:
    return state.damage[uid(state, number)]


def lost(state: BellumState) -> bool:
    return state.is_terminal and state.returns() == [-1.0]


def won(state: BellumState) -> bool:
    return state.is_terminal and state.returns() == [1.0]


# == Hells: To the Hells and back with Hercules =================================================
def test_hells_setup_deals_the_scenario_cards() -> None:
    """Your six cards and Hercules, the Hells' deck, Styx, Chimera and the market."""
    s = game(HELLS).new_game(3)
    assert sorted(numbers(s, s.deck[0] + s.hand[0])) == [41, 42, 45, 74, 75, 76]
    assert len(s.hand[0]) == 3
    assert numbers(s, s.play[0]) == [44]
    assert sorted(numbers(s, s.deck[1])) == [14, 18, 19, 20, 69, 70, 81, 82, 83, 84, 85, 86, 87, 88]
    assert numbers(s, s.play[1]) == [15, 13, 93]
    styx = uid(s, 15)
    assert s.face_of(styx).name == "Styx" and s.charges[styx] == 0
    assert numbers(s, s.market) == HELLS_MARKET
    assert (s.active, s.round, s.cities) == (0, 1, ["", ""])


def test_hells_setup_uses_093_as_a_fourth_abomination() -> None:
    """The Abomination put in play is the extra copy 093; the three others stay in the deck."""
    s = game(HELLS).new_game(5)
    abomination = uid(s, 93)
    assert abomination in s.play[1]
    assert s.face_of(abomination).name == "Unspeakable Abomination"
    assert power(s, 93) == power(s, 82) == s.face_of(abomination).power  # the same design
    assert {82, 83, 84} <= set(numbers(s, s.deck[1]))


def test_hells_market_can_be_bought() -> None:
    """The market's cards are for sale at their cost: two cards buy a Hoplite, not an Assassin."""
    s = hells(hands={0: [41, 74]}, play={0: [44]}, decks={1: [85]})
    assert "Buy Hoplite (046)" in texts(s) and "Buy Assassin (049)" not in texts(s)
    do(s, "Buy Hoplite (046)", "Discard Mercenary (041) to pay")
    assert numbers(s, s.discard[0]) == [41, 74, 46]
    assert uid(s, 46) not in s.market


def test_hells_rally_removes_one_damage_from_hercules() -> None:
    """At the start of your turn Hercules loses exactly one damage token."""
    s = start_of_your_turn(hells, play={0: ["044[d3]"]}, decks={0: [41], 1: [85]})
    assert s.active == 0 and dmg(s, 44) == 2
    s = start_of_your_turn(hells, play={0: [44]}, decks={0: [41], 1: [85]})
    assert dmg(s, 44) == 0


def test_hells_strongest_creature_blocks_hercules() -> None:
    """Hercules attacks: the strongest Hells creature (Ammit) must block him."""
    s = hells(phase="declare", hands={0: [41]}, play={0: [44], 1: [13, 18, 85]}, decks={1: [86]})
    do(s, "Attack with Hercules")
    assert s.phase == "deploy"
    assert uid(s, 18) in s.discard[1]  # Ammit (3 in this scenario) fell to Hercules (7)
    assert dmg(s, 44) == 3
    assert dmg(s, 13) == 0 and dmg(s, 85) == 0


def test_hells_tie_for_strongest_blocker_is_your_choice() -> None:
    """Two Hells creatures tie for strongest: the player picks which one blocks Hercules."""
    s = hells(phase="declare", hands={0: [41]}, play={0: [44], 1: [18, 93]}, decks={1: [85]})
    do(s, "Attack with Hercules")
    assert s.current_player == 0
    assert texts(s) == ["Choose Ammit (018)", "Choose Unspeakable Abomination (093)"]
    do(s, "Choose Unspeakable Abomination")
    assert s.phase == "deploy"
    assert uid(s, 93) in s.discard[1] and uid(s, 18) in s.play[1]


def test_scripted_choices_fall_to_the_player() -> None:
    """Decisions the script leaves open (the Hells' other blocks, a tie) are made by seat 0."""
    s = hells(phase="declare", hands={0: [42]}, play={0: [44, 41], 1: [18, 89]}, decks={1: [85]})
    do(s, "Attack with Hercules", "Attack with Mercenary")
    # Ammit blocked Hercules by itself; the Hells' block for the Mercenary is yours to make.
    assert s.blocks == [(uid(s, 44), uid(s, 18))]
    assert s.current_player == 0 and s.stack[-1].side == 1
    assert texts(s) == ["Block with Enthralled Undead (089)", "Do not block"]
    do(s, "Block with Enthralled Undead")
    assert uid(s, 89) in s.discard[1] and dmg(s, 41) == 1
    # A tie among your creatures for a Plague Monster's target is yours to break as well.
    s = their_turn(plague, play={0: [57, 41, 45], 1: ["032"]}, decks={1: [82, 83, 84]})
    assert s.current_player == 0
    assert texts(s) == ["Choose Mercenary (041)", "Choose Hoplite (045)"]
    # And so is the Monsters' choice of a creature of their own to sacrifice.
    s = their_turn(plague, play={0: [57, "041[s]"], 1: [81]}, decks={1: [82, 83, 34]})
    do(s, "Block with Mercenary")  # both survive: a Shield, and 2 damage on the Hydra
    assert s.current_player == 0
    assert texts(s) == ["Sacrifice Lernean Hydra (081)", "Sacrifice Possessed Spartan (034)"]


def test_hells_hercules_can_block_again_after_his_duels() -> None:
    """Hercules, having killed the attackers he fought, may be chosen to block the next turn."""
    s = their_turn(hells, play={0: [44], 1: [85, 86]}, decks={0: [41, 42, 45], 1: [82, 83, 84]})
    do(s, "Do not block", "Do not block")  # Hercules fights and kills both Undead
    assert s.active == 0 and dmg(s, 44) == 1
    do(s, "Done declaring", "Draw 3 cards", "Keep this hand")
    assert texts(s) == ["Block with Hercules (044)", "Do not block"]
    assert s.active == 1 and numbers(s, s.attackers) == [84, 83]


def test_hells_creatures_all_attack() -> None:
    """Every Hells creature attacks in the Hells' turn."""
    s = their_turn(hells, play={0: [44, 41], 1: ["015[f]", 93, 85]}, decks={1: [86, 87]})
    assert numbers(s, s.attackers) == [93, 85]
    assert s.current_player == 0 and s.stack[-1].name == "block"


def test_hells_hercules_blocks_every_unblocked() -> None:
    """After your blocks Hercules fights each unblocked Hells attacker, one duel each."""
    s = their_turn(hells, play={0: [44, 41], 1: [93, 85, 86]}, decks={1: [82, 83, 84, 87]})
    do(s, "Block with Mercenary", "Do not block", "Do not block")
    assert numbers(s, s.discard[1]) == [85, 86]  # both Undead fell to Hercules
    assert uid(s, 41) in s.discard[0]  # the Mercenary lost its duel with the Abomination
    assert dmg(s, 93) == 2
    # Hercules took 1 from each Undead, then lost one token at the start of your turn.
    assert s.active == 0 and dmg(s, 44) == 1
    # Every duel is fought at once at full power: three duels kill all three attackers even
    # though their 7 damage also destroy Hercules.
    s = their_turn(hells, play={0: [44], 1: [93, 83, 85]}, decks={1: [82, 84, 86, 87]})
    do(s, "Do not block", "Do not block", "Do not block")
    assert sorted(numbers(s, s.discard[1])) == [83, 85, 93]
    assert lost(s)


def test_hells_chimera_breath_hits_hercules() -> None:
    """A Hells damage ability picks Hercules even when a weaker creature of yours is there."""
    s = their_turn(hells, play={0: [44, 41], 1: [13]}, decks={1: [85, 86]})
    assert s.stack[-1].name == "block"  # the breath resolved without asking anyone
    assert dmg(s, 44) == 1 and dmg(s, 41) == 0


def test_hells_emeth_death_hits_hercules() -> None:
    """Emeth dies blocking Hercules; its death damage goes to Hercules, not your Mercenary."""
    s = hells(phase="declare", hands={0: [42]}, play={0: [44, 41], 1: [20, 85]}, decks={1: [86]})
    do(s, "Attack with Hercules", "Done declaring")
    assert s.phase == "deploy" and uid(s, 20) in s.discard[1]
    assert dmg(s, 44) == 3 + 1 and dmg(s, 41) == 0


def test_hells_ammit_deployment_hits_hercules() -> None:
    """Ammit revealed after a death ability this turn deals its 2 damage to Hercules."""
    s = hells(
        team=1,
        phase="draw",
        flags="died_this_turn",
        stack="end_turn; opponent_draw",
        play={0: [44, 41]},
        decks={0: [42], 1: [85, 18]},
    )
    assert uid(s, 18) in s.play[1]
    assert dmg(s, 41) == 0
    assert dmg(s, 44) == 2 - 1  # one token came off at the start of your turn


def test_hells_fall_of_the_omphalos_hurts_only_your_creatures() -> None:
    """The Hells' Fall of the Omphalos damages your creatures and none of theirs."""
    s = their_turn(hells, play={0: [44, 41], 1: ["015[f]"]}, decks={0: [42], 1: [86, 69, 85]})
    assert numbers(s, s.play[1]) == [15, 85]
    assert dmg(s, 85) == 0
    assert dmg(s, 41) == 1
    assert dmg(s, 44) == 1 - 1  # the Rally of your new turn took its token off


def test_hells_labyrinth_heals_hercules() -> None:
    """A Labyrinth discarded from hand in your Rally or Deployment heals Hercules 2 (harder 1)."""
    s = hells(hands={0: [74, 41]}, play={0: ["044[d3]"]}, decks={1: [85]})
    do(s, "Use Labyrinth (074)")
    assert s.phase == "deploy" and dmg(s, 44) == 1 and uid(s, 74) in s.discard[0]
    s = hells(hands={0: [74, 41]}, play={0: ["044[d1]"]}, decks={1: [85]})
    do(s, "Use Labyrinth (074)")
    assert dmg(s, 44) == 0
    s = hells(hands={0: [74, 41]}, play={0: ["044[d3]"]}, decks={1: [85]}, difficulty="harder")
    do(s, "Use Labyrinth (074)")
    assert s.phase == "deploy" and dmg(s, 44) == 2
    # It can be used in the Rally phase too, after the Rally's own token came off.
    s = start_of_your_turn(hells, hands={0: [74]}, play={0: ["044[d4]"]}, decks={1: [85]})
    assert s.phase == "rally" and dmg(s, 44) == 3
    do(s, "Use Labyrinth (074)")
    assert dmg(s, 44) == 1
    # With Hercules unhurt a Labyrinth offers no healing.
    s = hells(hands={0: [74]}, play={0: [44]}, decks={1: [85]})
    assert not any(t.startswith("Use") for t in texts(s))


def test_hells_play_two_cards_per_turn() -> None:
    """In the first cycle the Hells play two cards from their deck each turn."""
    s = their_turn(hells, play={0: [44], 1: ["015[f]"]}, decks={0: [41], 1: [82, 83, 84, 85, 86]})
    assert numbers(s, s.play[1]) == [15, 86, 85]
    assert numbers(s, s.deck[1]) == [82, 83, 84] and s.cycles == 0


def test_hells_play_three_cards_in_the_second_cycle() -> None:
    """After the first reshuffle the Hells play three cards a turn (two on easier)."""
    zones = {"play": {0: [44], 1: ["015[f]"]}, "decks": {0: [41], 1: [82, 83, 84, 85, 86]}}
    s = their_turn(hells, cycles=1, **zones)
    assert numbers(s, s.play[1]) == [15, 86, 85, 84]
    s = their_turn(hells, cycles=1, difficulty="easier", **zones)
    assert numbers(s, s.play[1]) == [15, 86, 85]


def test_hells_first_empty_deck_reshuffles_the_discard() -> None:
    """The deck running out the first time brings the discard pile back and is no win yet."""
    s = their_turn(
        hells, play={0: [44], 1: ["015[f]"]}, decks={0: [41], 1: [85]}, discards={1: [82, 83, 84]}
    )
    assert not s.is_terminal and s.cycles == 1
    assert len(s.play[1]) == 3  # Styx, the last Undead, then one card of the new deck
    assert len(s.deck[1]) == 2 and not s.discard[1]


def test_hells_second_cycle_wins() -> None:
    """The Hells' deck running out a second time wins the scenario."""
    s = their_turn(hells, cycles=1, play={0: [44], 1: ["015[f]"]}, decks={0: [41], 1: [85, 86]})
    assert won(s)
    assert "Hercules" in s.outcome().reason
    # Also when the last card is exactly the third one played that turn.
    s = their_turn(hells, cycles=1, play={0: [44], 1: ["015[f]"]}, decks={0: [41], 1: [85, 86, 87]})
    assert won(s)


def test_hells_won_by_ending_your_turn_in_the_second_cycle() -> None:
    """A scripted line: buy, end the turn, draw, keep; the Hells' last card ends their deck."""
    s = hells(hands={0: [41, 74]}, play={0: [44]}, decks={0: [42, 45, 75], 1: [88]}, cycles=1)
    do(s, "Buy Hoplite (046)", "Discard Mercenary (041) to pay")  # the hand is spent
    do(s, "Draw 3 cards", "Keep this hand")
    assert won(s)


def test_hells_lost_when_hercules_is_destroyed() -> None:
    """Hercules, worn down to 3 health, meets an Abomination (3): he falls; the game is lost."""
    s = their_turn(hells, play={0: ["044[d4]"], 1: [93]}, decks={1: [85, 86]})
    do(s, "Do not block")
    assert lost(s)
    assert s.outcome().reason == "Hercules was destroyed"


def test_hells_styx_returns_as_cerberus() -> None:
    """Styx gains a charge each Hells Rally and, once it has enough, turns back into Cerberus."""
    g = game(HELLS)
    need = g.effects(g.table.uid(15), 1, "rally")[-1].requires.charges
    styx = f"015[f,c{need - 1}]"
    s = their_turn(hells, play={0: [44, 41], 1: [styx]}, decks={0: [42], 1: [85, 86, 87, 88]})
    cerberus = uid(s, 15)
    assert s.face_of(cerberus).name == "Cerberus" and s.charges[cerberus] == 0
    assert s.attackers == [cerberus]
    assert dmg(s, 41) == 1 and dmg(s, 44) == 1  # its Assault hurt each of your creatures


# == Plague in Athens =============================================================================
def test_plague_setup_deals_the_scenario_cards() -> None:
    """Charon and a Mercenary for you; Styx, Ammit, Rite, Hydra and an Undead for the Monsters."""
    s = game(PLAGUE).new_game(2)
    assert numbers(s, s.play[0]) == [57, 41]
    mine = [45, 46, 47, 48, 49, 50, 52, 55, 56, 59, 63, 64, 66, 67]
    assert sorted(numbers(s, s.deck[0] + s.hand[0])) == mine and len(s.hand[0]) == 3
    assert numbers(s, s.play[1]) == [15, 18, 40, 81, 89]
    assert s.face_of(uid(s, 15)).name == "Styx"
    assert all(s.charges[u] == 0 and s.damage[u] == 0 for u in s.play[0] + s.play[1])
    assert len(s.deck[1]) == 15 and not s.market
    assert not s.shield[uid(s, 41)]


def test_plague_difficulty_settings() -> None:
    """Harder: the Monsters get the Tower of Babel (+1 power); easier: a Shielded Mercenary."""
    s = game(PLAGUE, difficulty="harder").new_game(2)
    assert uid(s, 26) in s.play[1]
    assert power(s, 89) == 2 and power(s, 18) == 5
    s = game(PLAGUE, difficulty="easier").new_game(2)
    assert s.shield[uid(s, 41)] == 1 and uid(s, 26) not in s.play[1]


def test_scenario_cards_in_play_do_not_deploy(tmp_path: Path) -> None:
    """Cards put in play by a scenario's setup do not trigger their Deployment abilities."""
    # A card file where Ammit's Deployment always fires: were it triggered, it would hurt you.
    entries = CARDS_FILE.read_text(encoding="utf-8").split("[[card]]")
    ammit = next(i for i, e in enumerate(entries) if "\nnumber = 18\n" in e)
    lines = [x for x in entries[ammit].splitlines() if not x.startswith("deployment")]
    lines.append('deployment = [{ damage = 2, target = "creature" }]')
    entries[ammit] = "\n".join(lines) + "\n\n"
    path = tmp_path / "cards.toml"
    path.write_text("[[card]]".join(entries), encoding="utf-8")
    s = bellica.load("bellum", variant=PLAGUE, cards=str(path)).new_game(4)
    assert uid(s, 18) in s.play[1]
    assert uid(s, 41) in s.play[0] and s.damage[uid(s, 41)] == 0
    assert not s.stack and texts(s) == ["Resolve Charon (057)", "End the Rally phase"]
    # Rite of Passage would gain a charge on purchase; laid out at setup it has none.
    s = game(TROY, difficulty="easier").new_game(4)
    rite = uid(s, 40)
    assert rite in s.play[0] and s.charges[rite] == 0
    assert not s.stack


def test_plague_you_cannot_attack() -> None:
    """Nobody can attack the Monsters: the Assault phase passes by itself."""
    s = plague(phase="declare", hands={0: [45]}, play={0: [57, 41, 52], 1: [89]}, decks={1: [85]})
    assert s.phase == "deploy"
    assert not any(t.startswith("Attack") for t in texts(s))


def test_plague_you_cannot_buy() -> None:
    """No card can be bought in the Deployment phase."""
    s = plague(hands={0: [45, 46, 47, 52]}, play={0: [57]}, decks={1: [85]})
    assert not any(t.startswith("Buy") for t in texts(s))


def test_plague_charon_rallies_without_another_oracle() -> None:
    """Charon brings the Shade even though no other Oracle is in play."""
    s = start_of_your_turn(plague, play={0: [57, 41], 1: [89]}, decks={0: [45], 1: [85]})
    assert "Resolve Charon (057)" in texts(s)
    do(s, "Resolve Charon (057)")
    assert uid(s, 80) in s.play[0]


def test_plague_charon_cannot_block() -> None:
    """Charon is never offered as a blocker; alone with him, a Monster gets through."""
    s = their_turn(plague, play={0: [57, 41], 1: [89]}, decks={1: [82, 83, 84]})
    assert texts(s) == ["Block with Mercenary (041)", "Do not block"]
    s = their_turn(plague, play={0: [57], 1: [89]}, decks={1: [82, 83, 84]})
    assert lost(s)


def test_plague_charon_cannot_be_damaged() -> None:
    """Charon is no target for a spell and takes nothing from Abyss or a Monster's Fall."""
    s = plague(hands={0: [55]}, play={0: [57, 41], 1: [89]}, decks={1: [85]})
    do(s, "Play The Wrath of Zeus (055)")
    assert texts(s) == ["Choose Mercenary (041)", "Choose Enthralled Undead (089)"]
    s = plague(hands={0: [67]}, play={0: [57, 41], 1: [89]}, decks={1: [85]})
    do(s, "Play Abyss (067)")
    assert s.play[0] == [uid(s, 57)] and uid(s, 41) in s.discard[0]
    s = their_turn(plague, play={0: [57, 41], 1: ["015[f]"]}, decks={1: [82, 86, 69]})
    assert dmg(s, 57) == 0 and dmg(s, 41) == 1


def test_plague_fall_of_the_omphalos_hits_every_creature() -> None:
    """A Monster's Fall of the Omphalos hurts the Monsters' creatures as well as yours."""
    s = their_turn(plague, play={0: [57, 41], 1: ["015[f]"]}, decks={1: [82, 69, 85]})
    assert uid(s, 85) in s.discard[1]  # the Undead revealed just before it died
    assert dmg(s, 41) == 1


def test_plague_only_myth_creatures_rally() -> None:
    """The Monsters' Rally: Myth creatures and relics act, a Demon's Rally does not."""
    s = their_turn(
        plague,
        play={0: [57, 52], 1: ["015[f]", "081[d2]", "023", "040[c1]"]},
        decks={1: [82, 83, 84]},
    )
    while s.stack[-1].name == "order":  # their rally abilities trigger together: you order them
        do(s, texts(s)[0])
    assert s.stack[-1].name == "block"
    assert dmg(s, 81) == 0  # the Hydra grew its heads back
    assert s.charges[uid(s, 15)] == 1 and s.charges[uid(s, 40)] == 2
    assert dmg(s, 52) == 0  # Fenrir (a Demon) did not maul your Guardian


def test_plague_relic_rally_triggers() -> None:
    """Rite of Passage (a Demon relic) rallies for the Monsters: its third charge summons."""
    s = their_turn(plague, play={0: [57, 52], 1: ["040[c2]"]}, decks={1: [82, 83, 84]})
    assert s.charges[uid(s, 40)] == 0
    assert uid(s, 93) in s.play[1]  # the Abomination left in the Stock
    assert numbers(s, s.attackers) == [93]


def test_plague_monsters_all_attack() -> None:
    """Every Monster creature attacks; you block them one by one."""
    s = their_turn(plague, play={0: [57, 52, 45], 1: [18, 89]}, decks={1: [82, 83, 84]})
    assert numbers(s, s.attackers) == [18, 89]
    do(s, "Block with Guardian", "Block with Hoplite")
    assert not s.is_terminal
    assert uid(s, 18) in s.discard[1] and uid(s, 89) in s.discard[1]


def test_plague_lost_when_a_monster_is_unblocked() -> None:
    """An attacking Monster left unblocked destroys Charon: the scenario is lost."""
    s = their_turn(plague, play={0: [57, 41], 1: [89]}, decks={1: [82, 83, 84]})
    do(s, "Do not block")
    assert lost(s)
    assert "Charon" in s.outcome().reason


def test_plague_monster_stays_blocked_when_its_blocker_dies() -> None:
    """A Monster that kills the creature blocking it was still blocked: Charon is safe."""
    s = their_turn(plague, play={0: [57, 41], 1: [81]}, decks={1: [82, 83, 84]})
    do(s, "Block with Mercenary")  # the Hydra (3) kills the Mercenary (2) and survives
    assert uid(s, 41) in s.discard[0] and uid(s, 81) in s.play[1]
    assert not s.is_terminal
    assert s.active == 0 and texts(s) == ["Resolve Charon (057)", "End the Rally phase"]


def test_plague_an_unblockable_monster_cannot_be_held() -> None:
    """A Monster no creature can block (here a Myrmidon) always reaches Charon."""
    s = their_turn(plague, play={0: [57, 52], 1: [53]}, decks={1: [82, 83, 84]})
    assert lost(s)


def test_plague_monsters_reveal_two() -> None:
    """In their Draw phase the Monsters put the top two cards of their deck into play."""
    s = their_turn(plague, play={0: [57], 1: ["015[f]"]}, decks={0: [45], 1: [82, 83, 84, 85]})
    assert numbers(s, s.play[1]) == [15, 85, 84]
    assert numbers(s, s.deck[1]) == [82, 83]


def test_plague_monsters_target_your_weakest() -> None:
    """Yama's Assault damage goes to your weakest creature, chosen by the script."""
    s = their_turn(plague, play={0: [57, 59, 63], 1: [32]}, decks={1: [82, 83, 84]})
    assert uid(s, 59) in s.discard[0]  # Tiresias (2) took the 2 damage
    assert dmg(s, 63) == 0
    assert texts(s) == ["Block with Disciple of the Shadows (063)", "Do not block"]


def test_plague_monsters_spare_themselves_when_you_have_no_creature() -> None:
    """With only Charon on your side, a Monster's damage ability finds no creature to hit."""
    s = plague(
        team=1,
        phase="draw",
        flags="died_this_turn",
        stack="end_turn; opponent_draw",
        play={0: [57], 1: [89]},
        decks={1: [82, 83, 18]},
    )
    assert uid(s, 18) in s.play[1]
    assert s.active == 0 and texts(s) == ["Resolve Charon (057)", "End the Rally phase"]
    assert dmg(s, 89) == 0 and dmg(s, 18) == 0


def test_plague_omniscience_looks_at_four() -> None:
    """Omniscience shows the Monsters' top four cards; the one you pick is discarded."""
    s = plague(hands={0: [66]}, play={0: [57]}, decks={1: [82, 83, 84, 85, 86, 87]})
    do(s, "Play Omniscience (066)")
    assert texts(s) == [
        "Discard Enthralled Undead (087)",
        "Discard Enthralled Undead (086)",
        "Discard Enthralled Undead (085)",
        "Discard Unspeakable Abomination (084)",
    ]
    do(s, "Discard Enthralled Undead (086)")
    assert numbers(s, s.discard[1]) == [86] and len(s.deck[1]) == 5


def test_plague_won_when_deck_and_monsters_are_gone() -> None:
    """Deck empty and the last Monster struck down by your spell: the scenario is won."""
    s = plague(hands={0: [55]}, play={0: [57, 41], 1: ["015[f]", 89]})
    do(s, "Play The Wrath of Zeus", "Choose Enthralled Undead (089)")
    assert won(s)
    assert s.outcome().reason.startswith("the Monsters' deck is empty")


def test_plague_not_won_while_monsters_remain() -> None:
    """Neither an empty deck with a Monster left nor no Monster with cards left wins."""
    s = plague(hands={0: [55]}, play={0: [57], 1: [89, 85]})
    do(s, "Play The Wrath of Zeus", "Choose Enthralled Undead (089)")
    assert not s.is_terminal
    s = plague(hands={0: [55]}, play={0: [57], 1: [89]}, decks={1: [85]})
    do(s, "Play The Wrath of Zeus")  # its only target
    assert uid(s, 89) in s.discard[1] and not s.is_terminal


# == The Siege of Troy ============================================================================
def test_troy_setup_deals_the_scenario_cards() -> None:
    """You defend Troy; Achilles stands for the Greeks with three Reinforcements revealed."""
    s = game(TROY).new_game(6)
    assert s.cities == ["Troy", ""] and s.strategy[0] == 2
    mine = [19, 20, 21, 22, 23, 24, 29, 31, 32, 33, 34, 35, 38]
    assert sorted(numbers(s, s.deck[0] + s.hand[0])) == mine and len(s.hand[0]) == 3
    assert numbers(s, s.play[1]) == [43]
    assert len(s.reinforcements) == 3 and len(s.deck[1]) == 7
    greek = [41, 42, 45, 46, 47, 48, 49, 50, 69, 70]
    assert sorted(numbers(s, s.reinforcements + s.deck[1])) == greek
    assert not s.play[0]


def test_troy_difficulty_settings() -> None:
    """Harder takes the Ever-healing Incubus out of your deck; easier gives you a Rite."""
    s = game(TROY, difficulty="harder").new_game(6)
    assert 33 not in numbers(s, s.deck[0] + s.hand[0]) and len(s.deck[0] + s.hand[0]) == 12
    s = game(TROY, difficulty="easier").new_game(6)
    assert numbers(s, s.play[0]) == [40]


def test_troy_you_cannot_buy() -> None:
    """No purchases in the Siege of Troy."""
    s = troy(hands={0: [19, 20, 21, 22]}, play={1: [43]})
    assert not any(t.startswith("Buy") for t in texts(s))


def test_troy_greek_rally_brings_the_first_soldier() -> None:
    """Achilles' Rally puts the first Soldier of the Reinforcements in play; it attacks."""
    s = their_turn(troy, reinforcements=[69, 45, 41], play={0: [22], 1: [43]}, decks={1: [46]})
    assert numbers(s, s.play[1]) == [43, 45]
    assert numbers(s, s.attackers) == [43, 45]
    assert numbers(s, s.reinforcements) == [69, 41]
    assert s.stack[-1].name == "block"


def test_troy_greek_deployment_plays_the_rest_in_order() -> None:
    """After the assault the remaining Reinforcements are played one after the other."""
    s = their_turn(
        troy, reinforcements=[45, 41, 42], play={0: [22], 1: [43]}, decks={1: [46, 47, 48]}
    )
    do(s, "Do not block", "Do not block")
    assert numbers(s, s.play[1]) == [43, 45, 41, 42]
    assert s.pillaged[0] == 1


def test_troy_greek_draw_reveals_three_new_reinforcements() -> None:
    """The Greek Draw phase lays out the next three cards of their deck as Reinforcements."""
    s = their_turn(troy, play={1: [43]}, decks={0: [19], 1: [46, 47, 48, 49]})
    assert numbers(s, s.reinforcements) == [49, 48, 47]
    assert numbers(s, s.deck[1]) == [46]


def test_troy_greek_deck_reshuffles_when_empty() -> None:
    """An empty Greek deck is refilled from the Greek discard pile to reveal Reinforcements."""
    s = their_turn(troy, play={1: [43]}, decks={0: [19], 1: [46]}, discards={1: [47, 48]})
    assert numbers(s, s.reinforcements)[0] == 46
    assert sorted(numbers(s, s.reinforcements)) == [46, 47, 48]
    assert not s.deck[1] and not s.discard[1]


def test_troy_greek_labyrinth_revealed_is_removed() -> None:
    """A Labyrinth revealed by the Greeks goes back to the Stock: one Reinforcement fewer."""
    s = their_turn(troy, play={1: [43]}, decks={0: [19], 1: [41, 74, 45]})
    assert numbers(s, s.reinforcements) == [45, 41]
    assert uid(s, 74) in s.stock


def test_troy_greek_discard_takes_the_first_reinforcement() -> None:
    """Your Nessus dies: the Greeks discard their first Reinforcement."""
    s = start_of_your_turn(
        troy, reinforcements=[45, 41, 42], play={0: [29, "019[d1]"], 1: [43]}, decks={0: [20]}
    )
    do(s, "Resolve The Reaper")
    assert uid(s, 19) in s.discard[0]
    assert numbers(s, s.discard[1]) == [45]
    assert numbers(s, s.reinforcements) == [41, 42]


def test_troy_hoplites_shield_themselves() -> None:
    """A Greek Hoplite puts its Shield on itself, never on another Greek creature."""
    s = their_turn(troy, reinforcements=[45], play={0: [22], 1: [43, 41]}, decks={1: [46]})
    assert s.shield[uid(s, 45)] == 1
    assert s.shield[uid(s, 43)] == 0 and s.shield[uid(s, 41)] == 0


def test_troy_assassin_targets_your_weakest() -> None:
    """A Greek Assassin's 2 damage goes to your weakest creature; a tie is yours to break."""
    s = their_turn(troy, reinforcements=[49], play={0: [20, 22], 1: [43, 41]}, decks={1: [46]})
    assert dmg(s, 20) == 2 and dmg(s, 22) == 0  # Emeth (3), not the Minotaur (5)
    assert dmg(s, 41) == 0
    s = their_turn(troy, reinforcements=[49], play={0: [32, 31], 1: [43]}, decks={1: [46]})
    assert s.current_player == 0
    assert texts(s) == ["Choose Yama (032)", "Choose Doomed Vampire (031)"]


def test_troy_assassin_spares_the_greeks_when_you_have_no_creature() -> None:
    """With no Trojan creature in play a Greek Assassin's damage hits nobody."""
    s = their_turn(troy, reinforcements=[49], play={1: [43, 41]}, decks={0: [19], 1: [46, 47, 48]})
    assert s.stack == [] and s.active == 0
    assert dmg(s, 41) == 0 and dmg(s, 49) == 0


def omphalos_turn(*yours: int) -> BellumState:
    """The Greeks' turn with a Mercenary and a Fall of the Omphalos as Reinforcements; your
    creatures `yours` do not block, so Troy's second district falls."""
    s = their_turn(
        troy,
        reinforcements=[41, 69],
        play={0: list(yours), 1: [43]},
        decks={0: [19], 1: [46, 47, 48]},
        pillaged=(1, 0),
    )
    return do(s, "Do not block", "Do not block")


def test_troy_greek_fall_of_the_omphalos_hurts_only_you() -> None:
    """The Greeks' Fall of the Omphalos damages your creatures only."""
    s = omphalos_turn(22, 23)  # Troy's second district falls; it only heals
    assert s.pillaged[0] == 2 and uid(s, 69) in s.discard[1]
    assert dmg(s, 22) == 1 and dmg(s, 23) == 1
    assert dmg(s, 41) == 0 and dmg(s, 43) == 0


def test_troy_achilles_takes_no_damage() -> None:
    """The Reaper's Rally hurts everyone but Achilles; Abyss cannot destroy him."""
    s = start_of_your_turn(troy, play={0: [29], 1: [43]}, decks={0: [20]})
    do(s, "Resolve The Reaper")
    assert dmg(s, 29) == 1 and dmg(s, 43) == 0
    s = troy(hands={0: [67]}, play={0: [22], 1: [43, 41]})
    do(s, "Play Abyss")
    assert s.play[1] == [uid(s, 43)] and not s.play[0]


def test_troy_the_incubus_takes_no_damage_either() -> None:
    """In this scenario the Ever-healing Incubus is as hard to harm as Achilles: the Reaper
    and Fall of the Omphalos leave it untouched, and Abyss cannot destroy it."""
    s = start_of_your_turn(troy, play={0: [29, 33], 1: [43]}, decks={0: [20]})
    do(s, "Resolve The Reaper")
    assert dmg(s, 29) == 1 and dmg(s, 33) == 0
    s = omphalos_turn(22, 33)
    assert uid(s, 69) in s.discard[1] and dmg(s, 22) == 1 and dmg(s, 33) == 0
    s = troy(hands={0: [67]}, play={0: [33], 1: [43, 41]})
    do(s, "Play Abyss")
    assert s.play[0] == [uid(s, 33)]


def test_troy_the_incubus_holds_achilles() -> None:
    """Tied for your strongest, the Incubus draws Achilles' block: neither is hurt, and the
    other attacker may flee."""
    s = troy(phase="declare", play={0: [33, 22], 1: [43]})
    assert power(s, 33) == 5 and power(s, 22) == 5
    do(s, "Attack with Ever-healing Incubus", "Attack with Minotaur")
    do(s, "Choose Ever-healing Incubus (033)")
    assert s.blocks == [(uid(s, 33), uid(s, 43))]
    assert texts(s) == ["Minotaur (022) flees", "Nobody flees"]
    do(s, "Minotaur (022) flees")
    assert s.fled == 1 and uid(s, 33) in s.play[0] and dmg(s, 33) == 0


def test_troy_tells_you_who_cannot_be_harmed() -> None:
    """The objective names the creatures nothing can hurt: Achilles and, unless the harder
    setting took it out, your Incubus."""
    objective = game(TROY).new_game(1).observation(0)["scenario"]["objective"]
    assert objective.endswith(
        "Ever-healing Incubus and Achilles take no damage and cannot be destroyed."
    )
    harder = game(TROY, difficulty="harder").new_game(1).observation(0)["scenario"]
    assert harder["objective"].endswith(" Achilles takes no damage and cannot be destroyed.")


def test_troy_achilles_blocks_your_strongest() -> None:
    """Achilles blocks your strongest attacker and takes nothing from the duel."""
    s = troy(phase="declare", play={0: [21, 19], 1: [43]})
    do(s, "Attack with Polyphemus", "Attack with Nessus")
    assert s.blocks == [(uid(s, 21), uid(s, 43))]
    # Achilles (7 in this scenario) destroys Polyphemus (7) and takes nothing.
    assert uid(s, 21) in s.discard[0] and dmg(s, 43) == 0
    assert texts(s) == ["Nessus (019) flees", "Nobody flees"]


def test_troy_achilles_tie_is_your_choice() -> None:
    """Two attackers tie for strongest: you choose which one Achilles blocks."""
    s = troy(phase="declare", play={0: [22, 23], 1: [43]})
    do(s, "Attack with Minotaur", "Attack with Fenrir")
    assert s.current_player == 0
    assert texts(s) == ["Choose Minotaur (022)", "Choose Fenrir (023)"]


def test_troy_achilles_cannot_block_an_unblockable_attacker() -> None:
    """A Myrmidon cannot be blocked, not even by Achilles: he blocks the next strongest."""
    s = troy(phase="declare", hands={0: [20]}, play={0: [53, 19], 1: [43]})
    do(s, "Attack with Myrmidon", "Attack with Nessus")
    assert uid(s, 53) in s.play[0] and dmg(s, 53) == 0
    assert uid(s, 19) in s.discard[0]  # Nessus met Achilles
    assert texts(s) == ["Myrmidon (053) flees", "Nobody flees"]


def test_troy_achilles_blocks_again_after_killing_an_attacker() -> None:
    """Achilles keeps blocking your strongest attacker turn after turn."""
    s = troy(
        phase="declare",
        hands={0: [20]},
        play={0: [22, 19], 1: [43]},
        decks={0: [21, 24, 29], 1: [46, 47, 48]},
    )
    do(s, "Attack with Minotaur", "Attack with Nessus")  # Achilles kills the Minotaur
    assert uid(s, 22) in s.discard[0]
    do(s, "Nobody flees", "End the Deployment", "Draw 3 cards", "Keep this hand")
    do(s, "Do not block")  # the Greeks take Troy's first district; Nessus gets its Shield
    assert s.active == 0 and s.shield[uid(s, 19)] == 1
    do(s, "Attack with Nessus")
    assert s.fled == 0 and s.phase == "deploy"  # blocked by Achilles: nobody may flee
    assert s.shield[uid(s, 19)] == 0 and uid(s, 19) in s.play[0]


def test_troy_other_greek_blocks_are_yours() -> None:
    """Besides Achilles' block, you decide how the other Greek creatures block."""
    s = troy(phase="declare", play={0: [21, 19], 1: [43, 41]})
    do(s, "Attack with Polyphemus", "Attack with Nessus")
    assert s.current_player == 0
    assert texts(s) == ["Block with Mercenary (041)", "Do not block"]


def test_troy_unblocked_attacker_flees() -> None:
    """An unblocked attacker may flee: it is Removed, and its death ability does not fire."""
    s = troy(phase="declare", hands={0: [20]}, play={0: [21, 19], 1: [43]}, reinforcements=[45])
    do(s, "Attack with Polyphemus", "Attack with Nessus", "Nessus (019) flees")
    assert s.fled == 1 and uid(s, 19) in s.stock
    assert numbers(s, s.reinforcements) == [45]
    assert not s.is_terminal and s.phase == "deploy"


def test_troy_only_one_creature_flees_per_assault() -> None:
    """With two attackers unblocked, still only one of them may flee."""
    s = troy(phase="declare", hands={0: [22]}, play={0: [21, 19, 20], 1: [43]})
    do(s, "Attack with Polyphemus", "Attack with Nessus", "Attack with Emeth")
    assert texts(s) == ["Nessus (019) flees", "Emeth (020) flees", "Nobody flees"]
    do(s, "Emeth (020) flees")
    assert s.fled == 1 and s.phase == "deploy"
    assert uid(s, 19) in s.play[0]


def test_troy_attacker_whose_blocker_died_cannot_flee() -> None:
    """Your attacker kills the Greek blocking it: it was blocked, so it may not flee."""
    s = troy(phase="declare", hands={0: [20]}, play={0: [21, 34], 1: [43, 41]})
    do(s, "Attack with Polyphemus", "Attack with Possessed Spartan", "Block with Mercenary")
    assert uid(s, 41) in s.discard[1]  # the Mercenary (5) falls to the Possessed Spartan (6)
    assert s.phase == "deploy" and s.fled == 0
    assert uid(s, 34) in s.play[0]


def test_troy_won_when_three_have_fled() -> None:
    """The third creature to flee wins the scenario."""
    s = troy(phase="declare", play={0: [21, 19], 1: [43]}, fled=2)
    do(s, "Attack with Polyphemus", "Attack with Nessus", "Nessus (019) flees")
    assert won(s)
    assert s.outcome().reason == "three Trojan creatures fled the city"


def test_troy_first_pillage_uses_troys_district() -> None:
    """Unblocked Greeks pillage Troy's first district, whose ability shields your creature."""
    s = their_turn(troy, play={0: [22], 1: [43]}, decks={1: [46, 47, 48]})
    do(s, "Do not block")
    assert s.pillaged[0] == 1
    assert s.shield[uid(s, 22)] == 1


def test_troy_no_pillage_when_achilles_kills_his_blocker() -> None:
    """Achilles kills the creature blocking him: he was blocked, so Troy loses no district."""
    s = their_turn(troy, play={0: [22, 21], 1: [43]}, decks={0: [19], 1: [46, 47, 48]})
    do(s, "Block with Minotaur")
    assert uid(s, 22) in s.discard[0]
    assert s.pillaged[0] == 0


def test_troy_lost_when_fully_pillaged() -> None:
    """The Greeks pillage Troy's fourth district: the scenario is lost."""
    s = their_turn(troy, play={1: [43]}, decks={1: [46, 47, 48]}, pillaged=(3, 0))
    assert lost(s)
    assert s.pillaged[0] == 4


def test_a_scenario_not_won_by_the_house_turn_limit_is_lost() -> None:
    """The house rule ends a scenario after `turn_limit` rounds, and says so."""
    s = hells(team=1, round=1, phase="draw", stack="end_turn", play={0: [44]}, turn_limit=1)
    assert lost(s)
    assert s.outcome().reason == (
        "decided by the house turn limit of 1 rounds: the scenario was not won in time"
    )


# == a scenario's own powers (ours, provisional) ==================================================
def plague_powers(tmp_path: Path, entry: str) -> Path:
    """Our scenario file with one more entry in Plague in Athens' `power` list."""
    from bellica.games.bellum import scenarios

    text = scenarios.SCENARIOS_FILE.read_text(encoding="utf-8")
    start = text.index('id = "solo-plague"')
    at = text.index("power = [\n", start) + len("power = [\n")
    path = tmp_path / "scenarios.toml"
    path.write_text(text[:at] + f"    {entry},\n" + text[at:], encoding="utf-8")
    return path


def test_a_scenario_sets_its_creatures_power_without_touching_the_duel(
    tmp_path: Path, monkeypatch: Any
) -> None:
    """A `power` entry gives a creature its printed power in that scenario only: the rules,
    the view and the drawing read it; the two-player game keeps the card file's."""
    from bellica.games.bellum import scenarios

    monkeypatch.setattr(
        scenarios, "SCENARIOS_FILE", plague_powers(tmp_path, "{ card = 41, power = 5 }")
    )
    solo = game(PLAGUE).new_game(3)
    mercenary = uid(solo, 41)  # yours, in play from the start
    assert solo.game.table.card[mercenary].power == 5 and solo.power(mercenary) == 5
    view = solo.observation(0)
    assert '"printed_power": 5' in str(view).replace("'", '"')
    duel = bellica.load("bellum").new_game(seed=3)
    assert duel.game.table.card[uid(duel, 41)].power == 2


def test_a_scenario_text_is_what_the_player_reads_there() -> None:
    """A card the scenario changes shows its scenario text (views and rules doc agree); the
    two-player game keeps the card file's."""
    s = their_turn(troy, reinforcements=[45, 69], play={0: [22], 1: [43]}, decks={1: [46]})
    shown = {c["number"]: c["text"] for c in s.observation(0)["scenario"]["reinforcements"]}
    assert shown[69] == "Each Trojan creature takes 1 damage; the Greeks are spared."
    seen = {c["number"]: c["text"] for p in s.observation(0)["players"] for c in p["play"]}
    assert seen[45] == "Deployment: the Hoplite gets a Shield."
    assert seen[43].startswith("Takes no damage and cannot be destroyed.")
    duel = bellica.load("bellum").new_game(seed=3)
    assert duel.game.table.card[uid(duel, 45)].text.startswith("Deployment: one of your")
    assert duel.game.table.card[uid(duel, 69)].text.startswith("Each creature in play")


def test_a_scenario_power_must_name_a_creature(tmp_path: Path, monkeypatch: Any) -> None:
    from bellica.games.bellum import scenarios

    monkeypatch.setattr(
        scenarios, "SCENARIOS_FILE", plague_powers(tmp_path, "{ card = 69, power = 3 }")
    )
    with pytest.raises(
        bellica.InvalidCardData, match=r"Fall of the Omphalos \(069\), not a creature"
    ):
        bellica.load("bellum", variant=PLAGUE)
