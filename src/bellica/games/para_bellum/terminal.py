"""The terminal drawing: the round, each army as a grid with its dice, the Battle Line, the
Event, your hand and objectives."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

EDGE = {"open": "=", "closed": "|"}


def army_grid(player: dict[str, Any]) -> Table:
    """A player's army, row +2 on top: each card as its colour's initial between its edges,
    with its grey die; a red die between two rows as "r5"; the General die as "G6"."""
    grid = Table(title=f"{player['label']}'s army", show_header=True, padding=(0, 0))
    grid.add_column("row")
    for column in range(-4, 5):
        grid.add_column(f"{column:+d}" if column else "0", justify="center")
    cards = {entry["cell"]: entry["card"] for entry in player["army"]}
    dice = {d["slot"]: d for d in player["dice"]}
    for row in (2, 1, 0, -1):
        cells, reds = [], []
        for column in range(-4, 5):
            cell = (row + 1) * 9 + column + 4
            card = cards.get(cell)
            if card is None:
                cells.append("")
            elif card["kind"] == "special":
                cells.append(f"[{card['name'][:3]}]")
            else:
                die = dice.get("general" if card["start"] else f"g{cell}")
                value = ("G" if card["start"] else "") + (str(die["value"]) if die else "·")
                cells.append(
                    f"{EDGE[card['left']]}{card['colour'][0].upper()}{value}{EDGE[card['right']]}"
                )
            red = dice.get(f"r{cell - 9}") if row > -1 else None
            reds.append(f"r{red['value']}" if red else "")
        grid.add_row(f"{row:+d}" if row else "0", *cells)
        if row > -1 and any(reds):
            grid.add_row("", *reds)
    return grid


def render(obs: dict[str, Any]) -> Any:
    """A rich drawing of one seat's observation, in parts that change separately."""
    parts: list[Any] = []
    players = obs["players_view"]
    head = f"Round {obs['round']} · {obs['phase_name']} · {players[obs['active']]['label']} to play"
    head += f" · {obs['actions_left']} action(s) left · Army deck {obs['decks']['army']}"
    if obs["ending"] is not None:
        head += f" · the game ends before {players[obs['ending']]['label']}'s next turn"
    parts.append(Text(head, style="bold"))
    if obs["decision"] is not None:
        parts.append(Text(obs["decision"]["text"], style="cyan"))
    summary = Table(title="Generals")
    for column in ("player", "coins", "points", "blazons", "banners free", "hand", "permanents"):
        summary.add_column(column)
    for p in players:
        summary.add_row(
            p["label"],
            str(p["coins"]),
            str(p["vp"]),
            ", ".join(p["blazons"]) or "-",
            ", ".join(b.replace("_", " ") for b in p["banners_free"]) or "-",
            str(p["hand_count"]),
            ", ".join(c["name"] + (" (disabled)" if c["disabled"] else "") for c in p["permanents"])
            or "-",
        )
    parts.append(summary)
    for p in players:
        parts.append(army_grid(p))
    board = Table(title="Battle Line, Event and Battle", show_header=False, expand=True)
    board.add_column("what")
    board.add_column("cards")
    board.add_row(
        "Battle Line",
        "\n".join(f"{c['name']} [{c['card']}]: {c['text']}" for c in obs["battle_line"]) or "-",
    )
    if obs["event"]:
        board.add_row("Event", f"{obs['event']['name']}: {obs['event']['text']}")
    if obs["battle"]:
        board.add_row("Battle", f"{obs['battle']['name']}: {obs['battle']['text']}")
    parts.append(board)
    for p in players:
        if p["hand"] is None:
            continue
        hand = Table(title=f"{p['label']}'s hand and objectives", show_header=False, expand=True)
        hand.add_column("card")
        for card in p["hand"]:
            hand.add_row(f"{card['name']} [{card['card']}]: {card['text']}")
        for card in p["objectives"]:
            if not card.get("hidden"):
                hand.add_row(f"Objective {card['name']}: {card['text']}")
        parts.append(hand)
    return Group(*parts)
