"""Bellum's glossary covers the cards: every keyword of a card's text, every clan, card type,
cost ring, token and effect verb the card file uses has an entry."""

from __future__ import annotations

import re

import pytest

import bellica
from bellica.core.glossary import Glossary, glossary_of
from bellica.games.bellum.cards import CARDS_FILE, Card, Face, load_cards

TRIGGERS = ("play", "rally", "deployment", "death", "assault", "ongoing", "pillage", "purchase")
# the observation's tokens on a card (the table draws them with these keys)
TOKENS = ("damage", "shield", "charge", "power", "strategy")


@pytest.fixture(scope="module")
def glossary() -> Glossary:
    return glossary_of(bellica.load("bellum"))


@pytest.fixture(scope="module")
def cards() -> list[Card]:
    return list(load_cards(CARDS_FILE).card)


def faces(cards: list[Card]) -> list[Face]:
    return [face for card in cards for face in (card, card.back) if face is not None]


def marked(glossary: Glossary) -> set[str]:
    return {word.lower() for entry in glossary.entry for word in entry.marks()}


def test_every_ability_label_of_a_card_text_has_an_entry(
    glossary: Glossary, cards: list[Card]
) -> None:
    """ "Rally: ...", "Death: ...", "Answer to a spell ...": the label names a keyword."""
    labels = set()
    for face in faces(cards):
        labels |= set(re.findall(r"(?:^|\. )([A-Z][a-z]+)(?::| to )", face.text))
    assert labels >= {"Rally", "Death", "Deployment", "Assault", "Ongoing", "Pillage", "Answer"}
    missing = {label for label in labels if not glossary.find(label)}
    assert not missing


def test_every_capitalised_game_word_of_a_card_text_has_an_entry(
    glossary: Glossary, cards: list[Card]
) -> None:
    """Inside a sentence, a capital letter marks a game word (Shield, Stock, Strategy, an Oracle)
    or a card's or city's name; every game word has an entry."""
    names = {word for card in cards for face in faces([card]) for word in face.name.split()}
    names |= {"Athens", "Sparta", "Troy", "War"}
    found: dict[str, str] = {}
    for face in faces(cards):
        for sentence in re.split(r"(?<=[.:!])\s+", face.text):
            for word in re.findall(r"(?<=\s)[A-Z][a-z]+", sentence):
                if word not in names and word.rstrip("s") not in names:
                    found.setdefault(word, face.name)
    assert {"Shield", "Stock", "Strategy", "Oracle", "Soldiers"} <= set(found)
    missing = {word: name for word, name in found.items() if word.lower() not in marked(glossary)}
    assert not missing


def used_keys(cards: list[Card]) -> set[str]:
    """The keys the table tags on these cards: kinds, clans, cost rings, tokens, and the
    triggers and effect verbs of their abilities."""
    used = set(TOKENS)
    for face in faces(cards):
        used.add(face.kind)
        if face.clan:
            used.add(face.clan)
        for trigger in TRIGGERS:
            effects = list(getattr(face, trigger))
            if effects and trigger != "play":
                used.add(trigger)
            used |= {effect.verb for effect in effects}
        if face.answer is not None:
            used.add("answer")
            used |= {effect.verb for effect in face.answer.effects}
    for card in cards:
        used |= {"ring-any" if ring == "any" else ring for ring in card.cost}
        if card.cost:
            used.add("cost-ring")
    return used


def test_every_kind_clan_cost_ring_verb_and_trigger_a_card_uses_has_an_entry(
    glossary: Glossary, cards: list[Card]
) -> None:
    used = used_keys(cards)
    assert {"creature", "district", "myth", "ring-any", "damage", "summon", "take"} <= used
    assert used - {entry.key for entry in glossary.entry} == set()


def test_every_entry_is_used_by_a_card_a_rule_or_the_table(
    glossary: Glossary, cards: list[Card]
) -> None:
    """No entry explains something the game does not have: each is a key the table tags (a
    kind, clan, ring, token or verb) or marks a word of some card's text or of the rules."""
    rules = bellica.load("bellum").rules_text().lower()
    texts = " ".join(face.text for face in faces(cards)).lower()
    used = used_keys(cards)
    for entry in glossary.entry:
        words = [w.lower() for w in entry.marks()] or [entry.term.lower()]
        assert entry.key in used or any(w in texts or w in rules for w in words), entry.key
