"""Helpers for the Para Bellum rulings tests: a small card set whose cards say what they are by
their names ("Gold Left" has a closed left edge and an open right one), positions edited from a
seeded game, and actions chosen by kind and card."""

from __future__ import annotations

import hashlib
import os
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

import bellica
from bellica.core import Action
from bellica.core.rng import Rng
from bellica.games.para_bellum.cards import COLOURS

# Army cards of every colour: (name suffix, left edge, right edge, extra fields). "Solo" is a
# one-card Legion; "Left" … "Middle" … "Right" build longer ones.
SHAPES: list[tuple[str, str, str, str]] = [
    ("Solo", "closed", "closed", ""),
    ("Left", "closed", "open", ""),
    ("Right", "open", "closed", ""),
    ("Middle", "open", "open", ""),
    ("Full Middle", "open", "open", "full = true\n"),
    ("Full Left", "closed", "open", "full = true\n"),
    ("Horn Left", "closed", "open", 'cornicine = "right"\n'),
    ("Rider Right", "open", "closed", 'mounted = "top"\n'),
    ("Rider Solo", "closed", "closed", 'mounted = "bottom"\n'),
]
# Cards for three (III) and four (IV) players only.
EXTRA = [("Solo III", 3), ("Solo IV", 4)]


def _army() -> list[str]:
    parts = []
    number = 0
    for colour in COLOURS:
        number += 1
        parts.append(
            f'[[army]]\nnumber = {number}\nname = "{colour.title()} Start"\ncolour = "{colour}"\n'
            'start = true\nleft = "open"\nright = "open"\nprovisional = false\n'
        )
    for colour in COLOURS:
        for suffix, left, right, extra in SHAPES:
            number += 1
            parts.append(
                f'[[army]]\nnumber = {number}\nname = "{colour.title()} {suffix}"\n'
                f'colour = "{colour}"\nleft = "{left}"\nright = "{right}"\n{extra}'
                "provisional = false\n"
            )
        for suffix, players in EXTRA:
            number += 1
            parts.append(
                f'[[army]]\nnumber = {number}\nname = "{colour.title()} {suffix}"\n'
                f'colour = "{colour}"\nplayers = {players}\nleft = "closed"\nright = "closed"\n'
                "provisional = false\n"
            )
    return parts


# Command cards: (number, name, type, copies, body).
COMMAND: list[tuple[int, str, str, int, str]] = [
    (
        101,
        "Pay Parade",
        "order",
        3,
        "[[command.options]]\neffects = [{ vp = 1 }]\n"
        '[[command.options]]\ncost = [{ die = "grey", pips = 1 }]\neffects = [{ coins = 2 }]\n',
    ),
    (
        102,
        "Veteran Drill",
        "order",
        1,
        '[[command.options]]\ncost = [{ die = "grey", pips = 1, banner = "veterani" }]\n'
        "effects = [{ vp = 2 }]\n",
    ),
    (
        103,
        "Levy",
        "order",
        2,
        '[[command.options]]\neffects = [{ recruit = "grey" }]\n',
    ),
    (
        104,
        "Paymaster",
        "permanent",
        2,
        'subtypes = ["character"]\n[command.action]\ncost = [{ die = "grey", pips = 1 }]\n'
        "effects = [{ coins = 1 }]\n",
    ),
    (
        105,
        "Saboteur",
        "permanent",
        1,
        'subtypes = ["character"]\n[command.action]\neffects = [{ disable = "any" }]\n',
    ),
    (
        106,
        "Assassin",
        "permanent",
        1,
        'subtypes = ["character"]\n[command.action]\neffects = [{ eliminate = "character" }]\n',
    ),
    (
        107,
        "Granary",
        "permanent",
        1,
        'subtypes = ["construct"]\n[command.rule]\nhand_limit = 1\n',
    ),
    (
        108,
        "Siege Tower",
        "special",
        1,
        'subtypes = ["construct"]\n[command.action]\neffects = [{ coins = 1 }]\n',
    ),
    (
        109,
        "Ram",
        "special",
        1,
        'subtypes = ["construct"]\n[command.action]\neffects = [{ vp = 1 }]\n',
    ),
    (
        111,
        "Demolisher",
        "permanent",
        1,
        'subtypes = ["engineer"]\n[command.action]\neffects = [{ eliminate = "construct" }]\n',
    ),
    (
        112,
        "Rushed Works",
        "order",
        1,
        "[[command.options]]\neffects = [{ free_construct = true }]\n",
    ),
    (
        110,
        "Scouts",
        "order",
        2,
        "[[command.options]]\neffects = [{ coins = 1 }]\n",
    ),
]


def _command() -> list[str]:
    parts = []
    for number, name, kind, copies, body in COMMAND:
        parts.append(
            f'[[command]]\nnumber = {number}\nname = "{name}"\ntype = "{kind}"\n'
            f"copies = {copies}\nprovisional = false\n{body}"
        )
    return parts


# Objectives: (name, kind, at least, points, secret); numbered from 201.
OBJECTIVES: list[tuple[str, str, int, int, bool]] = [
    ("Treasury", "coins", 5, 3, False),
    ("Hoard", "coins", 6, 4, True),
    *[(f"Quiet Camp {i}", "coins", 50, 1, True) for i in range(1, 13)],
]
# Battle Bonuses by colour on the one Battle card: each colour gives something different.
BONUS = {
    "gold": "[{ vp = 1 }]",
    "green": "[{ coins = 2 }]",
    "purple": "[{ vp = 3 }]",
    "white": "[{ coins = 4 }]",
    "black": "[{ vp = 5 }]",
}


def card_file_text() -> str:
    parts = _army() + _command()
    for i, (name, kind, at_least, points, secret) in enumerate(OBJECTIVES):
        parts.append(
            f'[[objective]]\nnumber = {201 + i}\nname = "{name}"\nkind = "{kind}"\n'
            f"at_least = {at_least}\npoints = {points}\nsecret = {str(secret).lower()}\n"
            "provisional = false\n"
        )
    parts.append(
        '[[event]]\nnumber = 301\nname = "Pay Day"\nprovisional = false\n'
        "on_reveal = [{ coins = 1 }]\n"
    )
    parts.append(
        '[[event]]\nnumber = 302\nname = "Drill Season"\nprovisional = false\n'
        "[event.modifiers]\nempower_bonus = 1\n"
    )
    parts.append(
        '[[event]]\nnumber = 303\nname = "Closed Markets"\nprovisional = false\n'
        "[event.modifiers]\nno_coins = 1\n"
    )
    parts.append(
        '[[battle]]\nnumber = 401\nname = "Test Field"\nprovisional = false\n'
        + "".join(f"{colour} = {effects}\n" for colour, effects in BONUS.items())
    )
    for number, name in ((501, "Eastern Pact"), (502, "Western Pact")):
        parts.append(
            f'[[alliance]]\nnumber = {number}\nname = "{name}"\ntrack = 2\nprovisional = false\n'
            'bonus = [{ vp = 2 }]\n[alliance.action]\ncost = [{ die = "general", pips = 1 }]\n'
            "effects = [{ coins = 1 }]\n"
        )
    parts.append(
        "[basic]\n"
        'command = [{ die = "general", pips = 1 }]\n'
        'deploy = [{ die = "red", pips = 2 }]\n'
        'muster = [{ die = "general", pips = 1 }]\n'
        'empower = [{ die = "red", pips = 1 }]\n'
        'consult = [{ die = "general", pips = 1 }]\n'
        'motivate = [{ die = "red", pips = 1 }]\n'
        "requisition = [{ coins = 1 }]\n"
        "provisional = false\n"
    )
    return "\n".join(parts)


@cache
def cards_path() -> str:
    """The test card file, in the temporary folder under a name its content decides (written
    whole, then renamed, so parallel runs never read half a file)."""
    text = card_file_text()
    digest = hashlib.sha1(text.encode()).hexdigest()[:12]
    path = Path(tempfile.gettempdir()) / f"bellica-pb-rules-{digest}.toml"
    if not path.exists():
        part = path.with_suffix(f".{os.getpid()}.part")
        part.write_text(text, encoding="utf-8")
        os.replace(part, path)
    return str(path)


@cache
def _loaded(players: int, options: tuple[tuple[str, Any], ...]) -> Any:
    return bellica.load("para-bellum", players=players, options=dict(options), cards=cards_path())


def game(players: int = 2, **options: Any) -> Any:
    """The game on the test cards (loaded once per configuration)."""
    return _loaded(players, tuple(sorted(options.items())))


# -- names and tokens ---------------------------------------------------------------------------
def tok(g: Any, name: str) -> str:
    """A card's token by its name ("Gold Solo" -> "007"); a token passes unchanged. A Command
    title's copies are "Pay Parade", "Pay Parade b", "Pay Parade c"."""
    game_ = getattr(g, "game", g)
    table = game_.table
    base, _, copy = name.rpartition(" ")
    for uid, card in enumerate(table.card):
        token = table.token[uid]
        if token == name or (card.name == name and token[-1].isdigit()):
            return str(token)
        if len(copy) == 1 and card.name == base and token.endswith(copy):
            return str(token)
    raise AssertionError(f"no card called {name!r}")


def uid(g: Any, name: str) -> int:
    game_ = getattr(g, "game", g)
    found = game_.uid(tok(game_, name))
    assert found is not None
    return int(found)


def names(state: Any, uids: list[int]) -> list[str]:
    table = state.game.table
    return [f"{table.card[u].name}" for u in uids]


def cell(row: int, column: int) -> int:
    return (row + 1) * 9 + (column + 4)


START = cell(0, 0)
LINE = ["Scouts", "Scouts b", "Levy", "Levy b"]  # the default Battle Line (top last)
DEFAULT_COLOURS = ("gold", "green", "purple", "white")


# -- positions ----------------------------------------------------------------------------------
def position(
    players: int = 2,
    *,
    active: int = 0,
    first: int = 0,
    phase: str = "actions",
    actions: int = 3,
    rnd: int = 1,
    turn: int | None = None,
    ending: int = -1,
    legion_take: bool = False,
    stack: str | None = None,
    colours: tuple[str, ...] | None = None,
    coins: dict[int, int] | None = None,
    vp: dict[int, int] | None = None,
    general: dict[int, int] | None = None,
    runner: dict[int, int] | None = None,
    grid: dict[int, dict[int, str]] | None = None,
    grey: dict[int, dict[int, int]] | None = None,
    red: dict[int, dict[int, int]] | None = None,
    banners: dict[int, dict[str, str]] | None = None,
    blazons: dict[int, list[str]] | None = None,
    met: dict[int, list[str]] | None = None,
    hand: dict[int, list[str]] | None = None,
    objectives: dict[int, list[str]] | None = None,
    permanents: dict[int, list[str]] | None = None,
    army_deck: list[str] | None = None,
    command_deck: list[str] | None = None,
    battle_line: list[str] | None = None,
    event: list[str] | None = None,
    event_deck: list[str] | None = None,
    discard: list[str] | None = None,
    alliances: list[str] | None = None,
    used: list[str] | None = None,
    disabled: list[str] | None = None,
    shared: list[str] | None = None,
    **options: Any,
) -> Any:
    """A position on the test cards, by card name (piles top last). Each player's Starting
    card of its colour (gold, green, purple, white by seat unless given) is on cell 13; `grid`
    adds cards by cell. Cards not placed go to the box. The Battle Line holds two Scouts and
    two Levies unless given, so that every player can Consult (a player with nothing to do
    would have its turns played out at once). At four players seats 0 and 1 hold their teams'
    Shared Objectives. Without `stack`, the active player is in its Action phase
    (`phase="army"`: its Army phase)."""
    g = game(players, **options)
    colours = colours or DEFAULT_COLOURS[:players]
    zones: dict[str, list[str]] = {name: [] for name in g.layout.names}
    zones["battle"] = ["Test Field"]
    if players == 4:
        zones["alliances"] = (
            alliances if alliances is not None else ["Eastern Pact", "Western Pact"]
        )
    lines = [
        "para-bellum",
        f"round {rnd} turn {turn if turn is not None else rnd} active {active} first {first} "
        f"ending {ending} phase {phase} actions {actions} "
        f"legion_take {'yes' if legion_take else 'no'}",
    ]
    battle_line = LINE if battle_line is None else battle_line
    objectives = dict(objectives or {})
    if players == 4 and shared is None:  # each team's Shared Objective, held by its first seat
        shared = ["Quiet Camp 11", "Quiet Camp 12"]
        for side, name in zip((0, 1), shared, strict=True):
            objectives[side] = [*objectives.get(side, []), name]
    for side in range(players):
        colour = colours[side]
        cells = {START: f"{colour.title()} Start", **(grid or {}).get(side, {})}
        zones[f"army {side}"] = list(cells.values())
        zones[f"hand {side}"] = (hand or {}).get(side, [])
        zones[f"objectives {side}"] = objectives.get(side, [])
        zones[f"permanents {side}"] = (permanents or {}).get(side, [])
        lines += [
            f"player {side}: colour={colour} coins={(coins or {}).get(side, 0)} "
            f"vp={(vp or {}).get(side, 0)} general={(general or {}).get(side, 6)} "
            f"runner={(runner or {}).get(side, 0)}",
            f"grid {side}: " + " ".join(f"{c}={tok(g, n)}" for c, n in sorted(cells.items())),
            f"grey {side}: "
            + (" ".join(f"{c}={v}" for c, v in sorted((grey or {}).get(side, {}).items())) or "-"),
            f"red {side}: "
            + (" ".join(f"{j}={v}" for j, v in sorted((red or {}).get(side, {}).items())) or "-"),
            f"banners {side}: "
            + (" ".join(f"{b}={s}" for b, s in (banners or {}).get(side, {}).items()) or "-"),
            f"blazons {side}: " + (" ".join((blazons or {}).get(side, [])) or "-"),
            f"met {side}: " + (" ".join(tok(g, n) for n in (met or {}).get(side, [])) or "-"),
            f"known {side}: -",
            f"tucked {side}: -",
        ]
    given = {
        "army_deck": army_deck,
        "command_deck": command_deck,
        "battle_line": battle_line,
        "event": event,
        "event_deck": event_deck,
        "discard": discard,
    }
    for name, pile in given.items():
        zones[name] = pile or []
    placed = {tok(g, n) for pile in zones.values() for n in pile}
    zones["box"] = [t for t in g.table.token if t not in placed]
    for name in g.layout.names:
        lines.append(f"{name}: {' '.join(tok(g, n) for n in zones[name]) or '-'}")
    for name, names_ in (
        ("used", used),
        ("disabled", disabled),
        ("revealed", []),
        ("shared", shared),
    ):
        lines.append(f"{name}: {' '.join(tok(g, n) for n in names_ or []) or '-'}")
    if stack is None:
        stack = f"end_turn side={active}; action_phase side={active}"
        if phase == "army":
            stack += f"; army_phase side={active}"
    lines.append(f"stack: {stack}")
    return g.load_position("\n".join(lines) + "\n")


# -- dice ---------------------------------------------------------------------------------------
class Loaded(Rng):
    """A generator whose six-sided dice show the given faces, in order."""

    def __init__(self, faces: list[int]) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def d6(self) -> int:
        assert self.faces, "a die was rolled that the test did not load"
        return self.faces.pop(0)


def load_dice(state: Any, *faces: int) -> None:
    """The next dice rolled in `state` show these faces."""
    state.rng = Loaded(list(faces))


# -- choosing -----------------------------------------------------------------------------------
def kinds(state: Any) -> set[str]:
    return {a.kind for a in state.legal_actions()}


def offered(state: Any, kind: str) -> list[str]:
    """The tokens of the cards the legal actions of `kind` name."""
    space = state.game.actions
    return [
        str(state.game.table.token[space.uid(a)]) for a in state.legal_actions() if a.kind == kind
    ]


def cells_offered(state: Any, name: str) -> list[int]:
    """The cells where the legal actions would place card `name`."""
    space = state.game.actions
    want = uid(state, name)
    out = []
    for a in state.legal_actions():
        if a.kind == "place":
            u, c = space.placed(a)
            if u == want:
                out.append(c)
    return sorted(out)


def action(state: Any, kind: str, name: str | None = None) -> Action:
    """The legal action of `kind` naming card `name` (or naming none)."""
    space = state.game.actions
    want = None if name is None else uid(state, name)
    for a in state.legal_actions():
        if a.kind == kind and (want is None or space.uid(a) == want):
            return a
    legal = ", ".join(a.kind for a in state.legal_actions())
    raise AssertionError(f"no legal {kind} {name or ''}; legal: {legal}")


def play(state: Any, kind: str, name: str | None = None) -> None:
    state.apply(action(state, kind, name))


def place(state: Any, name: str, at: int) -> None:
    """Place card `name` on cell `at` (it must be legal)."""
    assert at in cells_offered(state, name), (name, at, cells_offered(state, name))
    state.apply(state.game.actions.place(uid(state, name), at))


def top(state: Any) -> str:
    """The kind of the decision being asked."""
    return str(state.stack[-1].name) if state.stack else ""
