"""What a seat sees: the observation with its decision in words, the public words of secret
actions, and resampling what the seat cannot know."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from bellica.core import SPECTATOR, Action, Rng
from bellica.games.para_bellum.cards import (
    BANNERS,
    COLOURS,
    Alliance,
    Army,
    Battle,
    Command,
    Event,
    Objective,
)
from bellica.games.para_bellum.rules.dice import dice
from bellica.games.para_bellum.rules.scoring import score
from bellica.games.para_bellum.state import (
    CELLS,
    EMPTY,
    JUNCTIONS,
    PHASE_NAMES,
    START_CELL,
    WIDTH,
    ParaState,
    row_column,
)


def card_view(state: ParaState, uid: int) -> dict[str, Any]:
    """One card face up: its kind, its fields and its text."""
    game = state.game
    card = game.table.card[uid]
    out: dict[str, Any] = {"card": game.table.token[uid], "name": card.name}
    if isinstance(card, Army):
        out |= {
            "kind": "army",
            "colour": card.colour,
            "left": card.left,
            "right": card.right,
            "full": card.full,
            "cornicine": card.cornicine,
            "mounted": card.mounted,
            "start": card.start,
            "players": card.players,
        }
    elif isinstance(card, Command):
        out |= {"kind": card.type, "subtypes": list(card.subtypes), "options": len(card.options)}
        out["disabled"] = uid in state.disabled
    elif isinstance(card, Objective):
        out |= {"kind": "objective", "points": card.points, "secret": card.secret}
    elif isinstance(card, Event):
        out["kind"] = "event"
    elif isinstance(card, Battle):
        out["kind"] = "battle"
        out["bonuses"] = {
            c: game.texts[uid].split(f"{c.capitalize()}: ")[1].split(".")[0] for c in COLOURS
        }
    elif isinstance(card, Alliance):
        out |= {"kind": "alliance", "track": card.track}
    out["text"] = game.texts[uid]
    if card.flavour:
        out["flavour"] = card.flavour
    return out


def dice_view(state: ParaState, side: int) -> list[dict[str, Any]]:
    banner_on = {slot: name for name, slot in state.banner[side].items() if slot}
    out = [
        {
            "slot": "general",
            "kind": "general",
            "value": state.general[side],
            "banner": None,
            "cell": START_CELL,
        }
    ]
    for cell, v in enumerate(state.grey[side]):
        if v:
            out.append(
                {
                    "slot": f"g{cell}",
                    "kind": "grey",
                    "value": v,
                    "banner": banner_on.get(f"g{cell}"),
                    "cell": cell,
                }
            )
    for junction, v in enumerate(state.red[side]):
        if v:
            out.append(
                {
                    "slot": f"r{junction}",
                    "kind": "red",
                    "value": v,
                    "banner": banner_on.get(f"r{junction}"),
                    "junction": junction,
                }
            )
    return out


def sees(state: ParaState, seat: int, side: int) -> bool:
    return seat >= 0 and state.game.seating.sees(seat, side)


def player_view(state: ParaState, side: int, seat: int) -> dict[str, Any]:
    game = state.game
    grid = state.grid[side]
    army = []
    for cell in range(CELLS):
        if grid[cell] != EMPTY:
            row, column = row_column(cell)
            army.append(
                {"cell": cell, "row": row, "column": column, "card": card_view(state, grid[cell])}
            )
    own = sees(state, seat, side)
    hand = [card_view(state, u) for u in sorted(state.hand[side])] if own else None
    known = [card_view(state, u) for u in sorted(state.known[side])]
    objectives: list[dict[str, Any]] = []
    for uid in state.objectives[side]:
        if own or uid in state.revealed:
            view = card_view(state, uid)
            view["shared"] = uid in state.shared
            view["met"] = [s for s in range(game.players) if uid in state.met[s]]
            objectives.append(view)
        else:
            objectives.append({"hidden": True, "shared": uid in state.shared})
    team = game.team_of(side) if game.teamed else None
    return {
        "seat": side,
        "label": state.seat_label(side),
        "team": team,
        "colour": state.colour[side] or None,
        "army": army,
        "dice": dice_view(state, side),
        "banners_free": [b for b in BANNERS if not state.banner[side][b]],
        "coins": state.coins[side],
        "vp": state.vp[side],
        "blazons": [c for i, c in enumerate(COLOURS) if state.blazons[side] >> i & 1],
        "permanents": [card_view(state, u) for u in state.permanents[side]],
        "hand_count": len(state.hand[side]),
        "hand": hand,
        "known": known,
        "objectives": objectives,
        "met": [game.table.token[u] for u in state.met[side]],
        "runner": state.runner[side] if game.teamed else None,
        "grey_dice": len(dice(state, side, "grey")),
        "red_dice": len(dice(state, side, "red")),
    }


def observation(state: ParaState, seat: int) -> dict[str, Any]:
    """Everything `seat` may know (SPECTATOR: what everybody knows): every army with its
    dice, coins, points and permanents; its own hand and objectives (a teammate's too at four
    players); of others only the counts, the cards all saw them take, their face-up objectives;
    the Battle Line, the Event, the Battle card, the decks' sizes, the decision."""
    game = state.game
    out: dict[str, Any] = {
        "game": game.id,
        "seat": seat,
        "players": game.players,
        "teams": [[s for s in range(4) if game.team_of(s) == t] for t in (0, 1)]
        if game.teamed
        else None,
        "round": state.round,
        "round_limit": game.round_limit,
        "equal_turns": game.equal_turns,  # the house rule end_at=round
        "turn": state.turn,
        "active": state.active,
        "first": state.first,
        "ending": state.ending if state.ending >= 0 else None,
        "phase": state.phase,
        "phase_name": PHASE_NAMES[state.phase],
        "actions_left": state.actions_left,
        "event": card_view(state, state.event[0]) if state.event else None,
        "battle": card_view(state, state.battle[0]) if state.battle else None,
        "battle_line": [card_view(state, u) for u in state.battle_line],
        "decks": {
            "army": len(state.army_deck),
            "command": len(state.command_deck),
            "event": len(state.event_deck),
        },
        "players_view": [player_view(state, side, seat) for side in range(game.players)],
        "alliances": [
            {
                "team": t,
                "card": card_view(state, uid),
                "runners": [state.runner[s] for s in range(4) if game.team_of(s) == t],
            }
            for t, uid in enumerate(state.alliances)
        ]
        if game.teamed
        else None,
        "grid": {
            "rows": [-1, 0, 1, 2],
            "columns": list(range(-4, 5)),
            "width": WIDTH,
            "junctions": JUNCTIONS,
        },
        "decision": _decision(state),
        "result": _result(state),
    }
    if seat == SPECTATOR:
        out["seat"] = SPECTATOR
    return out


def _result(state: ParaState) -> dict[str, Any] | None:
    if state.winners is None:
        return None
    return {
        "winners": list(state.winners),
        "reason": state.reason,
        "scores": list(state.scores),
        "grey": [score(state, s)[1] for s in range(state.game.players)],
    }


_ASKED = {
    "choose_start": "choose your starting colour",
    "return_objective": "put back an objective you drew ({left} more)",
    "take_command": "take a Command card from the Battle Line",
    "draft_command": "take a Command card from the Battle Line (set-up)",
    "army_phase": "play an Army card onto your army",
    "action_phase": "spend an action ({actions} left), or end the Action phase",
    "pay": "pay for it: which die, and how many coins",
    "order_option": "choose the Order's option",
    "motivate": "Motivate: choose the red die to spend, then the grey dice to re-roll",
    "choose_die": "choose a die ({verb})",
    "choose_banner": "add a banner to one of your dice",
    "strike": "choose an opponent's Permanent to {verb}",
    "free_construct": "you may play a Construct from your hand for free",
    "choose_bonus": "a Big Legion of your colour: choose any Battle Bonus",
    "discard": "discard down to your hand limit",
}


def _decision(state: ParaState) -> dict[str, Any] | None:
    if not state.stack or state.winners is not None:
        return None
    task: Any = state.stack[-1]
    side = task.side
    words = _ASKED.get(task.name, task.name).format(
        left=getattr(task, "left", 0),
        actions=state.actions_left,
        verb=str(getattr(task, "verb", "")).replace("_", " "),
    )
    return {
        "kind": task.name,
        "side": side,
        "seat": side,
        "text": f"{state.seat_label(side)}: {words}",
    }


def public_words(state: ParaState, action: Action) -> str | None:
    """A Requisition tucks a card from the hand under the Army deck and an objective put back
    goes under its deck: the others read that a card went, not which."""
    if action.kind == "requisition":
        return "Requisition: put an Army card at the bottom of the Army deck, gain a coin"
    if action.kind == "return":
        return "Return an objective to the bottom of its deck"
    return None


# -- determinizing ------------------------------------------------------------------------------
# Where cards are dealt again: piles, each with the indices of the places in it (None: all).
Places = list[tuple[list[int], list[int] | None]]


def resample_hidden(state: ParaState, seat: int, rng: Rng) -> None:
    """Deal again every card `seat` cannot place: the Army cards of the Army deck and of the
    hands it may not look at (the cards it tucked under the deck stay there), likewise the
    Command cards (those everybody saw taken from the Battle Line stay in their hands), the
    objectives of the deck and the face-down ones it may not look at, the Event deck's order."""
    game = state.game
    players = game.players
    unseen = [s for s in range(players) if not sees(state, seat, s)]
    mine = {u for s in range(players) if sees(state, seat, s) for u in state.tucked[s]}
    known = {u for s in range(players) for u in state.known[s]}
    deck = state.army_deck
    army: Places = [(deck, None)]
    if not mine.isdisjoint(deck):  # the cards it tucked under the deck stay there
        army = [(deck, [i for i, u in enumerate(deck) if u not in mine])]
    command: Places = [(state.command_deck, None)]
    objective: Places = [(state.objective_deck, None)]
    for side in unseen:
        hand = state.hand[side]
        army_cards: list[int] = []
        command_cards: list[int] = []
        for i, uid in enumerate(hand):
            if uid not in known:
                (army_cards if game.is_army[uid] else command_cards).append(i)
        army.append((hand, army_cards))
        command.append((hand, command_cards))
        held = state.objectives[side]
        objective.append((held, [i for i, uid in enumerate(held) if uid not in state.revealed]))
    shared_at = [(pile, i) for pile, i in each_place(objective) if pile[i] in state.shared]
    for places in (army, command, objective):
        deal_again(places, rng)
    if shared_at:  # a Shared Objective is the card in its place, whichever it now is
        dealt = {pile[i] for pile, i in each_place(objective)}
        kept = [u for u in state.shared if u not in dealt]
        state.shared = kept + [pile[i] for pile, i in shared_at]
    rng.shuffle(state.event_deck)
    state.unmet = None  # other objectives may now be held


def each_place(places: Places) -> Iterator[tuple[list[int], int]]:
    """Each place as (pile, index), in order."""
    for pile, at in places:
        for i in range(len(pile)) if at is None else at:
            yield pile, i


def deal_again(places: Places, rng: Rng) -> None:
    """Shuffle the cards in `places` among those places (a whole pile at once)."""
    cards: list[int] = []
    for pile, at in places:
        cards += pile if at is None else [pile[i] for i in at]
    rng.shuffle(cards)
    start = 0
    for pile, at in places:
        if at is None:
            pile[:] = cards[start : start + len(pile)]
            start += len(pile)
            continue
        for i in at:
            pile[i] = cards[start]
            start += 1
