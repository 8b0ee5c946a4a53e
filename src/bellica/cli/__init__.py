"""The `bellica` command, one module per subcommand; `main` builds the typer app only when run.

Importing this package imports nothing more, so a process that merely imports it (a simulation
worker re-running the `bellica` script) loads neither typer nor rich.
"""

from __future__ import annotations


def main() -> None:
    """The console entry point."""
    from bellica.cli.app import run

    run()
