"""How good a Bellum position looks, and the playout policy for MCTS rollouts."""

from __future__ import annotations

from bellica.core import Action, Rng
from bellica.games.bellum.state import BellumState


def evaluate(state: BellumState, seat: int) -> float:
    """In [-1, 1]: districts, creatures' power in play, deck quality and strategy charges."""
    if state.winners is not None:
        return state.returns()[seat]
    game = state.game
    score = [0.0, 0.0]
    for side in range(game.sides):
        team = game.team_of[side]
        value = 0.0
        for uid in state.play[side]:
            face = state.face_of(uid)
            if face.kind == "creature":
                value += _creature_value(state, uid)
            else:
                value += 2.0
        ready = sum(1 for u in state.hand[side] if state.face_of(u).kind != "labyrinth")
        value += 0.3 * min(ready, 5)  # cards ready to play
        if game.solo:
            value = _with_owned_cards(state, side, value)
        else:
            value += _deck_outlook(state, side)
        score[team] += value
    _assault_outlook(state, score)
    for team in range(2):
        score[team] += 2.0 * state.strategy[team] - 12.0 * state.pillaged[team]
        if game.solo and team == 0:
            score[team] += (
                15.0 * state.cycles + 20.0 * state.fled + state.game.script.outlook(state)
            )
    mine = game.team_of[_side_of(state, seat)]
    diff = score[mine] - score[mine ^ 1]
    return max(-0.95, min(0.95, diff / 60.0))


# What a deck is worth: the cards still to be drawn, three a turn, over a game taken to last
# this many rounds at most (greedy mirrors average 16), each as good as the library's
# average card, measured in cost rings. Tuned by play (2026-11-29: against the flat 0.6 a ring
# an owned card was worth before, greedy with this outlook won 178 of 200 games).
_ROUNDS = 20
_DRAWS_PER_TURN = 3
_RING_WORTH = 0.2


def _deck_outlook(state: BellumState, side: int) -> float:
    """What a side's cards will bring for the rest of the game: the draws left times the
    average cost rings of a card it owns (deck, hand, discard pile and creatures or relics in
    play), plus a little for every card it can still draw. A bought card raises the average,
    less in a big deck and less late in the game; removing a weak card raises it too."""
    game = state.game
    owned = state.deck[side] + state.hand[side] + state.discard[side]
    library = owned + [uid for uid in state.play[side] if not game.is_district[uid]]
    paid = game.rings  # each card's cost rings
    rings = sum(len(paid[uid]) for uid in library)
    draws_left = _DRAWS_PER_TURN * max(1, _ROUNDS - state.round)
    return _RING_WORTH * draws_left * rings / max(1, len(library)) + 0.1 * len(owned)


def _with_owned_cards(state: BellumState, side: int, value: float) -> float:
    """`value` plus the solo scenarios' measure of a deck: 0.6 a cost ring for each card in the
    deck, hand and discard pile, 0.1 for a card without rings. Their powers were tuned with
    MCTS on this measure (docs/balance/README.md, section 1), and the deck outlook above lost
    To the Hells and back 16 of 20 games where this one lost 8: against a script, a card
    discarded to buy is a blocker missing now, and the rounds left are the script's to count."""
    paid = state.game.rings  # each card's cost rings
    for uid in state.deck[side] + state.hand[side] + state.discard[side]:
        rings = len(paid[uid])
        value += 0.6 * rings if rings else 0.1
    return value


def _creature_value(state: BellumState, uid: int) -> float:
    return 1.0 + max(0, state.power(uid)) + 0.5 * state.shield[uid]


def _assault_outlook(state: BellumState, score: list[float]) -> None:
    """While an assault is under way, count what it will probably do: duels already set are
    fought out, and attackers the defender has no creature left to block will pillage."""
    if not state.attackers:
        return
    attacking = state.game.team_of[state.owner[state.attackers[0]]]
    blocked = dict(state.blocks)
    blockers_left = 0
    defenders = {state.game.opponents[state.owner[a]][0] for a in state.attackers}
    for side in defenders:
        blockers_left += sum(
            1 for u in state.living(side) if state.cover[u] < 0 and u not in blocked.values()
        )
    waiting = 0
    for attacker in state.attackers:
        blocker = blocked.get(attacker)
        if blocker is None:
            waiting += 1
            continue
        hit, back = state.power(attacker), state.power(blocker)
        if hit >= back and not state.shield[blocker]:
            score[attacking ^ 1] -= _creature_value(state, blocker)
        if back >= hit and not state.shield[attacker]:
            score[attacking] -= _creature_value(state, attacker)
    if waiting > blockers_left:
        score[attacking ^ 1] -= 10.0


def _side_of(state: BellumState, seat: int) -> int:
    for side in range(state.game.sides):
        if state.seat_of(side) == seat and side not in state.game.scripted:
            return side
    return 0


def playout_action(state: BellumState, rng: Rng) -> Action:
    """Rollouts play like a keen beginner: buy and play when possible, usually attack, draw
    three, and keep the hand; otherwise a uniform choice."""
    legal = state.legal_actions()
    preferred = [
        a
        for a in legal
        if a.kind in ("buy", "play", "resolve", "attack", "target", "block", "use", "flee")
    ]
    if preferred and rng.below(4):
        return rng.choice(preferred)
    for kind in ("draw_3", "keep"):
        for action in legal:
            if action.kind == kind:
                return action
    return rng.choice(legal)
