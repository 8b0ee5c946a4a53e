"""What a seat sees: the observation dict, and the terminal drawing of it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bellica.core import SPECTATOR, Action, IllegalAction, Rng
from bellica.core.events import Dice, Event
from bellica.games.imperio_bellum.board import (
    ATTACKER,
    DEFENDER,
    NEIGHBOUR_SETS,
    SIDE_NAMES,
    name,
    parse_square,
)
from bellica.games.imperio_bellum.pieces import (
    ACTED,
    BASE,
    CAPTURED,
    ENTRENCHED,
    KIND_BY_NAME,
    KIND_NAMES,
    KNIGHT,
    LETTERS,
    MOVED,
    UNIT_KINDS,
    title,
)
from bellica.games.imperio_bellum.rules.combat import attack_modifiers, defence_modifiers
from bellica.games.imperio_bellum.rules.phases import OVER, PHASE_NAMES
from bellica.games.imperio_bellum.rules.turn import MELEE, SHOT, SPLASH

if TYPE_CHECKING:
    from bellica.games.imperio_bellum.state import ImperioBellumState


# Each piece as observed, worked out once per square, piece and marks; observations get a copy.
_PIECES: dict[tuple[int, int, int], dict[str, Any]] = {}


def _piece(sq: int, p: int, f: int) -> dict[str, Any]:
    key = (sq, p, f & (ENTRENCHED | ACTED | CAPTURED))
    piece = _PIECES.get(key)
    if piece is None:
        piece = _PIECES[key] = {
            "square": name(sq),
            "piece": KIND_NAMES[p & 7],
            "side": SIDE_NAMES[p >> 3],
            "entrenched": bool(f & ENTRENCHED),
            "acted": bool(f & ACTED),
            "captured": bool(f & CAPTURED),
        }
    return piece.copy()


def observe(st: ImperioBellumState, seat: int) -> dict[str, Any]:
    """Everything on the table is public in Imperio Bellum; only future dice are unknown."""
    flags = st.flags
    pieces = [_piece(sq, p, flags[sq]) for sq, p in enumerate(st.board) if p]
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


# -- the observation tensor -----------------------------------------------------------------
# Board planes: the seat's own pieces by kind (6), the enemy's (6), then entrenched, acted,
# moved, captured, the picked piece, a base just won, the base spawning now.
PLANES = 19
GLOBALS = 25
SHAPE = (81 * PLANES + len(PHASE_NAMES) + GLOBALS,)


def observation_tensor(st: ImperioBellumState, seat: int, out: Any) -> None:
    """The whole table as numbers in [0, 1], seen from `seat`'s side of the board: its own
    army moves up the board whichever side it plays (Imperio Bellum hides nothing)."""
    if seat not in (0, 1):
        raise IllegalAction("an observation tensor is for seat 0 or 1")
    mine = st.side_of_seat(seat)
    board, flags = st.board, st.flags
    planes = out[: 81 * PLANES].reshape(PLANES, 81)
    flip = mine == DEFENDER
    for sq in range(81):
        p = board[sq]
        at = 80 - sq if flip else sq  # turned round for the defender: its edge is at the bottom
        if p:
            ours = (p >> 3) == mine
            planes[(p & 7) - 1 + (0 if ours else 6), at] = 1.0
            f = flags[sq]
            planes[12, at] = bool(f & ENTRENCHED)
            planes[13, at] = bool(f & ACTED)
            planes[14, at] = bool(f & MOVED)
            planes[15, at] = bool(f & CAPTURED)
    if st.selected >= 0:
        planes[16, 80 - st.selected if flip else st.selected] = 1.0
    if st.pending is not None:
        base = st.pending[0]
        planes[17, 80 - base if flip else base] = 1.0
    if st.spawn_queue:
        base = st.spawn_queue[0]
        planes[18, 80 - base if flip else base] = 1.0
    at = 81 * PLANES
    out[at + st.phase] = 1.0
    at += len(PHASE_NAMES)
    theirs = mine ^ 1
    limit = st.game.turn_limit or 1000
    values = [
        min(st.round, limit) / limit,
        st.side == mine,
        mine == ATTACKER,
        *(min(st.reserves[mine][k], 50) / 50 for k in range(4)),
        *(min(st.reserves[theirs][k], 50) / 50 for k in range(4)),
        min(st.units[mine], 60) / 60,
        min(st.units[theirs], 60) / 60,
        min(st.bases[mine], 6) / 6,
        min(st.bases[theirs], 6) / 6,
        min(st.initial_units[mine], 15) / 15,
        min(st.initial_units[theirs], 15) / 15,
        min(st.initial_reserves[mine], 50) / 50,
        min(st.initial_reserves[theirs], 50) / 50,
        st.hq_lost[mine],
        st.hq_lost[theirs],
        min(max(st.alterations, 0), 4) / 4,
        min(st.knight_actions, 5) / 5,
        min(st.knight_charge, 5) / 5,
        st.phase == OVER,
    ]
    out[at : at + GLOBALS] = values


def events(st: ImperioBellumState, action: Action | None) -> list[Event]:
    """What the last action did: a piece moved, arrived or took a base, and each fight with
    both sides' dice (how many, why, each die as it fell); each event marks its squares."""
    out = [] if action is None else _action_events(st, action)
    for combat in st.combats:
        described = describe_combat(combat)
        frm, to, kind, target, a_dice, d_dice, a_roll, d_roll, mode = combat[:9]
        before, charge, a_ent, d_ent = combat[9:]
        adjacent = to in NEIGHBOUR_SETS[frm]
        a_base, a_mods = attack_modifiers(
            kind, target, ranged=mode == SHOT, charge=charge, entrenched=a_ent
        )
        if mode == SPLASH:  # one die against each piece around the target
            a_base, a_mods = 1, ()
        d_base, d_mods = defence_modifiers(
            target, kind, barrage=mode != MELEE, adjacent=adjacent, entrenched=d_ent
        )
        a_faces, d_faces = _faces(before, a_dice, d_dice, a_roll, d_roll)
        dice = (
            Dice(f"{title(kind)} {name(frm)}", a_base, a_mods, a_dice, a_faces, a_roll),
            Dice(f"{title(target)} {name(to)}", d_base, d_mods, d_dice, d_faces, d_roll),
        )
        facts = (("from", name(frm)), ("to", name(to)), ("mode", described["mode"]))
        marks = (name(frm), name(to))
        out.append(Event("combat", described["text"], dice=dice, facts=facts, marks=marks))
    return out


def _action_events(st: ImperioBellumState, action: Action) -> list[Event]:
    """A move, an arrival or a taken base, in words, with the squares it touched (a fight
    tells itself); a move and an arrival only say again what their action says, so logs keep
    them quiet."""
    kind = action.kind
    if kind == "move":
        frm, to = action.get("from"), action.get("to")
        side = _owner(st, to)
        text = f"the {side}'s {action.get('piece')} moves from {frm} to {to}"
        facts = (("from", frm), ("to", to))
        return [Event("move", text, facts=facts, marks=(frm, to), quiet=True)]
    if kind == "spawn":
        square = action.get("square")
        side = _owner(st, square)
        piece = str(action.get("piece"))
        article = "an" if piece[:1] in ("a", "e", "i", "o", "u") else "a"
        text = f"{article} {piece} of the {side} arrives at {square}"
        return [Event("spawn", text, facts=(("square", square),), marks=(square,), quiet=True)]
    if kind in ("capture", "destroy"):
        square = action.get("square")
        taker = _owner(st, square)  # the base is the taker's now, or its piece stands there
        done = "captures" if kind == "capture" else "destroys"
        text = f"the {taker} {done} the base at {square}"
        return [Event(kind, text, facts=(("square", square),), marks=(square,))]
    return []


def _owner(st: ImperioBellumState, square: str) -> str:
    """Whose piece stands on `square`."""
    return SIDE_NAMES[st.board[parse_square(square)] >> 3]


def _faces(
    before: int | None, a_dice: int, d_dice: int, a_roll: int, d_roll: int
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Each die as it fell, rolled again from the generator's state before the fight (the
    rules keep only the totals); none when the dice were not the generator's."""
    if before is None:
        return (), ()
    rng = Rng(0)
    rng.state = before
    a_faces = tuple(rng.d6() for _ in range(a_dice))
    d_faces = tuple(rng.d6() for _ in range(d_dice))
    if sum(a_faces) != a_roll or sum(d_faces) != d_roll:
        return (), ()
    return a_faces, d_faces


def describe_combat(c: tuple[Any, ...]) -> dict[str, Any]:
    """One fight of the last action, with its dice, and a sentence saying how it went."""
    frm, to, kind, target, a_dice, d_dice, a_roll, d_roll, mode = c[:9]
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


# What the terminal board marks before a piece's letter (after it: + entrenched, * captured).
ACTING, REACHABLE, TOUCHED = ">", "o", "~"
# The squares an action names that the board marks when the action may be played now, or
# was just played by the other side.
MARKED_SQUARES = {
    "move": ("from", "to"),
    "attack": ("from", "to"),
    "spawn": ("square",),
    "place": ("square",),
    "remove": ("square",),
    "capture": ("square",),
    "destroy": ("square",),
}


def render(obs: dict[str, Any]) -> Any:
    """The board with the status beside it, then the key: each square a fixed three
    characters wide (mark, letter, state), so no mark ever shifts a column. A view given
    `legal` and `recent` actions (the terminal's) marks where the acting piece may go and
    what the other side's last actions touched."""
    from rich.console import Group
    from rich.table import Table

    board = _board(obs)
    table = Table.grid(padding=(0, 2))
    width = max(len(line) for line in board.plain.splitlines())  # one cell per character
    table.add_column(no_wrap=True, min_width=width)
    table.add_column()
    table.add_row(board, _sidebar(obs))
    return Group(table, _key())


def _squares(actions: list[dict[str, Any]], targets_only: bool) -> set[str]:
    """The squares the listed actions name (only where they lead, if `targets_only`)."""
    out: set[str] = set()
    for entry in actions:
        action = entry["action"]
        for field in MARKED_SQUARES.get(action.get("kind", ""), ()):
            if targets_only and field == "from":
                continue
            if isinstance(action.get(field), str):
                out.add(action[field])
    return out


def _board(obs: dict[str, Any]) -> Any:
    from rich.text import Text

    board: dict[str, dict[str, Any]] = {p["square"]: p for p in obs["pieces"]}
    acting = {obs.get(key) for key in ("selected", "spawning_from", "base_won")} - {None}
    reachable = _squares(obs.get("legal", []), targets_only=True)
    touched = _squares(obs.get("recent", []), targets_only=False)
    lines = Text()
    lines.append("   " + " ".join(f" {f} " for f in "abcdefghi") + "\n", style="bold")
    for rank in range(9, 0, -1):
        lines.append(f"{rank}  ", style="bold")
        for f in "abcdefghi":
            sq = f"{f}{rank}"
            if sq in acting:
                lines.append(ACTING, style="bold yellow")
            elif sq in reachable:
                lines.append(REACHABLE, style="bold green")
            elif sq in touched:
                lines.append(TOUCHED, style="magenta")
            else:
                lines.append(" ")
            p = board.get(sq)
            if p is None:
                lines.append("·", style="dim")
                lines.append(" ")
            else:
                letter = LETTERS[KIND_BY_NAME[p["piece"]]]
                if p["side"] == "defender":
                    letter = letter.lower()  # as in the position notation, readable without colour
                style = "bold red" if p["side"] == "attacker" else "bold blue"
                if sq in acting:
                    style += " reverse"
                lines.append(letter, style=style)
                lines.append("+" if p["entrenched"] else "*" if p["captured"] else " ")
            if f != "i":
                lines.append(" ")
        lines.append(f"  {rank}\n" if rank > 1 else f"  {rank}", style="bold")
    return lines


def _key() -> Any:
    from rich.text import Text

    return Text(
        "K knight  A archer  P pikeman  F footsoldier  B base  H headquarters\n"
        "upper case attacker, lower defender;  + entrenched  * captured\n"
        f"{ACTING} acting  {REACHABLE} it may go or strike  "
        f"{TOUCHED} the other side's last actions",
        style="dim",
    )


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
    lines.rstrip()
    return lines
