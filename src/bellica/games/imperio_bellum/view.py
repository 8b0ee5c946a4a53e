"""What a seat sees: the observation dict, and the terminal drawing of it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bellica.core import SPECTATOR
from bellica.core.events import Dice, Event
from bellica.games.imperio_bellum.board import SIDE_NAMES, name
from bellica.games.imperio_bellum.phases import PHASE_NAMES
from bellica.games.imperio_bellum.pieces import (
    ACTED,
    BASE,
    CAPTURED,
    ENTRENCHED,
    KIND_BY_NAME,
    KIND_NAMES,
    KNIGHT,
    LETTERS,
    UNIT_KINDS,
    title,
)
from bellica.games.imperio_bellum.turn import MELEE

if TYPE_CHECKING:
    from bellica.games.imperio_bellum.state import ImperioBellumState


def observe(st: ImperioBellumState, seat: int) -> dict[str, Any]:
    """Everything on the table is public in Imperio Bellum; only future dice are unknown."""
    pieces = []
    for sq, p in enumerate(st.board):
        if p:
            f = st.flags[sq]
            pieces.append(
                {
                    "square": name(sq),
                    "piece": KIND_NAMES[p & 7],
                    "side": SIDE_NAMES[p >> 3],
                    "entrenched": bool(f & ENTRENCHED),
                    "acted": bool(f & ACTED),
                    "captured": bool(f & CAPTURED),
                }
            )
    current = st.current_player
    combats = [describe_combat(c) for c in st.combats]
    knight = st.selected >= 0 and st.board[st.selected] & 7 == KNIGHT
    obs: dict[str, Any] = {
        "game": "imperio-bellum",
        "seat": seat,
        "side": None if seat == SPECTATOR else SIDE_NAMES[st.side_of_seat(seat)],
        "attacker_seat": st.attacker_seat,
        "phase": PHASE_NAMES[st.phase],
        "round": st.round,
        "turn_limit": st.game.turn_limit,
        "to_move": None if current is None else SIDE_NAMES[st.side],
        "current_player": current,
        "pieces": pieces,
        "reinforcements": {
            SIDE_NAMES[side]: {KIND_NAMES[k]: st.reserves[side][k - 1] for k in UNIT_KINDS}
            for side in (0, 1)
        },
        "bases": {SIDE_NAMES[side]: st.bases[side] for side in (0, 1)},
        "units": {SIDE_NAMES[side]: st.units[side] for side in (0, 1)},
        "selected": name(st.selected) if st.selected >= 0 else None,
        "knight_actions_left": st.knight_actions if knight else None,
        "knight_tiles_moved": st.knight_charge if knight else None,
        "base_won": name(st.pending[0]) if st.pending else None,
        "spawning_from": name(st.spawn_queue[0]) if st.spawn_queue else None,
        "alterations_left": st.alterations,
        "last_combats": combats,
        "position": st.position(),
    }
    if st.is_terminal:
        obs["outcome"] = st.outcome().to_json()
    return obs


def events(st: ImperioBellumState) -> list[Event]:
    """The fights of the last action, each with both sides' dice."""
    out = []
    for combat in st.combats:
        described = describe_combat(combat)
        frm, to, kind, target, a_dice, d_dice, a_roll, d_roll, _mode = combat
        attacker = f"{title(kind)} {name(frm)}"
        defender = f"{title(target)} {name(to)}"
        dice = (
            Dice(attacker, a_dice, (), a_dice, (), a_roll),  # (modifiers and faces: to come)
            Dice(defender, d_dice, (), d_dice, (), d_roll),
        )
        facts = (("from", name(frm)), ("to", name(to)), ("mode", described["mode"]))
        out.append(Event("combat", described["text"], dice=dice, facts=facts))
    return out


def describe_combat(c: tuple[Any, ...]) -> dict[str, Any]:
    """One fight of the last action, with its dice, and a sentence saying how it went."""
    frm, to, kind, target, a_dice, d_dice, a_roll, d_roll, mode = c
    attacker, defender = title(kind), title(target)
    won = a_roll > d_roll
    if won:
        result = f"the {defender.lower()} falls" if target < BASE else "the base is beaten"
    elif mode != MELEE:
        result = f"the {defender.lower()} holds"
    elif a_roll == d_roll and target < BASE:
        result = "both fall"
    else:
        result = f"the {attacker.lower()} falls"
    how = ("attacks", "shoots", "splashes")[mode]
    return {
        "from": name(frm),
        "to": name(to),
        "attacker": KIND_NAMES[kind],
        "defender": KIND_NAMES[target],
        "mode": ("melee", "shot", "splash")[mode],
        "attack_dice": a_dice,
        "defence_dice": d_dice,
        "attack_roll": a_roll,
        "defence_roll": d_roll,
        "attacker_won": won,
        "text": f"{attacker} {name(frm)} {how} {defender.lower()} {name(to)}: "
        f"{a_roll} on {a_dice}d6 against {d_roll} on {d_dice}d6, {result}",
    }


def render(obs: dict[str, Any]) -> Any:
    """A rich table of the board with the reinforcements beside it."""
    from rich.table import Table
    from rich.text import Text

    board: dict[str, dict[str, Any]] = {p["square"]: p for p in obs["pieces"]}
    grid = Table(show_header=True, header_style="bold", box=None, padding=(0, 1))
    grid.add_column("")
    for f in "abcdefghi":
        grid.add_column(f, justify="center")
    for rank in range(9, 0, -1):
        cells: list[Any] = [Text(str(rank), style="bold")]
        for f in "abcdefghi":
            p = board.get(f"{f}{rank}")
            if p is None:
                cells.append(Text("·", style="dim"))
                continue
            letter = LETTERS[KIND_BY_NAME[p["piece"]]]
            if p["side"] == "defender":
                letter = letter.lower()  # as in the position notation, readable without colour
            style = "bold red" if p["side"] == "attacker" else "bold blue"
            if obs.get("selected") == p["square"]:
                style += " reverse"
            mark = "+" if p["entrenched"] else "*" if p["captured"] else ""
            cells.append(Text(letter + mark, style=style))
        grid.add_row(*cells)
    info = Table.grid(padding=(0, 2))
    info.add_row(grid, _sidebar(obs))
    return info


def _sidebar(obs: dict[str, Any]) -> Any:
    from rich.text import Text

    lines = Text()
    lines.append(f"Phase: {obs['phase']}   Round {obs['round']}\n", style="bold")
    you = obs["side"]
    lines.append(f"You are the {you} ({'red' if you == 'attacker' else 'blue'})\n")
    if obs["to_move"]:
        lines.append(f"To move: {obs['to_move']}\n")
    for side, style in (("attacker", "red"), ("defender", "blue")):
        r = obs["reinforcements"][side]
        lines.append(f"{side.capitalize()}: ", style=f"bold {style}")
        lines.append(f"{obs['units'][side]} pieces, {obs['bases'][side]} bases\n")
        lines.append(
            f"  reserve K{r['knight']} A{r['archer']} P{r['pikeman']} F{r['footsoldier']}\n"
        )
    for key, label in (
        ("selected", "Acting"),
        ("spawning_from", "Spawning from base"),
        ("base_won", "Base won at"),
    ):
        if obs.get(key):
            lines.append(f"{label}: {obs[key]}\n")
    if obs.get("knight_actions_left") is not None:
        lines.append(
            f"Knight: {obs['knight_actions_left']} actions left, "
            f"{obs['knight_tiles_moved']} tiles moved\n"
        )
    if "outcome" in obs:
        lines.append(obs["outcome"]["reason"] + "\n", style="bold green")
    lines.append(
        "K knight  A archer  P pikeman\nF footsoldier  B base\nH headquarters\n"
        "upper case attacker, lower defender\n+ entrenched  * captured",
        style="dim",
    )
    return lines
