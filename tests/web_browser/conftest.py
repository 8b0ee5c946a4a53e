"""Fixtures of the browser tests: a real `bellica serve` subprocess and a headless Chromium."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any, NoReturn

import pytest
from browser_server import Server, chromium_path


def unavailable(reason: str) -> NoReturn:
    """Skips the browser tests, or fails them where CI requires them."""
    if os.environ.get("BELLICA_REQUIRE_BROWSER") == "1":
        pytest.fail(reason + "; BELLICA_REQUIRE_BROWSER=1 requires the browser tests")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def browser_executable() -> str:
    path = chromium_path()
    if path is None:
        unavailable("no Chromium found (install Debian's chromium or set BELLICA_CHROMIUM)")
    return path


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = Server(tmp_path_factory.mktemp("bellica-serve"))
    try:
        running.wait_ready()
        yield running
    finally:
        running.stop()


@pytest.fixture(scope="session")
def browser(browser_executable: str) -> Iterator[Any]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        unavailable("the playwright package is not installed (pip install -e '.[dev]')")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=browser_executable, headless=True)
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture
def context(browser: Any) -> Iterator[Any]:
    """A fresh browser profile per test (its own localStorage)."""
    made = browser.new_context(viewport={"width": 1400, "height": 950})
    made.set_default_timeout(15_000)
    try:
        yield made
    finally:
        made.close()


@pytest.fixture
def page(context: Any, server: Server) -> Iterator[Any]:
    """A page whose JavaScript errors fail the test."""
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    yield opened
    assert not errors, f"JavaScript errors on the page: {errors}"
