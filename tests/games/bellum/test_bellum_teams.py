"""The four-player team variant: seats, two battlefields, shared cities and team phases."""

from __future__ import annotations

from typing import Any

from bellum_helpers import do, game, position, power, texts

from bellica.core.stack import advance
from bellica.games.bellum.rules.flow import idle
from bellica.games.bellum.state import BellumState

PASSING = (
    "End the Rally phase",
    "Done declaring attackers",
    "Do not block",
    "Do not answer",
    "End the Deployment phase",
    "Draw no cards",
    "Keep this hand",
)


def teams(stacks: tuple[list[list[Any]], list[list[Any]]] | None = None, **kw: Any) -> BellumState:
    """A team position; `stacks` gives each battlefield its own four Olympus stacks."""
    state = position("teams", run=False, **kw)
    if stacks is not None:
        table = state.game.table
        for battlefield, piles in enumerate(stacks):
            for zone, pile in zip(state.stacks[battlefield], piles, strict=True):
                zone[:] = [
                    table.uid_by_token[c if isinstance(c, str) else f"{c:03d}"] for c in pile
                ]
    advance(state, idle)
    return state


def tok(state: BellumState, token: str | int) -> int:
    return state.game.table.uid_by_token[token if isinstance(token, str) else f"{token:03d}"]


def dmg(state: BellumState, token: str | int) -> int:
    return state.damage[tok(state, token)]


def names(state: BellumState, uids: list[int]) -> list[str]:
    return [state.game.table.token[u] for u in uids]


def pass_turn(state: BellumState) -> BellumState:
    """Every member of the active team does nothing more this turn."""
    team = state.active
    while state.active == team and not state.is_terminal:
        legal = texts(state)
        do(state, next(t for t in PASSING if t in legal))
    return state


# -- seats, teams and setup ------------------------------------------------------------------------
def test_teams_seats_teams_and_battlefields() -> None:
    """Four seats: even seats are team 0, odd seats team 1; seats 0-1 and 2-3 face each other."""
    g = game("teams")
    assert (g.players, g.sides, g.battlefields) == (4, 4, 2)
    assert g.team_of == (0, 1, 0, 1)
    assert g.battlefield_of == [0, 0, 1, 1]
    assert g.members == ((0, 2), (1, 3))
    assert g.opponents == [[1], [0], [3], [2]]


def test_teams_setup_gives_each_battlefield_its_own_olympus() -> None:
    """Each battlefield gets a full series of Olympus stacks (second box for the second one)."""
    s = game("teams", first="0", cities="athens,sparta").new_game(3)
    bf0 = names(s, [u for pile in s.stacks[0] for u in pile])
    bf1 = names(s, [u for pile in s.stacks[1] for u in pile])
    assert len(bf0) == len(bf1) == 40
    assert not any(t.endswith("b") for t in bf0) and all(t.endswith("b") for t in bf1)
    assert sorted(t[:3] for t in bf0) == sorted(t[:3] for t in bf1)
    legends = names(s, [u for pile in s.legends for u in pile])
    assert len(legends) == 8 and not any(t.endswith("b") for t in legends)


def test_teams_setup_starter_decks_and_first_hands() -> None:
    """Each player has six starter cards; the first team's members draw two, the others three."""
    s = game("teams", first="0", cities="athens,sparta").new_game(3)
    assert [len(s.hand[side]) for side in range(4)] == [2, 3, 2, 3]
    for side in range(4):
        cards = s.deck[side] + s.hand[side]
        assert len(cards) == 6
        assert len({s.game.table.card[u].name for u in cards}) == 6
        assert all(s.owner[u] == side for u in cards)
    assert (s.cities, s.strategy) == (["Athens", "Sparta"], [3, 2])
    assert s.current_player == 0
    s = game("teams", first="1", cities="athens,sparta").new_game(3)
    assert [len(s.hand[side]) for side in range(4)] == [3, 2, 3, 2]
    assert s.current_player == 1


# -- buying --------------------------------------------------------------------------------------
def test_teams_buy_only_from_own_battlefield() -> None:
    """A player sees and buys only the Olympus stacks of their own battlefield."""
    stacks: tuple[list[list[Any]], list[list[Any]]] = ([[45], [], [], []], [["046b"], [], [], []])
    s = teams(stacks=stacks, hands={0: [41, 27], 2: ["041b", "027b"]})
    buys = [t for t in texts(s) if t.startswith("Buy")]
    assert buys == ["Buy Hoplite (045)"]
    do(s, "Buy Hoplite (045)", "Discard Mercenary (041) to pay")
    assert tok(s, 45) in s.discard[0] and s.stacks[1][0] == [tok(s, "046b")]
    s = teams(stacks=stacks, member=1, hands={0: [41], 2: ["041b", "027b"]})
    assert s.current_player == 2
    assert [t for t in texts(s) if t.startswith("Buy")] == ["Buy Hoplite (046b)"]


def test_teams_legend_only_when_own_stack_is_empty() -> None:
    """Hector (Legend I) is for sale to a player whose own Olympus I stack is empty."""
    stacks: tuple[list[list[Any]], list[list[Any]]] = ([[], [], [], []], [["045b"], [], [], []])
    legends = [[51], [], [], []]
    s = teams(stacks=stacks, legends=legends, hands={0: [41, 27, 71], 2: ["041b", "027b", "071b"]})
    assert "Buy Hector (051)" in texts(s)
    s = teams(
        stacks=stacks,
        legends=legends,
        member=1,
        hands={0: [41], 2: ["041b", "027b", "071b"]},
    )
    assert s.current_player == 2
    assert "Buy Hector (051)" not in texts(s) and "Buy Hoplite (045b)" in texts(s)


# -- battlefields ----------------------------------------------------------------------------------
def test_teams_played_creature_enters_owners_battlefield() -> None:
    """The second member plays or buys a creature: it goes to their own battlefield."""
    s = teams(member=1, hands={0: [27], 2: ["041b", "027b"]}, decks={2: ["016b"]})
    assert s.current_player == 2
    do(s, "Play Mercenary (041b)")
    assert tok(s, "041b") in s.play[2]
    assert s.game.battlefield_of[s.owner[tok(s, "041b")]] == 1
    # A card bought with a Purchase ability also comes into play on the buyer's battlefield.
    stacks: tuple[list[list[Any]], list[list[Any]]] = ([[], [], [], []], [[], [], ["053b"], []])
    hand = ["041b", "027b", "016b", "071b"]
    s = teams(stacks=stacks, member=1, hands={0: [27], 2: hand}, decks={2: ["036b"]})
    do(s, "Buy Myrmidon (053b)", "Discard Imp (027b) to pay", "Discard Satyr (016b) to pay")
    assert tok(s, "053b") in s.play[2] and s.shield[tok(s, "053b")] == 1


def test_teams_attack_and_block_only_on_own_battlefield() -> None:
    """Attackers on each battlefield are blocked only by the enemy player on that battlefield."""
    s = teams(
        phase="declare",
        hands={0: [27], 2: ["027b"]},
        play={0: [41], 1: [42], 2: ["041b"], 3: ["042b"]},
    )
    do(s, "Attack with Mercenary (041)")
    assert s.current_player == 2 and texts(s) == [
        "Attack with Mercenary (041b)",
        "Done declaring attackers",
    ]
    do(s, "Attack with Mercenary (041b)")
    assert s.current_player == 1
    assert texts(s) == ["Block with Mercenary (042)", "Do not block"]
    do(s, "Do not block")
    assert s.current_player == 3
    assert texts(s) == ["Block with Mercenary (042b)", "Do not block"]


def test_teams_phases_are_played_member_by_member() -> None:
    """Rally, assault, deployment and draw go first to one member of the team, then the other."""
    s = teams(
        team=1,
        phase="draw",
        stack="end_turn",
        hands={0: [27], 2: ["027b"]},
        decks={0: [16, 17], 1: [28], 2: ["016b"]},
        play={0: [59, 41], 2: ["058b", "041b"]},
    )
    seen = []
    assert texts(s) == ["Resolve Tiresias (059)"]
    seen.append((s.current_player, s.phase))
    do(s, "Resolve Tiresias")
    assert texts(s) == ["Resolve Pythia (058b)"]
    seen.append((s.current_player, s.phase))
    do(s, "Resolve Pythia")  # it sees the one card of that deck and discards it
    seen.append((s.current_player, s.phase))
    do(s, "Done declaring")
    seen.append((s.current_player, s.phase))
    do(s, "Done declaring")
    seen.append((s.current_player, s.phase))
    do(s, "End the Deployment")
    seen.append((s.current_player, s.phase))
    do(s, "End the Deployment")
    seen.append((s.current_player, s.phase))
    assert seen == [
        (0, "rally"),
        (2, "rally"),
        (0, "declare"),
        (2, "declare"),
        (0, "deploy"),
        (2, "deploy"),
        (0, "draw"),
    ]
    do(s, "Draw 1 card", "Keep this hand")
    assert (s.current_player, s.phase) == (2, "draw")
    do(s, "Draw 1 card", "Keep this hand")
    assert (s.active, s.current_player) == (1, 1)


def test_teams_one_district_and_a_spartan_for_each_defender() -> None:
    """Both battlefields get through, yet one district falls; each Spartan gets a Spartan."""
    s = teams(
        phase="declare",
        hands={0: [27], 2: ["027b"]},
        play={0: [41], 2: ["041b"]},
        cities=("Athens", "Sparta"),
    )
    do(s, "Attack with Mercenary (041)", "Attack with Mercenary (041b)")
    assert s.pillaged == [0, 1]
    spartans = [[s.game.table.card[u].name for u in s.play[side]] for side in (1, 3)]
    assert spartans == [["Spartan"], ["Spartan"]]
    assert not s.play[0][1:] and not s.play[2][1:]


def test_teams_play_with_one_stock_of_both_boxes() -> None:
    """Ruling 30: the second box's Stock joins the first, so there are six Spartans: Sparta's
    first district gives each defender one, its third district two more each."""
    s = game("teams", first="0", cities="athens,sparta").new_game(3)
    stock = [s.game.table.card[u].name for u in s.stock]
    assert len(stock) == 40 and stock.count("Spartan") == 6 and stock.count("Petrified") == 6
    s = teams(
        phase="declare",
        hands={0: [27], 2: ["027b"]},
        play={0: [41], 2: ["041b"]},
        cities=("Athens", "Sparta"),
        pillaged=(0, 2),
    )
    do(s, "Attack with Mercenary (041)", "Attack with Mercenary (041b)")
    assert s.pillaged == [0, 3]
    spartans = [[s.game.table.card[u].name for u in s.play[side]] for side in (1, 3)]
    assert spartans == [["Spartan", "Spartan"], ["Spartan", "Spartan"]]
    assert sum(s.game.table.card[u].name == "Spartan" for u in s.stock) == 2


def test_teams_athens_district_draws_for_each_defender() -> None:
    """Athens' first district falls: each Athenian player draws a card."""
    s = teams(
        team=1,
        phase="declare",
        hands={1: [28], 3: ["028b"]},
        decks={0: [16], 2: ["016b"]},
        play={1: [42], 3: ["042b"]},
        cities=("Athens", "Sparta"),
    )
    do(s, "Attack with Mercenary (042)", "Done declaring")
    assert s.pillaged == [1, 0]
    assert names(s, s.hand[0]) == ["016"] and names(s, s.hand[2]) == ["016b"]


def test_teams_attacker_whose_blocker_dies_does_not_pillage() -> None:
    """An attacker that kills its blocker was blocked: no district falls."""
    s = teams(phase="declare", hands={0: [27]}, play={0: [18], 1: [42]})
    do(s, "Attack with Ammit", "Block with Mercenary (042)")
    assert tok(s, 42) in s.discard[1] and tok(s, 18) in s.play[0]
    assert s.pillaged == [0, 0]
    assert not any(s.game.table.card[u].name == "Spartan" for u in s.play[1])


def test_teams_targeted_spell_hits_any_battlefield() -> None:
    """A spell's target may be any creature, on either battlefield."""
    s = teams(hands={0: [55]}, play={0: [41], 1: [42], 2: ["041b"], 3: ["018b"]})
    do(s, "Play The Wrath of Zeus")
    assert texts(s) == [
        "Choose Mercenary (041)",
        "Choose Mercenary (042)",
        "Choose Mercenary (041b)",
        "Choose Ammit (018b)",
    ]
    do(s, "Choose Ammit (018b)")
    assert dmg(s, "018b") == 3


def test_teams_fall_of_the_omphalos_hits_both_battlefields() -> None:
    """A spell hitting every creature reaches all four players' creatures."""
    s = teams(hands={0: [69, 27]}, play={0: [52], 1: [18], 2: ["052b"], 3: ["018b"]})
    do(s, "Play Fall of the Omphalos")
    assert [dmg(s, t) for t in (52, 18, "052b", "018b")] == [1, 1, 1, 1]


def test_opponent_is_the_enemy_on_your_battlefield() -> None:
    """Nessus dies on the second battlefield: the enemy there discards, not the other one."""
    s = teams(hands={0: [55, 27], 1: [42], 3: ["042b"]}, play={2: ["019b"]})
    do(s, "Play The Wrath of Zeus")  # its only target
    assert tok(s, "019b") in s.discard[2]
    assert names(s, s.discard[3]) == ["042b"] and not s.hand[3]
    assert names(s, s.hand[1]) == ["042"] and not s.discard[1]


def test_teams_ongoing_ability_helps_only_its_owner() -> None:
    """A Guardian strengthens its owner's Soldiers, not a teammate's."""
    s = teams(hands={0: [27]}, play={0: [52, 41], 1: [42], 2: ["041b"]})
    assert power(s, 41) == 3
    assert power(s, 41, box=1) == 2 and power(s, 42) == 2


def test_teams_in_play_condition_counts_only_your_own_creatures() -> None:
    """An Assassin needs another Soldier of its player's own; a teammate's does not count."""
    s = teams(hands={0: [49, 27]}, play={1: [42], 2: ["041b"]})
    do(s, "Play Assassin")
    assert s.phase == "deploy" and not s.stack
    assert dmg(s, 42) == 0 and dmg(s, "041b") == 0
    s = teams(hands={0: [49, 27]}, play={0: [41], 1: [42], 3: ["042b"]})
    do(s, "Play Assassin")
    assert "Choose Mercenary (042b)" in texts(s)
    do(s, "Choose Mercenary (042b)")
    assert tok(s, "042b") in s.discard[3]


def test_teams_revenge_answers_a_death_on_the_other_battlefield() -> None:
    """An answer to a death may be played by a player on the other battlefield."""
    s = teams(hands={0: [55, 27], 3: [68]}, play={0: [41], 1: ["019"], 2: ["052b"]})
    do(s, "Play The Wrath of Zeus", "Choose Nessus (019)")
    assert s.current_player == 3
    assert texts(s) == ["Answer with Revenge (068)", "Do not answer"]
    do(s, "Answer with Revenge", "Choose Guardian (052b)")
    assert dmg(s, "052b") == 2


# -- Strategy -----------------------------------------------------------------------------------
def test_teams_shared_strategy_charge() -> None:
    """One charge of the team's city: the spender Removes a card; the teammate may decline."""
    s = teams(hands={0: [41, 27], 2: ["041b"]}, discards={2: ["027b"]})
    do(s, "Spend a Strategy charge")
    assert s.strategy[0] == 2
    assert s.current_player == 0
    assert {"Remove Imp (027)", "Remove Mercenary (041)"} <= set(texts(s))
    do(s, "Remove Imp (027)")
    assert s.current_player == 2
    assert sorted(texts(s)) == ["Remove Imp (027b)", "Remove Mercenary (041b)", "Remove nothing"]
    do(s, "Remove nothing")
    assert tok(s, 27) in s.stock
    assert names(s, s.hand[2]) == ["041b"] and names(s, s.discard[2]) == ["027b"]


def test_teams_teammate_removes_with_the_shared_charge() -> None:
    """The teammate may use the same charge to Remove one of their own cards."""
    s = teams(hands={0: [41, 27], 2: ["041b"]}, discards={2: ["027b"]})
    do(s, "Spend a Strategy charge", "Remove Imp (027)", "Remove Imp (027b)")
    assert tok(s, "027b") in s.stock and s.strategy[0] == 2


def test_teams_strategy_once_per_team_turn() -> None:
    """After one member spends a charge the other cannot spend another that turn."""
    s = teams(hands={0: [41, 27], 2: ["041b", "027b"]})
    do(s, "Spend a Strategy charge", "Remove Imp (027)", "Remove nothing", "End the Deployment")
    assert s.current_player == 2
    assert "Spend a Strategy charge" not in texts(s)
    assert s.strategy == [2, 2]


# -- the end ------------------------------------------------------------------------------------
def test_teams_fourth_district_wins_for_both_members() -> None:
    """The opposing city's fourth district falls: both members of the attacking team win."""
    s = teams(
        phase="declare",
        hands={0: [27]},
        play={0: [41], 1: [42], 2: ["041b"]},
        cities=("Athens", "Sparta"),
        pillaged=(2, 3),
    )
    do(s, "Done declaring", "Attack with Mercenary (041b)")
    assert s.is_terminal
    assert s.outcome().winners == (0, 2)
    assert s.returns() == [1.0, -1.0, 1.0, -1.0]
    assert "Sparta" in s.outcome().reason


def test_teams_lose_when_own_city_falls() -> None:
    """The other team pillaging your fourth district makes both of you lose."""
    s = teams(
        team=1,
        phase="declare",
        hands={1: [28]},
        play={1: [42], 3: ["042b"]},
        cities=("Athens", "Sparta"),
        pillaged=(3, 0),
    )
    do(s, "Attack with Mercenary (042)", "Done declaring")
    assert s.returns() == [-1.0, 1.0, -1.0, 1.0]


def test_teams_blocker_whose_attacker_died_can_block_next_turn() -> None:
    """A creature that killed the attacker it blocked is free to block again later."""
    s = teams(
        phase="declare",
        hands={0: [27]},
        decks={0: [71, 72], 1: [28], 2: ["071b"], 3: ["028b"]},
        play={0: [41, 16], 1: [18]},
    )
    do(s, "Attack with Mercenary (041)", "Done declaring", "Block with Ammit (018)")
    assert tok(s, 41) in s.discard[0] and dmg(s, 18) == 2
    pass_turn(s)  # the rest of team 0's turn
    pass_turn(s)  # team 1 does nothing
    assert s.active == 0
    do(s, "Attack with Satyr (016)")
    assert s.current_player == 1
    assert texts(s) == ["Block with Ammit (018)", "Do not block"]
