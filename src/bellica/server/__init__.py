"""The web server: FastAPI app, SQLite store, live games and AI thinkers (`bellica serve`)."""

from bellica.server.app import create_app

__all__ = ["create_app"]
