"""The terminal drawing: the day and the die, each lord's castle and stock, the kingdom."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from bellica.games.bellum_magia.texts import amount

LEFT = ("food", "glyph", "maps")
RIGHT = ("swords", "magic", "thieves")


def line_text(line: dict[str, int]) -> str:
    """ "2 food, 1 treasure map | 3 swords, 1 thief"."""
    left = [amount(k, line[k]) for k in LEFT if line[k]]
    right = [amount(k, line[k]) for k in RIGHT if line[k]]
    return f"{', '.join(left) or '-'} | {', '.join(right) or '-'}"


def resources(lord: dict[str, Any]) -> str:
    """ "3 food, 1 glyph, 2 Barrels" (what it holds, or "-")."""
    held = [amount(k, lord[k]) for k in ("food", "glyph", "barrel") if lord[k]]
    return ", ".join(held) or "-"


def chest_text(chest: dict[str, Any]) -> str:
    value = "?" if chest["value"] is None else chest["value"]
    return f"{chest['kind'][0].upper()}{value}"


def place_text(place: dict[str, Any]) -> str:
    guard = f"shield {place['shield']}"
    if place["magic_shield"]:
        guard += f" + magic {place['magic_shield']}"
    spoils = ", ".join(f"{n} {k}" for k, n in place["spoils"].items())
    return f"{place['name']} [{place['card']}] {guard} → {spoils}"


def render(obs: dict[str, Any]) -> Any:
    """A rich drawing of one seat's observation, in parts that change separately."""
    parts: list[Any] = []
    lords = obs["lords"]
    head = f"Day {obs['day']} · {obs['phase_name']} · Captain {lords[obs['captain']]['label']}"
    if obs["die"]:
        head += f" · the die shows {obs['die']}"
    parts.append(Text(head, style="bold"))
    if obs["decision"] is not None:
        parts.append(Text(obs["decision"]["text"], style="cyan"))
    table = Table(title="Evil lords")
    for column in ("lord", "shield", "resources", "spells", "chests", "today's line"):
        table.add_column(column)
    for lord in lords:
        mark = " (you)" if lord["seat"] == obs["seat"] else ""
        shield = str(lord["shield"]) + (
            f" +{lord['magic_shield']} magic" if lord["magic_shield"] else ""
        )
        chests = " ".join(chest_text(c) for c in lord["chests"]) or "-"
        if lord["wealth"] is not None and lord["chests"]:
            chests += f" = {lord['wealth']}"
        table.add_row(
            lord["label"] + mark,
            shield,
            resources(lord),
            f"{lord['spells'] - lord['spells_used']}/{lord['spells']}",
            chests,
            line_text(lord["active"]) if lord["active"] else "-",
        )
    parts.append(table)
    me = next((lord for lord in lords if lord["seat"] == obs["seat"]), None)
    if me is not None and me["castle"] is not None:
        hordes = Table(title=f"Your castle, {me['label']}: six horde lines", expand=True)
        hordes.add_column("die")
        hordes.add_column("left: production | right: attack")
        for face, line in enumerate(me["lines"], start=1):
            style = "bold yellow" if obs["die"] == face else ""
            hordes.add_row(str(face), Text(line_text(line), style=style))
        parts.append(hordes)
    kingdom = Table(title="The human kingdom", show_header=False, expand=True)
    kingdom.add_column("place")
    if obs["tavern"]:
        kingdom.add_row(place_text(obs["tavern"]))
    for place in obs["places"]:
        kingdom.add_row(place_text(place))
    left = obs["kingdom"]
    kingdom.add_row(f"pile: {left['farm']} farms, {left['village']} villages, {left['town']} towns")
    parts.append(kingdom)
    market = Table(title="Creatures face up", show_header=False, expand=True)
    market.add_column("creature")
    for rank in ("evil", "most_evil"):
        for card in obs["creatures"][rank]:
            if card is not None:
                market.add_row(f"{card['name']} [{card['card']}] {card['text']}")
    parts.append(market)
    return Group(*parts)
