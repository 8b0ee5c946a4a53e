"""How many decisions a game of Para Bellum can hold: the set-up's, a round's, a game's.

Each bound counts what a decision uses up, so it holds for every line of play, not only for
the games we have seen: an action spends an action token (the tokens a turn can ever get are
counted from the cards: an Order is played once a game, the Army phase completes at most one
Legion), a cost item is one payment, an effect asks at most a few decisions, and a discard
takes a card the turn brought into the hand.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING

from bellica.games.para_bellum.cards import COLOURS, Alliance, Battle, Command, Effect, Event
from bellica.games.para_bellum.rules.setup import STARTING_ARMY_CARDS
from bellica.games.para_bellum.state import HAND_LIMIT

if TYPE_CHECKING:
    from bellica.games.para_bellum.game import ParaBellum

CHOOSING = frozenset(
    {"empower", "rally", "reroll", "recruit", "banner", "disable", "eliminate", "free_construct"}
)  # an effect that asks one decision (a die, a banner, a Permanent, a card to play free)
DRAFTS_EACH = 2  # Command cards each player drafts from the Battle Line at the set-up
JUNCTIONS_EACH = 2  # Centurions one card completes: with the card above and the card below
FOLLOW_UPS = {"muster": 0, "empower": 1, "consult": 1, "motivate": 2, "requisition": 0}
# a basic action's decisions after its payment: the die to empower, the Command card taken,
# the red die and the grey die(s) of a Motivate


def setup_decisions(game: ParaBellum) -> int:
    """Each player picks a starting colour (when chosen), puts back one objective and drafts
    two Command cards."""
    players = game.players
    colours = players if game.options["colours"] == "choose" else 0
    return colours + players + DRAFTS_EACH * players


def effect_decisions(game: ParaBellum, effects: Iterable[Effect]) -> int:
    """The decisions a list of effects asks: a Command card per card taken, a die for each
    opponent's Morale test or harassment, one decision for a die, a banner, a Permanent
    struck or a Construct played free."""
    opponents = len(game.opponents(0))
    total = 0
    for effect in effects:
        verb = effect.verb
        if verb == "take_command":
            total += effect.amount
        elif verb in ("morale", "harass"):
            total += opponents
        elif verb in CHOOSING:
            total += 1
    return total


def cards_gained(effects: Iterable[Effect]) -> int:
    """The cards a list of effects brings into the hand."""
    return sum(e.amount for e in effects if e.verb in ("draw_army", "take_command"))


def token_gain(effects: Iterable[Effect]) -> int:
    """The action tokens a list of effects gives."""
    return sum(e.amount for e in effects if e.verb == "actions")


def _commands(game: ParaBellum) -> Iterator[Command]:
    """Every Command card copy of the game."""
    for card in game.table.card:
        if isinstance(card, Command):
            yield card


def _bonuses(game: ParaBellum) -> list[Sequence[Effect]]:
    """Every Battle Bonus of every Battle card."""
    return [
        card.bonus(colour)
        for card in game.table.card
        if isinstance(card, Battle)
        for colour in COLOURS
    ]


def _reveals(game: ParaBellum) -> list[Sequence[Effect]]:
    return [card.on_reveal for card in game.table.card if isinstance(card, Event)]


def _alliances(game: ParaBellum) -> list[Alliance]:
    return [card for card in game.table.card if isinstance(card, Alliance)] if game.teamed else []


def action_tokens(game: ParaBellum) -> int | None:
    """The most action tokens one turn can spend: the turn's own, every rule in force that
    adds some (summed over every card, as if all were in force), and every token an effect
    can give within a turn: each Order's best option (an Order goes to the discard pile for
    good, so each copy gives once a game), each Permanent's action (once a turn), the best
    Battle Bonus (the Army phase places one card, so it completes one Legion at most) and the
    best Event reveal. None when an action that can be taken again and again (the Alliance,
    the Runner) gives back at least the token it took: the turn need never end."""
    for alliance in _alliances(game):
        if token_gain(alliance.action.effects) >= 1 or token_gain(alliance.bonus) >= alliance.track:
            return None
    ruled = sum(max(0, rule.get("actions", 0)) for rule in game.rules)
    orders = sum(
        max((token_gain(o.effects) for o in c.options), default=0) for c in _commands(game)
    )
    uses = sum(token_gain(c.action.effects) for c in _commands(game) if c.action is not None)
    bonus = max((token_gain(b) for b in _bonuses(game)), default=0)
    reveal = max((token_gain(r) for r in _reveals(game)), default=0)
    return game.tokens_per_turn + ruled + orders + uses + bonus + reveal


def action_decisions(game: ParaBellum) -> tuple[int, int]:
    """The most decisions one action can ask, and the most cards it can bring into the hand:
    the action, one payment per cost item, then what it does (an Order: its option, that
    option's payments and effects; a Permanent's, a Special Unit's or the Alliance's action:
    its effects; a Runner at the end of its track: the Alliance's bonus)."""
    costs = game.basic_costs
    asked = [1 + len(costs[name]) + after for name, after in FOLLOW_UPS.items()]
    gained = [1]  # a Muster draws, a Consult takes
    command, deploy = len(costs["command"]), len(costs["deploy"])
    for card in _commands(game):
        for option in card.options:
            effects = option.effects
            asked.append(1 + command + 1 + len(option.cost) + effect_decisions(game, effects))
            gained.append(cards_gained(option.effects))
        if card.type != "order":
            asked.append(1 + deploy)
        if card.action is not None:
            effects = card.action.effects
            asked.append(1 + len(card.action.cost) + effect_decisions(game, effects))
            gained.append(cards_gained(effects))
    for alliance in _alliances(game):
        action = alliance.action
        asked.append(1 + len(action.cost) + effect_decisions(game, action.effects))
        asked.append(1 + effect_decisions(game, alliance.bonus))
        gained += [cards_gained(action.effects), cards_gained(alliance.bonus)]
    return max(asked), max(gained)


def army_phase(game: ParaBellum) -> tuple[int, int]:
    """The Army phase's decisions and the cards it can bring into the hand: the card placed,
    a banner for each Centurion it completes, and for the Legion it completes a die lost to
    each opponent's Morale test, the Battle Bonus's colour and effects, and a Command card
    taken for a grey die of 1 or 2."""
    bonuses = _bonuses(game)
    bonus = max((effect_decisions(game, b) for b in bonuses), default=0)
    legion = len(game.opponents(0)) + 1 + bonus + 1
    gained = 1 + max((cards_gained(b) for b in bonuses), default=0)
    return 1 + JUNCTIONS_EACH + legion, gained


def hand_limit_swing(game: ParaBellum) -> int:
    """How far the hand limit can fall between two of a player's turns: every rule that
    changes it, counted once each way."""
    return sum(abs(rule.get("hand_limit", 0)) for rule in game.rules)


def excess(game: ParaBellum) -> int:
    """The cards a hand can hold above the limit before any discard: in the opening hand
    (two Army cards and two drafted Command cards), or after a turn (the limit at that
    discard, and how far it can fall before the next)."""
    swing = hand_limit_swing(game)
    opening = STARTING_ARMY_CARDS + DRAFTS_EACH - (HAND_LIMIT - swing)
    return max(swing, opening)


def round_decisions(game: ParaBellum) -> int | None:
    """A round: the Event's reveal (its effects for every player), then each player's turn:

    - the Army phase (`army_phase`);
    - the Action phase: each action spends a token (`action_tokens`) and asks at most
      `action_decisions`; then "end the phase";
    - the Draw phase: a card, then discards down to the hand limit: no more than the cards
      the round brought into the hand (the last discard left the hand at the limit) and
      what it can hold above the limit before (`excess`).

    None when a turn has no bound (see `action_tokens`)."""
    tokens = action_tokens(game)
    if tokens is None:
        return None
    per_action, action_gain = action_decisions(game)
    army, army_gain = army_phase(game)
    reveals = _reveals(game)
    reveal = max((effect_decisions(game, r) for r in reveals), default=0)
    reveal_gain = max((cards_gained(r) for r in reveals), default=0)
    gained = army_gain + tokens * action_gain + 1 + reveal_gain
    discards = gained + excess(game)
    turn = army + tokens * per_action + 1 + discards
    return game.players * reveal + game.players * turn
