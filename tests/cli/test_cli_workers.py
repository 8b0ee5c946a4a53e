"""`bellica simulate`'s helper processes start light: no typer, no rich, no command line."""

from __future__ import annotations

import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from bellica.arena.local import START_METHOD

SCRIPT = Path(sys.executable).with_name("bellica")


@pytest.mark.skipif(not SCRIPT.exists(), reason="the bellica script is not installed")
def test_helpers_started_by_the_bellica_script_import_no_command_line() -> None:
    """The real script, as a user runs it: a spawned helper re-runs it as its main module, so
    this also checks that importing `bellica.cli` itself loads nothing."""
    command = [str(SCRIPT), "simulate", "imperio-bellum", "-a", "random", "-n", "6", "-w", "2"]
    env = {**os.environ, "PYTHONPROFILEIMPORTTIME": "1"}  # each process lists its imports
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    # A top-level package is listed once by each process that imports it (a submodule may be
    # listed twice by one process: once nested, once on its own).
    imported = Counter(
        line.rsplit("|", 1)[1].strip()
        for line in done.stderr.splitlines()
        if line.startswith("import time:")
    )
    # A spawned helper imports bellica again (but no command line); a forked one imports
    # nothing at all: it starts with this process's modules and its loaded game.
    assert imported["bellica"] == (1 if START_METHOD == "fork" else 2)
    assert imported["typer"] == imported["rich"] == 1  # this process only
    assert imported["fastapi"] == imported["uvicorn"] == imported["numpy"] == 0


def test_ctrl_c_waits_until_a_games_rows_are_all_written() -> None:
    """Inside the block a Ctrl-C is held back (the block runs to its end); it is raised as
    KeyboardInterrupt as soon as the block is done, and the handler is as it was."""
    import signal

    from bellica.cli.simulate import held_interrupts

    before = signal.signal(signal.SIGINT, signal.default_int_handler)  # as Python starts
    done: list[str] = []
    with pytest.raises(KeyboardInterrupt), held_interrupts():
        signal.raise_signal(signal.SIGINT)
        done.append("the rest of the block")
    assert done == ["the rest of the block"]
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    with held_interrupts():  # no Ctrl-C: nothing raised
        done.append("again")
    assert done[-1] == "again"
    signal.signal(signal.SIGINT, before)
