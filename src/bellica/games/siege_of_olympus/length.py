"""How many decisions a game of Siege of Olympus can hold: the set-up's, a round's, a game's.

Each bound counts what a decision uses up, so it holds for every line of play, not only for
the games we have seen: a summon or a cast plays a card from the hand, each minion attacks
once a turn, the end of the turn discards what the turn brought in.

What the hand can gain in a turn is the delicate part: a spell that draws goes to the
Underworld, which becomes the Deck again when the Deck runs out, so a turn could in principle
draw its own draw spells again and again. It cannot with our cards, because the Deck cannot
run out twice in one turn (`deck_passes`): what the players, Tartarus and the Agora can hold
leaves too many cards in the Deck and the Underworld for one turn's draws and searches to go
through them a second time. The bound checks this from the card data, and is None for a card
set where it fails.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

from bellica.games.siege_of_olympus.cards import Effect
from bellica.games.siege_of_olympus.rules.deck import (
    AGORA_MOST,
    HAND_LIMIT,
    MINION_LIMIT,
    TARTARUS_SIZE,
)
from bellica.games.siege_of_olympus.rules.effects import CHOOSING, CHOOSING_ARTIFACT
from bellica.games.siege_of_olympus.rules.setup import MULLIGAN_MOST

if TYPE_CHECKING:
    from bellica.games.siege_of_olympus.game import SiegeOfOlympus

PASSES = 2  # how often a turn can go through the Deck: the one it starts with, one reshuffled


def _best(options: Iterable[Sequence[Effect]], count: Callable[[Sequence[Effect]], int]) -> int:
    return max((count(o) for o in options), default=0)


def effect_decisions(effects: Sequence[Effect], window: int) -> int:
    """The decisions a card's effects ask: a target, minion or card for each choosing
    effect, a card left and a card taken for an exchange, an attack and the Disrupt `window`
    over it for an Ambush, the option of a Pick and then the option's own."""
    total = 0
    for effect in effects:
        verb = effect.verb
        if verb == "pick":
            total += 1 + max(effect_decisions(o, window) for o in effect.pick or [[]])
        elif verb == "exchange":
            total += 2
        elif verb == "ambush":
            total += 1 + window
        elif verb in CHOOSING or verb == CHOOSING_ARTIFACT:
            total += 1
    return total


def taken_from_deck(effects: Sequence[Effect]) -> int:
    """The cards a card's effects take off the Deck: its draws and its search."""
    total = 0
    for effect in effects:
        verb = effect.verb
        if verb == "pick":
            total += _best(effect.pick or [], taken_from_deck)
        elif verb == "draw":
            total += effect.amount
        elif verb == "search":
            total += 1
    return total


def taken_back(effects: Sequence[Effect]) -> int:
    """The cards a card's effects take back from the Underworld (Reborn)."""
    total = 0
    for effect in effects:
        if effect.verb == "pick":
            total += _best(effect.pick or [], taken_back)
        elif effect.verb == "reborn":
            total += 1
    return total


def exchanges(effects: Sequence[Effect]) -> int:
    """The Agora exchanges a card's effects make."""
    total = 0
    for effect in effects:
        if effect.verb == "pick":
            total += _best(effect.pick or [], exchanges)
        elif effect.verb == "exchange":
            total += 1
    return total


def deck_cards(game: SiegeOfOlympus) -> list[int]:
    """The Minions and Spells: the cards of the Deck."""
    return game.minion_uids + game.spell_uids


def agora_most(game: SiegeOfOlympus) -> int:
    """The most cards the Agora holds as a turn begins: the refill stops at six, and only an
    exchange with nothing to take (every card there left this turn) makes it grow, once per
    exchange: the turn's own, and each card's and the Commander's, once a pass."""
    per_pass = sum(exchanges(game.effects(u)) for u in deck_cards(game))
    commander = max(exchanges(game.effects(u)) for u in game.commander_uids)
    return max(AGORA_MOST, 1 + PASSES * per_pass + commander)


def taken(game: SiegeOfOlympus, uid: int) -> int:
    """The cards a card's effects take out of the Deck and the Underworld together."""
    effects = game.effects(uid)
    return taken_from_deck(effects) + taken_back(effects)


def deck_passes(game: SiegeOfOlympus) -> bool:
    """Whether a turn goes through the Deck at most twice (the Underworld shuffled in once).

    As a turn begins, the cards out of the Deck and the Underworld are at most two hands at
    the hand limit, two full sides of minions, Tartarus and the Agora (`agora_most`); the
    rest (`left`: 22 of our 66) are in them. Until the Deck runs out, that falls by:

    - the turn's draw, and the spell being cast (not yet in the Underworld);
    - each spell's cards taken beyond the spell itself, which goes to the Underworld
      (Oracle of Delphi's second card);
    - each minion's card taken as it is summoned, while it stays in play: no more than the
      room its side had, which counts in `left` as it begins empty (a minion that dies goes
      back); this needs every minion to take at most one card;
    - each activated minion's cards taken, used once without a summon (none of ours take);
    - the Commander's ability, if used by then (used later, it takes no more from the new
      Deck than that).

    What is left (17 of ours at least) becomes the Deck, and running out again in the same
    turn would take every one of its cards by the draws and searches of the cards played
    since, each at most once (14 of ours)."""
    if max((taken(game, u) for u in game.minion_uids), default=0) > 1:
        return False
    held = 2 * HAND_LIMIT + 2 * MINION_LIMIT + TARTARUS_SIZE + agora_most(game)
    left = len(deck_cards(game)) - held
    spells = sum(max(0, taken(game, u) - 1) for u in game.spell_uids)
    used = sum(taken(game, u) for u in game.activated)
    commander = max(taken(game, u) for u in game.commander_uids)
    reshuffled = left - 2 - spells - used - commander
    second_pass = sum(taken_from_deck(game.effects(u)) for u in deck_cards(game))
    return reshuffled > second_pass


def turn_decisions(game: SiegeOfOlympus) -> int | None:
    """One player's turn, when it goes through the Deck at most twice (`deck_passes`; None
    otherwise):

    - the cards the hand can play: the hand it ends its last turn with, the turn's draw, what
      each card's draws and searches take off the Deck once a pass (and the Commander's once),
      and the Agora cards its exchanges take (Reborn, Free and recruited minions cannot be
      summoned this turn);
    - each card played: the summon or cast, the Disrupt window over it (with the Disrupt's
      own effects), a Copy's choice, and its effects' decisions;
    - each activated minion used: once if in play as the turn begins, once more each time it
      comes back (a summon clears its use), with the window and its effects;
    - the Commander's ability, the turn's exchange (a card left, a card taken);
    - each minion's attack in the Recruit or the Attack phase, with its window; ending the
      three phases;
    - discarding down to eight: no more than the cards the turn brought into the hand."""
    if not deck_passes(game):
        return None
    cards = deck_cards(game)
    disrupts = [u for u in game.spell_uids if game.disrupts[u]]
    window = 1 + max((effect_decisions(game.effects(u), 0) for u in disrupts), default=0)
    commanders = game.commander_uids
    drawn = 1 + PASSES * sum(taken_from_deck(game.effects(u)) for u in cards)
    drawn += max(taken_from_deck(game.effects(u)) for u in commanders)
    reborn = PASSES * sum(taken_back(game.effects(u)) for u in cards)
    reborn += max(taken_back(game.effects(u)) for u in commanders)
    taken = agora_most(game)  # each exchange takes one card: the turn's own and every other
    playable = HAND_LIMIT + drawn + taken
    copy_and_effects = max(
        (1 if game.copies[u] else 0) + effect_decisions(game.effects(u), window) for u in cards
    )
    per_play = 1 + window + copy_and_effects
    used = (1 + PASSES) * sum(
        1 + window + effect_decisions(game.effects(u), window) for u in game.activated
    )
    commander = 1 + window + max(effect_decisions(game.effects(u), window) for u in commanders)
    attacks = MINION_LIMIT * (1 + window)
    discards = drawn + reborn + TARTARUS_SIZE + taken  # freed or recruited from Tartarus
    return playable * per_play + used + commander + 2 + attacks + 3 + discards


def setup_decisions(game: SiegeOfOlympus) -> int:
    """Each player picks a Commander (when chosen), then returns up to three cards of its
    opening hand one at a time and keeps it."""
    chosen = 2 if game.options["commanders"] == "choose" else 0
    return chosen + 2 * (MULLIGAN_MOST + 1)


def round_decisions(game: SiegeOfOlympus) -> int | None:
    """A round: each player's turn."""
    turn = turn_decisions(game)
    return None if turn is None else 2 * turn
