"""`bellica serve`: the web server (lobby, live tables, stored games), checked before it starts."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from bellica.core.errors import InvalidConfig


def serve(
    host: Annotated[
        str, typer.Option("--host", help="Address to listen on; 0.0.0.0 lets your network in.")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=1, max=65535, help="TCP port.")] = 8000,
    db: Annotated[
        Path | None,
        typer.Option("--db", help="SQLite file of stored games [default: user data directory]."),
    ] = None,
    ai_workers: Annotated[
        int | None,
        typer.Option(
            "--ai-workers", min=1, help="Processes that think for AI seats [default: cores]."
        ),
    ] = None,
    create_burst: Annotated[
        int,
        typer.Option(
            "--create-burst",
            min=1,
            help="Games one address may create at once.",
        ),
    ] = 10,
    create_seconds: Annotated[
        float,
        typer.Option(
            "--create-seconds", min=0.0, help="Seconds before an address may create one more game."
        ),
    ] = 3.0,
    ai_seconds: Annotated[
        float,
        typer.Option(
            "--ai-seconds",
            min=0.1,
            max=3600,
            help="Most wall time an AI may think per move; agents asking more are refused.",
        ),
    ] = 60.0,
) -> None:
    """Serve the browser client: a lobby, live tables, stored games that survive restarts."""
    import gc

    import uvicorn

    from bellica.server import create_app
    from bellica.server.limits import Limits

    path = db if db is not None else _default_db()
    if path.is_dir():
        raise InvalidConfig(
            f"--db {path} is a directory; give a file name such as {path / 'games.sqlite3'}"
        )
    _check_port_free(host, port)
    limits = Limits(create_burst=create_burst, create_seconds=create_seconds)
    shown = f"[{host}]" if ":" in host else host
    if host in ("0.0.0.0", "::"):
        shown = "127.0.0.1"
    typer.echo(f"bellica is serving at http://{shown}:{port}/  (games stored in {path})")
    typer.echo("Open that address in a browser; press Ctrl+C to stop.")
    app = create_app(path, ai_workers, ai_seconds, limits)
    gc.freeze()  # the code loaded by now lives on: the collector's pauses need not walk it
    # Fewer, larger young collections and rarer full ones: a full collection stalls every game
    # at once (benchmarks/server.py: p99 of 50 games at once 55-57 ms, against 61-64 ms with
    # the default thresholds, in the same session).
    gc.set_threshold(20_000, 50, 100)
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level="warning",
    )


def _default_db() -> Path:
    from platformdirs import user_data_path

    return user_data_path("bellica") / "games.sqlite3"


def _check_port_free(host: str, port: int) -> None:
    """Refuse (InvalidConfig) an address that cannot be served, before uvicorn would log a
    traceback for it."""
    import socket

    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror as err:
        raise InvalidConfig(f"cannot serve on host {host!r}: {err.strerror}") from None
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as err:
            raise InvalidConfig(f"cannot serve on {host}:{port}: {err.strerror or err}") from None
