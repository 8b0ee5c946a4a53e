"""The terminal drawing: Commanders, each side's minions, Tartarus and the Agora, the hand."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

FLAG_WORDS = {
    "attacked": "has attacked",
    "used": "effect used",
    "fresh": "just arrived",
    "dodge": "dodges",
    "paralyzed": "paralyzed",
    "crippled": "crippled",
}


def minion_line(card: dict[str, Any]) -> str:
    """ "Talos [012] 3/4 (1 damage) · raider, giant · piece 5 · primordial"."""
    text = f"{card['name']} [{card['card']}] {card['attack']}/{card['health']}"
    if card.get("damage"):
        text += f" ({card['damage']} damage)"
    style = "" if card["style"] == "melee" else f", {card['style']}"
    pieces = "+".join(map(str, card["pieces"]))
    text += f" · {card['class']}, {card['race']}{style} · piece {pieces}"
    marks = [FLAG_WORDS[f] for f in card["flags"]] + card["keywords"]
    return text + (" · " + ", ".join(marks) if marks else "")


def card_line(card: dict[str, Any]) -> str:
    """A card in a hand or the Agora: minions with cost and stats, spells as spells."""
    if card["kind"] == "minion":
        stats = f"{card['attack']}/{card['health']}"
        return f"{card['name']} [{card['card']}] cost {card['cost']}, {stats}"
    return f"{card['name']} [{card['card']}] {card['kind']}"


def render(obs: dict[str, Any]) -> Any:
    """A rich drawing of one seat's observation, in parts that change separately."""
    parts: list[Any] = []
    active = obs["players"][obs["active"]]["label"]
    head = f"Round {obs['round']} · {obs['phase_name']} · {active} to play"
    turn = obs["turn"]
    if turn["target"]:
        head += f" · this turn's target {turn['target']}"
    if turn["exchanged"]:
        head += " · Agora exchange made"
    parts.append(Text(head, style="bold"))
    if obs["decision"] is not None:
        parts.append(Text(obs["decision"]["text"], style="cyan"))
    sides = Table(title=f"Commanders ({obs['artifacts_to_win']} Artifacts conquer Olympus)")
    for column in ("player", "health", "ability", "hand", "Artifacts", "synergies"):
        sides.add_column(column)
    for p in obs["players"]:
        commander = p["commander"]
        sides.add_row(
            f"{p['label']} ({p['relation'] or 'player ' + str(p['side'] + 1)})",
            f"{p['health']}/{p['max_health']}",
            "used" if p["ability_used"] else (commander["ability_name"] if commander else "-"),
            str(p["hand_count"]),
            ", ".join(a["name"] for a in p["artifacts"]) or "-",
            ", ".join(p["synergies"]) or "-",
        )
    parts.append(sides)
    for p in obs["players"]:
        field = Table(title=f"{p['label']}'s minions", show_header=False, expand=True)
        field.add_column("minion")
        for card in p["minions"]:
            field.add_row(minion_line(card))
        if not p["minions"]:
            field.add_row("(none)")
        parts.append(field)
    shared = Table(
        title=f"The Deck holds {obs['deck_count']} cards", show_header=False, expand=True
    )
    shared.add_column("zone")
    shared.add_column("cards")
    shared.add_row("Tartarus", "\n".join(minion_line(c) for c in obs["tartarus"]) or "-")
    shared.add_row("Agora", "\n".join(card_line(c) for c in obs["agora"]) or "-")
    under = obs["underworld"]
    latest = f", the latest {card_line(under[-1])}" if under else ""
    shared.add_row("Underworld", f"{len(under)} cards{latest}")
    parts.append(shared)
    if obs["hand"] is not None:
        hand = Table(title="Your hand", show_header=False, expand=True)
        hand.add_column("card")
        hand.add_column("text")
        for card in obs["hand"]:
            hand.add_row(card_line(card), card["text"])
        parts.append(hand)
    return Group(*parts)
