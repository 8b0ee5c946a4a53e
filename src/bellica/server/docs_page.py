"""The /docs page: Swagger UI from the server's own vendored files, under a strict CSP."""

from __future__ import annotations

import base64
import hashlib
import re

from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse

VENDOR = "/static/vendor/swagger_ui"
_INLINE_SCRIPT = re.compile(r"<script>(.*?)</script>", re.DOTALL)


def docs_page(openapi_url: str, title: str) -> HTMLResponse:
    """Swagger UI for `openapi_url`, loading only this server's files: the page may run its
    own start-up script and the vendored bundle, fetch from this origin and nothing else (the
    page shares its origin with the seat tokens kept by the game client)."""
    page = get_swagger_ui_html(
        openapi_url=openapi_url,
        title=f"{title} — API",
        swagger_js_url=f"{VENDOR}/swagger-ui-bundle.js",
        swagger_css_url=f"{VENDOR}/swagger-ui.css",
        swagger_favicon_url="data:,",
        swagger_ui_parameters={"validatorUrl": None},  # else it asks an outside validator
    )
    html = bytes(page.body).decode()
    hashes = " ".join(
        f"'sha256-{base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()}'"
        for script in _INLINE_SCRIPT.findall(html)
    )
    policy = (
        "default-src 'none'; "
        f"script-src 'self' {hashes}; "
        "style-src 'self' 'unsafe-inline'; "  # Swagger UI sets style attributes
        "img-src 'self' data:; "
        "connect-src 'self'; "
        "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    )
    headers = {"Content-Security-Policy": policy, "Referrer-Policy": "no-referrer"}
    return HTMLResponse(html, headers=headers)
