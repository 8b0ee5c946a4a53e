"""The hall: creates, opens and runs the live games; every rule a request must pass is here."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import json
import logging
import secrets
import time
from collections import Counter, OrderedDict
from typing import Any

from bellica.agents import AGENT_NAMES, AGENTS, make_agent, parse_spec
from bellica.agents.labels import agent_label
from bellica.core import (
    Action,
    BellicaError,
    GameConfig,
    IllegalAction,
    InvalidConfig,
    SeatView,
    State,
    game_class,
    load,
)
from bellica.core import games as all_games
from bellica.server.limits import Limits
from bellica.server.store import GameRow, SeatRow, Store, now
from bellica.server.tables import Listener, Table, summary, token_hash, worded
from bellica.server.thinking import DEFAULT_SECONDS, Thinkers
from bellica.server.workers import Overtime

log = logging.getLogger("bellica.server")

# Suggested AI strengths for the lobby, weakest first; any agent spec is accepted.
AI_PRESETS = (
    "random",
    "greedy",
    "mcts:seconds=0.2",
    "mcts:seconds=1",
    "mcts:seconds=3",
    "mcts:seconds=10",
)
PRESET_NOTES = {"random": "any legal move", "greedy": "the best-looking move"}
SEED_MAXIMUM = 2**63 - 1  # the largest seed a game accepts (SQLite stores signed 64 bits)


class ApiError(Exception):
    """A request the server refuses: an HTTP status and a message for the person."""

    def __init__(self, status: int, detail: str) -> None:
        super().__init__(detail)
        self.status = status
        self.detail = detail


def catalog() -> dict[str, Any]:
    """The games, their variants (title, one-line description, player counts, seat names) and
    typed options, the AI agents, suggested strengths by human name, and the seeds' range."""
    out = []
    for info in all_games():
        variants = []
        for name in info.variants:
            counts = info.allowed_players(name)
            variants.append(
                {
                    "name": name,
                    "title": info.variant_title(name),
                    "description": info.variant_description(name),
                    "players": list(counts),
                    "seats": {str(n): list(seat_names(info.id, name, n)) for n in counts},
                }
            )
        out.append(
            {
                "id": info.id,
                "title": info.title,
                "summary": info.summary,
                "variants": variants,
                "options": info.options.to_json(),
            }
        )
    agents = [{"kind": name, "usage": AGENTS[name].usage()} for name in AGENT_NAMES]
    presets = [
        {"spec": spec, "label": agent_label(spec), "note": PRESET_NOTES.get(spec, "")}
        for spec in AI_PRESETS
    ]
    return {
        "games": out,
        "agents": agents,
        "ai_presets": presets,
        "seed_bits": SEED_MAXIMUM.bit_length(),  # seeds are 0 .. 2**seed_bits - 1
    }


@functools.cache
def seat_names(game: str, variant: str, players: int) -> tuple[str, ...]:
    """The seats of a variant as the game names them before a game begins ("the player")."""
    engine = load(game, players=players, variant=variant)
    return tuple(engine.seat_label(seat) for seat in range(players))


# The most thinking one AI move may ask of this server's workers (any more would let one
# game hold a worker for hours); each agent option not named here is small by nature. Every
# move also stops at the server's wall time per move (`seconds`, `--ai-seconds`).
AGENT_LIMITS: dict[str, float] = {
    "seconds": DEFAULT_SECONDS,
    "iterations": 200_000,
    "rollout": 1_000,
    "samples": 64,
    "depth": 10,
}


def check_agent(spec: str, seconds: float = DEFAULT_SECONDS) -> None:
    """Refuse (InvalidConfig) an agent spec that does not build or thinks past the limits,
    `seconds` being the server's wall time per move."""
    _, settings = parse_spec(spec)
    limits = {**AGENT_LIMITS, "seconds": seconds}
    for key, value in settings.items():
        limit = limits.get(key)
        if limit is not None and value > limit:
            raise InvalidConfig(f"this server allows {key} up to {limit:g}, not {value:g}")
    make_agent(spec)


def agent_seed(ai_key: str, seat: int, move: int) -> int:
    """The seed of the agent that makes move `move` for `seat`. It comes from the game's secret
    AI key, not from the game's seed, so the AI's choices give no clue to the seed (which
    would reveal every hidden card and future die)."""
    digest = hashlib.sha256(f"{ai_key}:{seat}:{move}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def quick_move(state: State, seat: int, seed: int) -> dict[str, Any]:
    """A legal move for `seat` at once, chosen at random (from its seat's view only): what an
    AI seat plays when its worker overran the time per move."""
    return make_agent("random", seed).act(SeatView(state, seat)).to_json()


def why_illegal(state: State, action: Action) -> str:
    """The engine's own words for why `action` is not legal in `state` (tried on a copy)."""
    try:
        state.clone().apply(action)
    except IllegalAction as err:
        return str(err)
    return f"{action} is not legal now"


def _ai_seat(seats: str, seat: int) -> bool:
    """Whether `seat` is an AI seat in a stored game's seats (JSON; any doubt says yes, so that
    opening the game tells what is wrong)."""
    try:
        return bool(json.loads(seats)[seat]["kind"] == "ai")
    except (ValueError, TypeError, LookupError):
        return True


class Hall:
    """Every live game of one server, the store behind them and the AI thinkers."""

    def __init__(self, store: Store, thinkers: Thinkers, limits: Limits | None = None) -> None:
        self.store = store
        self.thinkers = thinkers
        self.limits = limits or Limits()
        # The games in memory, least recently asked for first; the others wait in the store.
        self.tables: OrderedDict[str, Table] = OrderedDict()
        self._tasks: set[asyncio.Task[None]] = set()
        self._closed = False
        self._sweeper: asyncio.Task[None] | None = None
        self._addresses: Counter[str] = Counter()  # live WebSockets per client address
        self._where: dict[Listener, str] = {}
        self.resuming: asyncio.Task[None] | None = None

    # -- opening -------------------------------------------------------------------------------
    def resume_all(self) -> int:
        """Let every unfinished stored game whose AI seat is to move go on; how many. They are
        opened in the background (`resuming`), so the server answers at once; every other game
        is opened when someone asks for it."""
        waiting = [
            game_id
            for game_id, to_move, seats in self.store.unfinished()
            if to_move is None or _ai_seat(seats, to_move)  # None: stored before to_move was
        ]
        if waiting:
            self.resuming = self._spawn(self._resume(waiting))
        return len(waiting)

    async def _resume(self, game_ids: list[str]) -> None:
        for game_id in game_ids:
            await asyncio.sleep(0)  # requests are answered between two replays
            try:
                table = self.open(game_id)
            except ApiError:  # logged by open; the other games still resume
                continue
            if table is not None:
                self.wake(table)

    def open(self, game_id: str) -> Table | None:
        """The live game with this id, replayed from the store on first use; None if unknown."""
        table = self.tables.get(game_id)
        if table is not None:
            return table
        try:
            row = self.store.load(game_id)
            if row is None:
                return None
            table = Table.open(row)
        except (BellicaError, KeyError, TypeError, ValueError) as err:
            log.error("stored game %s does not replay: %s", game_id, err)
            raise ApiError(500, f"stored game {game_id} does not replay: {err}") from None
        self.tables[game_id] = table
        self._watch_memory(game_id)
        return table

    def table(self, game_id: str) -> Table:
        """The live game for a request (404 if unknown); an AI seat whose last try failed gets
        another one now, so a game never stays stuck after a passing error."""
        table = self.open(game_id)
        if table is None:
            raise ApiError(404, f"no game {game_id!r} on this server")
        table.touched = time.monotonic()
        self.tables.move_to_end(game_id)
        self._watch_memory(game_id)
        self.wake(table)
        return table

    # -- memory --------------------------------------------------------------------------------
    def _spawn(self, work: Any) -> asyncio.Task[None]:
        task: asyncio.Task[None] = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    def _watch_memory(self, keep: str) -> None:
        """Evict at once past the cap on live games (not `keep`, the game a request is about),
        and keep a sweeper for idle ones."""
        if len(self.tables) > self.limits.live_tables:
            self.evict(keep=keep)
        if self._sweeper is None and not self._closed:
            with contextlib.suppress(RuntimeError):  # no event loop: nothing to sweep with
                self._sweeper = self._spawn(self._sweep())

    async def _sweep(self) -> None:
        pause = max(0.05, min(60.0, self.limits.idle_seconds / 4))
        while not self._closed:
            await asyncio.sleep(pause)
            self.evict()

    @staticmethod
    def idle(table: Table) -> bool:
        """Nothing holds the game in memory: no listener, no action under way, no AI to move."""
        return (
            not table.listeners
            and not table.lock.locked()
            and (table.thinker is None or table.thinker.done())
            and table.ai_to_move() is None
        )

    def evict(self, now: float | None = None, keep: str | None = None) -> int:
        """Drop from memory the idle games untouched for `idle_seconds`, and the least recently
        used idle games past the cap on live games (the store has them all), but not `keep`;
        how many."""
        now = time.monotonic() if now is None else now
        limits = self.limits
        over = len(self.tables) - limits.live_tables
        gone: list[str] = []
        for game_id, table in self.tables.items():  # least recently used first
            stale = now - table.touched >= limits.idle_seconds
            if (stale or over > len(gone)) and game_id != keep and self.idle(table):
                gone.append(game_id)
        for game_id in gone:
            del self.tables[game_id]
        return len(gone)

    def summaries(self, limit: int = 100) -> list[dict[str, Any]]:
        """The newest stored games' summaries, from the store (no game is replayed for this)."""
        out = []
        for row in self.store.latest(limit):
            table = self.tables.get(row.id)
            if table is not None:
                out.append(table.summary())
                continue
            try:
                title = game_class(row.config.game).info.title
            except BellicaError:
                title = row.config.game
            out.append(summary(row, title))
        return out

    # -- creating ------------------------------------------------------------------------------
    def create(
        self,
        game: str,
        variant: str | None,
        players: int | None,
        options: dict[str, Any],
        seats: list[tuple[str, str | None]],
        seed: int | None,
    ) -> tuple[Table, list[str | None]]:
        """A new stored game and the token of each human seat (None for AI seats)."""
        try:
            game_class(game)
            engine = load(game, players=players, variant=variant, options=options)
        except BellicaError as err:
            raise ApiError(422, str(err)) from None
        if len(seats) != engine.players:
            raise ApiError(
                422,
                f"{engine.info.title} ({engine.variant}) has {engine.players} seats; "
                f"{len(seats)} were given",
            )
        rows: list[SeatRow] = []
        tokens: list[str | None] = []
        for number, (kind, agent) in enumerate(seats):
            if kind == "human":
                token = secrets.token_urlsafe(24)  # 192 random bits
                rows.append(SeatRow("human", None, token_hash(token)))
                tokens.append(token)
            else:
                if not agent:
                    raise ApiError(422, f"seat {number} is an AI seat with no agent")
                try:
                    check_agent(agent, self.thinkers.seconds)
                except InvalidConfig as err:
                    raise ApiError(422, f"seat {number}: {err}") from None
                rows.append(SeatRow("ai", agent, None))
                tokens.append(None)
        chosen = seed is not None
        if seed is None:
            seed = secrets.randbits(63)
        stamp = now()
        state = engine.new_game(seed=seed)
        row = GameRow(
            id=secrets.token_urlsafe(9),
            config=GameConfig.of_game(engine),
            seed=seed,
            seats=rows,
            created=stamp,
            updated=stamp,
            to_move=state.current_player,
            ai_key=secrets.token_hex(16),
            chosen_seed=chosen,
        )
        self.store.create(row)
        table = Table(row=row, game=engine, state=state)
        self.tables[row.id] = table
        self.wake(table)
        return table, tokens

    # -- acting --------------------------------------------------------------------------------
    def seat_for(self, table: Table, token: str | None) -> int:
        """The seat a token acts for (raises 401 without a token, 403 for a wrong one)."""
        if not token:
            raise ApiError(401, "acting needs a seat token: send 'Authorization: Bearer TOKEN'")
        seat = table.seat_of_token(token)
        if seat is None:
            raise ApiError(403, "this token is not a seat of this game")
        return seat

    async def act(self, table: Table, seat: int, data: dict[str, Any], moves: int | None) -> str:
        """Apply a human seat's action (validated by the engine), store it, then tell everyone;
        the seat's new view as JSON text, its log from the entries after `moves` (the whole
        log without `moves`)."""
        async with table.lock:
            state = table.state
            if state.is_terminal:
                raise ApiError(409, "the game is over")
            if moves is not None and moves != len(table.row.actions):
                raise ApiError(
                    409,
                    f"the game has moved on (move {len(table.row.actions)}, not {moves}); "
                    "reload the view",
                )
            if state.current_player != seat:
                raise ApiError(409, self._not_your_turn(table, seat))
            try:
                # the legal action equal to it: later checks find it by identity, and the log
                # reads it in the game's words
                action = worded(state, table.game.action_from_json(data))
            except (BellicaError, KeyError, TypeError, ValueError) as err:
                raise ApiError(422, f"not an action of this game: {err}") from None
            if not state.is_legal(action):
                raise ApiError(422, why_illegal(state, action))
            self._commit(table, action)
        table.broadcast()
        self.wake(table)
        return table.message(seat, moves or 0)[0]

    @staticmethod
    def _not_your_turn(table: Table, seat: int) -> str:
        labels = table.labels()
        return f"it is not {labels[seat]}'s turn: {labels[table.to_move or 0]} is to move"

    def _commit(self, table: Table, action: Action) -> None:
        """Store the action (committed) and only then let the live game move on: the action is
        applied to a copy, whose seat to move the store records, and the copy becomes the game."""
        seat = table.state.current_player
        after = table.state.clone()
        after.apply(action)
        table.row.updated = self.store.append(
            table.id,
            len(table.row.actions) + 1,
            seat,
            action.to_json(),
            after.current_player,
            after.is_terminal,
        )
        table.apply(action, after)
        if after.is_terminal:  # the list of games shows who won, even once evicted
            self.store.finish(table.id, table.summary()["result"])

    # -- AI seats ------------------------------------------------------------------------------
    def wake(self, table: Table) -> None:
        """If an AI seat is to move and no task is thinking for the table, start one."""
        if self._closed or (table.thinker is not None and not table.thinker.done()):
            return
        if table.ai_to_move() is None:
            return
        table.thinking = True
        task = asyncio.get_running_loop().create_task(self._think(table))
        table.thinker = task
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _think(self, table: Table) -> None:
        """Let the AI seats play until a human is to move or the game ends."""
        try:
            table.broadcast()  # everyone sees the thinking indicator
            while (spec := table.ai_to_move()) is not None:
                seat, moves = table.to_move, len(table.row.actions)
                assert seat is not None
                seed = agent_seed(table.row.ai_key, seat, moves)
                try:
                    data = await self.thinkers.choose(table.id, table.record(), spec, seat, seed)
                except Overtime as err:  # the worker was killed; the game goes on all the same
                    log.warning(
                        "%s overran in game %s (%s); a random move instead", spec, table.id, err
                    )
                    data = quick_move(table.state, seat, seed)
                async with table.lock:
                    if len(table.row.actions) != moves:  # cannot happen: only AI acts now
                        continue
                    action = worded(table.state, table.game.action_from_json(data))
                    if not table.state.is_legal(action):
                        raise ApiError(500, f"{spec} chose an illegal action {data}")
                    self._commit(table, action)
                    if table.ai_to_move() is None:
                        table.thinking = False
                table.broadcast()
        except asyncio.CancelledError:
            raise
        except Exception:
            table.failures += 1
            delay = min(60.0, 2.0**table.failures)
            log.exception("AI seat failed in game %s; trying again in %g s", table.id, delay)
            asyncio.get_running_loop().call_later(delay, self.wake, table)
        else:
            table.failures = 0
        finally:
            if table.thinking:
                table.thinking = False
                table.broadcast()

    async def close(self) -> None:
        """Stop thinking (AI turns in progress are simply asked again after a restart)."""
        self._closed = True
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self.thinkers.close()
        self.store.close()

    # -- listening -----------------------------------------------------------------------------
    def listen(self, table: Table, listener: Listener, seat: int | None, address: str = "") -> None:
        """Add a live connection for `seat` (None: a spectator) from a client `address`; 429 if
        the game, the seat or the address already has as many as the limits allow."""
        limits = self.limits
        if self._addresses[address] >= limits.sockets_per_address:
            raise ApiError(
                429, f"at most {limits.sockets_per_address} live connections per address"
            )
        if seat is None and table.spectators >= limits.watchers_per_game:
            raise ApiError(
                429, f"this game already has {table.spectators} spectators, the most it takes"
            )
        if seat is not None:
            same = sum(1 for other in table.listeners.values() if other == seat)
            if same >= limits.sockets_per_seat:
                raise ApiError(429, f"at most {limits.sockets_per_seat} live connections per seat")
        table.listeners[listener] = seat
        if seat is None:
            table.spectators += 1
        self._addresses[address] += 1
        self._where[listener] = address

    def forget(self, table: Table, listener: Listener) -> None:
        seat = table.listeners.pop(listener, False)
        if seat is False:
            return
        if seat is None:
            table.spectators -= 1
        address = self._where.pop(listener, "")
        self._addresses[address] -= 1
        if self._addresses[address] <= 0:
            del self._addresses[address]
        table.touched = time.monotonic()  # idle from now on
        if self.tables.get(table.id) is table:
            self.tables.move_to_end(table.id)
