"""The typer app: the `bellica` command group, its subcommands, and every error as one line."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Annotated, Any, NoReturn

import typer
from typer.core import TyperCommand, TyperGroup

from bellica.cli import list as listing
from bellica.cli.cardvalue import cardvalue
from bellica.cli.play import play
from bellica.cli.replay import replay
from bellica.cli.report import report
from bellica.cli.rules import rules
from bellica.cli.serve import serve
from bellica.cli.simulate import simulate
from bellica.core.errors import BellicaError

try:  # typer >= 0.2x ships its own copy of click
    from typer._click.exceptions import ClickException, NoArgsIsHelpError
except ImportError:  # pragma: no cover - older typer on top of click
    from click.exceptions import ClickException, NoArgsIsHelpError  # type: ignore


def one_line(text: str) -> str:
    return " ".join(str(text).split())


def fail(message: str, code: int = 1) -> NoReturn:
    """End the command with one line on stderr."""
    typer.echo(f"error: {one_line(message)}", err=True)
    sys.exit(code)


class _QuickHelp:
    """Gives --help the value False when it is not given: typer checks a flag whose value is
    None with a pydantic validator, and importing pydantic would make `bellica list` take
    half as long again (0.18 s instead of 0.12 s here)."""

    def get_help_option(self, ctx: Any) -> Any:
        option = super().get_help_option(ctx)  # type: ignore[misc]
        if option is not None and option.default is None:
            option.default = False
        return option


class _Command(_QuickHelp, TyperCommand):
    """A subcommand."""


class _BellicaGroup(_QuickHelp, TyperGroup):
    """The command group, changed so that every error ends as one line on stderr."""

    def main(  # type: ignore[override]
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        try:
            result = super().main(
                args=args,
                prog_name=prog_name,
                complete_var=complete_var,
                standalone_mode=False,
                **extra,
            )
        except NoArgsIsHelpError as shown:
            text = shown.format_message()
            if text:
                typer.echo(text)
            sys.exit(0)
        except ClickException as err:
            ctx = getattr(err, "ctx", None)
            hint = f" (see '{ctx.command_path} --help')" if ctx is not None else ""
            typer.echo(f"error: {one_line(err.format_message())}{hint}", err=True)
            sys.exit(err.exit_code)
        except typer.Abort:
            fail("aborted")
        except (BellicaError, OSError) as err:
            fail(str(err))
        sys.exit(result if isinstance(result, int) else 0)


app = typer.Typer(
    name="bellica",
    cls=_BellicaGroup,
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode="markdown",
)


def _version(value: bool) -> None:
    if value:
        from bellica import __version__

        typer.echo(f"bellica {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="Show the version."),
    ] = False,
) -> None:
    """Play, simulate and replay the bellica war games.

    Start with `bellica list` (and `bellica list GAME` for a game's options); then, for
    example, `bellica play imperio-bellum --vs greedy`, `bellica simulate imperio-bellum
    --games 1000 --agents random,greedy --out runs.csv` or `bellica replay records/<file>.json`.
    """


app.command("list", cls=_Command, context_settings=listing.SETTINGS, options_metavar=listing.USAGE)(
    listing.list_games
)
app.command(cls=_Command)(play)
app.command(cls=_Command)(simulate)
app.command(cls=_Command)(report)
app.command(cls=_Command)(cardvalue)
app.command(cls=_Command)(replay)
app.command(cls=_Command)(rules)
app.command(cls=_Command)(serve)


def run() -> None:
    """Run the command on this process's arguments."""
    app(prog_name="bellica")
