"""One AI worker: a process that thinks one move at a time, killed when it dies or overruns."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from multiprocessing.connection import Connection
from multiprocessing.context import SpawnContext
from typing import Any

STARTUP_SECONDS = 120.0  # to start (importing bellica) or read a job, on a loaded machine


class WorkerLost(Exception):
    """The worker process died (killed, out of memory) before it answered."""


class Overtime(Exception):
    """The worker overran its deadline by the margin and was killed."""


class ThinkingFailed(Exception):
    """The job raised an error inside the worker; the message says which."""


def watch_parent(parent: int) -> None:
    """End this worker once the server that started it is gone (a killed server cannot tell
    its workers to stop, and they would wait for work for ever)."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1)
        os._exit(0)

    threading.Thread(target=watch, name="watch-parent", daemon=True).start()


def work(conn: Connection, parent: int) -> None:
    """A worker process's life: say it is ready, then take `(target, args)` jobs, saying
    `("taken", None)` once a job is read and `("ok", result)` or `("error", message)` when it
    is done, until the pipe closes."""
    watch_parent(parent)
    conn.send(("ready", None))
    while True:
        try:
            target, args = conn.recv()
            conn.send(("taken", None))
            answer: tuple[str, Any] = ("ok", target(*args))
        except EOFError:
            return
        except Exception as err:  # the job's own failure: the worker lives on
            answer = ("error", f"{type(err).__name__}: {err}")
        conn.send(answer)


class ProcessWorker:
    """A worker process and the pipe to it. `run` blocks (call it from a thread); the process
    starts on the first job and is killed when it overruns, so a runaway never holds on."""

    def __init__(self, context: SpawnContext) -> None:
        self._conn, child = context.Pipe()
        self._child: Connection | None = child
        self._process = context.Process(
            target=work, args=(child, os.getpid()), name="bellica-ai", daemon=True
        )
        self.alive = True

    @property
    def pid(self) -> int | None:
        return self._process.pid

    def run(
        self, target: Callable[..., Any], args: tuple[Any, ...], seconds: float, margin: float
    ) -> Any:
        """`target(*args)` in the process; raises WorkerLost if it dies, Overtime (killing it)
        if it has not answered `seconds + margin` after taking the job, ThinkingFailed if the
        job raised."""
        try:
            if self._child is not None:
                self._start()
            self._conn.send((target, args))
            self._wait("take the job")
            if not self._conn.poll(seconds + margin):
                self._end()
                raise Overtime(f"no answer within {seconds:g} s and a margin of {margin:g} s")
            status, value = self._conn.recv()
        except (EOFError, OSError) as err:
            self._end()
            raise WorkerLost(
                f"AI worker {self.pid} died ({str(err) or type(err).__name__})"
            ) from None
        if status == "error":
            raise ThinkingFailed(value)
        return value

    def _start(self) -> None:
        assert self._child is not None
        self._process.start()
        self._child.close()  # the child's end lives on in the child only: its death reads as EOF
        self._child = None
        self._wait("start")

    def _wait(self, what: str) -> None:
        """Read the worker's word that it did `what` (raises OSError if it says nothing)."""
        if not self._conn.poll(STARTUP_SECONDS):
            raise OSError(f"it did not {what} within {STARTUP_SECONDS:g} s")
        self._conn.recv()

    def kill(self) -> None:
        """End the process at once (idempotent); a `run` waiting for it then sees it die."""
        self.alive = False
        if self._process.pid is not None and self._process.exitcode is None:
            self._process.kill()
            self._process.join(5)

    def _end(self) -> None:
        """Kill the process and close the pipe (from the thread that runs the job)."""
        self.kill()
        self._conn.close()


class ThreadWorker:
    """A stand-in worker that runs the job in the calling thread (tests: no process to spawn,
    and the target may be replaced there); it cannot be killed, so it never overruns."""

    alive = True
    pid: int | None = None

    def run(
        self, target: Callable[..., Any], args: tuple[Any, ...], seconds: float, margin: float
    ) -> Any:
        return target(*args)

    def kill(self) -> None:
        self.alive = False


Worker = ProcessWorker | ThreadWorker
