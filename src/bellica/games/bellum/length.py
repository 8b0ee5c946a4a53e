"""How many decisions a game of Bellum can hold: a turn's, a round's, a game's.

A turn's decisions are paid for by what it uses up: the cards in the hands (a card played,
paid, discarded or answered with leaves the hand, and only a draw brings one back), the cards
that can be in play (each acts at most once a turn in each way: its Rally ability, its
attack, its death; a card played, bought, summoned or revealed comes into play once), the
Olympus cards bought, the Stock cards summoned, and the few decisions of each phase.

That holds while a turn's draws are bounded, and they are (ruling 32). Only the Draw phase
shuffles a discard pile into a new deck, and it comes after every ability of the turn (a
team's members draw once all of them have deployed; keeping cards triggers nothing). Any other
draw (on a card played, coming into play, dying, bought or answering; a Rally; a district's
Pillage, in either player's turn) takes a card from a deck as it stood when the turn began,
for nothing else puts a card into a player's deck: a card played, bought, taken from the
Stock, discarded or destroyed goes to a discard pile (or into play), a Removed card or a
Petrified cover to the Stock, and Omniscience's look moves one card of the deck to the discard
pile and shuffles the others back into that same deck. So a turn's ability draws are at most
the cards the decks can hold: every card of the pool. Sibyl (Deployment: draw two) and Prayer
(draw one) can meet their trigger again in one turn, but cannot repeat it for ever: once the
deck is empty, Prayer draws nothing (tests/games/bellum/test_bellum_length.py plays it).

The solo scenarios' scripts rebuild their own side's deck at other moments (the Hells as
their reveals run out, the Greeks as they reveal Reinforcements), so there the decks as a turn
begins do not bound the draws: a scenario's turn is bounded only when no card of its pool
draws on a trigger it can meet again, which holds for every scenario's pool; each Rally and
Assault draw is then counted once, and the Pillage draws of the defending city.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from bellica.games.bellum.cards import Effect
from bellica.games.bellum.rules.effects import SINGLE_TARGETS
from bellica.games.bellum.rules.turn import DRAW_COUNT, HAND_SIZE
from bellica.games.bellum.scripts.solo import SoloScript
from bellica.games.bellum.scripts.troy import REINFORCEMENTS

if TYPE_CHECKING:
    from bellica.games.bellum.game import Bellum
    from bellica.games.bellum.scenarios import Scenario

# Triggers a card can meet again in one turn, each time it is played, comes into play, dies,
# is bought or answers; the others come once a turn (Rally, Assault) or once a district.
AGAIN = ("play", "deployment", "death", "purchase", "answer")
TRIGGERS = (*AGAIN, "rally", "assault")
PHASES_EACH = 5  # a member ends the Rally, Assault and Deployment phases, draws, keeps
DISTRICTS = 4  # a city's districts, each pillaged once a game


def scenario_of(game: Bellum) -> Scenario | None:
    """A solo variant's scenario (None for the two-city and team games)."""
    script = game.script
    return script.scenario if isinstance(script, SoloScript) else None


def pool(game: Bellum) -> list[int]:
    """The cards that can come into a game: a scenario's (the player's and the opponent's
    decks and cards in play, the market) and the Stock's; every card of the two-city and
    team games."""
    scenario = scenario_of(game)
    if scenario is None:
        return [uid for uid, card in enumerate(game.table.card) if card.kind != "district"]
    placed = [
        *scenario.player_deck,
        *scenario.player_play,
        *scenario.opponent_deck,
        *scenario.opponent_play,
        *scenario.market,
    ]
    return sorted({*placed, *game.uids("stock")})


def abilities(game: Bellum, uid: int, triggers: Iterable[str] = TRIGGERS) -> list[list[Effect]]:
    """A card's abilities for those triggers, on either face, as the scenario words them."""
    faces = (0, 1) if game.table.card[uid].back is not None else (0,)
    out = []
    for face in faces:
        for trigger in triggers:
            effects = game.effects(uid, face, trigger)
            if effects:
                out.append(list(effects))
    return out


def effect_decisions(game: Bellum, effect: Effect) -> int:
    """The decisions one effect asks (rules.effects.perform): a target; or whether to use it,
    then its own choices (the cards each side discards, the creatures sacrificed, a card
    Removed, a look at each deck, whether to pillage more)."""
    verb, target = effect.verb, effect.target
    if target in SINGLE_TARGETS:
        return 1
    asked = 1 if effect.optional and target != "hand_or_discard" and verb != "pillage" else 0
    if target is not None and target != "hand_or_discard":
        return asked
    sides = 1 if effect.who in ("self", "opponent") else game.sides
    if verb == "discard":
        return asked + effect.amount * sides
    if verb == "sacrifice":
        return asked + effect.amount
    if verb in ("remove", "pillage"):
        return asked + 1
    if verb == "look":
        return asked + sides
    return asked


def ability_decisions(game: Bellum, effects: Sequence[Effect]) -> int:
    return sum(effect_decisions(game, e) for e in effects)


def draws(effects: Sequence[Effect]) -> int:
    return sum(e.amount for e in effects if e.verb == "draw")


def summons(effects: Sequence[Effect]) -> int:
    return sum(e.amount for e in effects if e.verb == "summon")


def draws_again(game: Bellum) -> bool:
    """Whether a card of the pool draws on a trigger it can meet again in one turn (Sibyl on
    coming into play, Prayer when played)."""
    return any(draws(a) for u in pool(game) for a in abilities(game, u, AGAIN))


def pillage_abilities(game: Bellum) -> list[list[list[Effect]]]:
    """Each city's districts' Pillage abilities (the player's city only, in a scenario)."""
    cities = [c for c in game.cities if not game.solo or c == game.script.player_city]
    districts = [
        [u for u, card in enumerate(game.table.card) if card.kind == "district" and card.city == c]
        for c in cities
    ]
    return [[a for u in d for a in abilities(game, u, ("pillage",))] for d in districts]


def ability_draws(game: Bellum) -> int | None:
    """The most cards one turn's abilities can draw, every player's draws together (None: no
    count, see `unbounded`). Outside the Draw phase a draw takes only what a deck held as the
    turn began (ruling 32), so at most every card of the pool in the two-city and team games;
    when no draw can come again in a turn, at most each Rally and Assault draw once and the
    defending city's districts' Pillage draws for each of its members, if that is fewer."""
    counted = None
    if not draws_again(game):
        members = max(len(m) for m in game.members)
        once = [a for u in pool(game) for a in abilities(game, u, ("rally", "assault"))]
        cities = pillage_abilities(game)
        pillage = members * max((sum(draws(a) for a in p) for p in cities), default=0)
        counted = sum(draws(a) for a in once) + pillage
    if game.solo:  # a script may rebuild its side's deck in the turn: only the count holds
        return counted
    decks = len(pool(game))  # the most cards the decks hold as the turn begins
    return decks if counted is None else min(decks, counted)


def unbounded(game: Bellum) -> bool:
    """Whether the pool holds a card that breaks the count of `turn_decisions`: in a solo
    scenario, one that draws on a trigger it can meet again in one turn (its script may
    rebuild a deck during the turn; in the two-city and team games the decks as the turn
    begins bound such draws); a Stock card that summons (summons are counted from the cards
    that summon, each at most as often as it plays its part); one that flips into a creature
    as it dies (it could die again)."""
    if ability_draws(game) is None:
        return True
    table = game.table
    for uid in pool(game):
        if table.card[uid].deck == "stock" and any(summons(a) for a in abilities(game, uid)):
            return True
        for face, shown in enumerate(table.faces[uid]):
            other = table.faces[uid][1 - face] if len(table.faces[uid]) > 1 else None
            flips = any(e.verb == "flip" for e in game.effects(uid, face, "death"))
            if shown is not None and flips and other is not None and other.kind == "creature":
                return True
    return False


def appearance(game: Bellum, uid: int, asked: int) -> int:
    """The decisions one card can cause each time it plays a part in a turn: its abilities
    (either face), the window of answers over it (`asked`: each player may answer or pass)
    as a spell or a death, the order of triggers it is picked in."""
    card = game.table.card[uid]
    total = sum(ability_decisions(game, a) for a in abilities(game, uid))
    if card.kind == "spell" or card.answer is not None:
        total += asked
    if abilities(game, uid, ("death",)):
        total += asked + 1
    total += len(abilities(game, uid, ("rally", "assault")))
    return total


def turn_decisions(game: Bellum) -> int | None:
    """One team's turn (or the scripted side's), None for a pool that breaks the count
    (`unbounded`):

    - draws: three a member in the Draw phase, and the abilities' draws (`ability_draws`);
    - the hands: each player's hand at most five after its Keep, plus what the abilities of
      the other team's turn drew since, plus the turn's draws; each card leaving a hand is
      one decision (played, paid, discarded, Removed, answered with, used);
    - purchases: one decision each, and each pays at least one ring with a card from the hand
      (a free card: once, it leaves Olympus for good);
    - every card of the pool plays its part once (`appearance`): it is played, revealed,
      bought, summoned, or in play as the turn begins; a card drawn again, revealed again
      from a reshuffled deck, or summoned from the Stock plays it again, at most as often as
      the worst card;
    - the assault: each creature attacks once and is blocked or not once, the Hercules or
      Achilles block, pillaging more, fleeing; the window over the assault; the districts'
      Pillage abilities for each defending member; each Rally ability resolved once;
    - each member ends its three phases, draws and keeps; Strategy once, and a Remove for
      each member."""
    effect_draws = ability_draws(game)
    if effect_draws is None or unbounded(game):
        return None
    members = max(len(m) for m in game.members)
    humans = game.sides - len(game.scripted)
    uids = pool(game)
    pillage = pillage_abilities(game)
    pillage_decisions = members * max(
        (sum(ability_decisions(game, a) for a in p) for p in pillage), default=0
    )
    pillage_summons = members * max((sum(summons(a) for a in p) for p in pillage), default=0)
    drawn = DRAW_COUNT * members + effect_draws
    hands = humans * HAND_SIZE + effect_draws + drawn
    scenario = scenario_of(game)
    if scenario is None:
        supply = [u for u in uids if game.table.card[u].deck in ("olympus", "legend")]
        reveals = 0
    else:  # a market; the cards revealed (or Reinforcements, and Achilles's Soldier)
        supply = scenario.market
        reveals = max(scenario.reveal) + REINFORCEMENTS + 1
    free = sum(1 for u in supply if not game.rings[u])
    bought = hands + free
    stock = game.uids("stock")
    again = drawn + reveals
    summoned = (
        sum(summons(a) for u in uids for a in abilities(game, u))
        + again * max(sum(summons(a) for a in abilities(game, u)) for u in uids)
        + pillage_summons
    )
    parts = sum(appearance(game, u, humans) for u in uids)
    parts += again * max(appearance(game, u, humans) for u in uids if u not in stock)
    parts += summoned * max(appearance(game, u, humans) for u in stock)
    faces = game.table.faces
    creatures = sum(1 for u in uids if any(f and f.kind == "creature" for f in faces[u]))
    creatures += summoned
    assault = 2 * creatures + 3 + humans
    rallies = sum(1 for u in uids if abilities(game, u, ("rally",))) + summoned
    phases = members * PHASES_EACH + 1 + members
    return hands + bought + parts + assault + pillage_decisions + rallies + phases


def round_decisions(game: Bellum) -> int | None:
    """A round: both teams' turns (the player's and the scripted side's)."""
    turn = turn_decisions(game)
    return None if turn is None else 2 * turn
