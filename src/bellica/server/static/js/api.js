// Talks to the bellica server over HTTP and shows its error messages in the #error banner.

/** An HTTP answer that was not 2xx; `detail` is the server's message. */
export class ApiError extends Error {
  constructor(status, detail) {
    super(detail);
    this.status = status;
    this.detail = detail;
  }
}

/** The server's `detail` in words: a string, or FastAPI's list of validation problems. */
export function detailText(detail, status) {
  if (typeof detail === "string" && detail) return detail;
  if (Array.isArray(detail)) {
    return detail
      .map((item) => {
        if (item && typeof item === "object") {
          const where = Array.isArray(item.loc) ? item.loc.filter((p) => p !== "body").join(".") : "";
          return where ? `${where}: ${item.msg}` : item.msg || JSON.stringify(item);
        }
        return String(item);
      })
      .join("; ");
  }
  if (detail && typeof detail === "object") return JSON.stringify(detail);
  return status ? `the server answered ${status}` : "the server could not be reached";
}

async function request(method, url, { body, token } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    throw new ApiError(0, `the server could not be reached (${error.message})`);
  }
  let data = null;
  const text = await response.text();
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!response.ok) {
    const detail = data && typeof data === "object" ? data.detail : data;
    throw new ApiError(response.status, detailText(detail, response.status));
  }
  return data;
}

export const api = {
  catalog: () => request("GET", "/api/catalog"),
  games: () => request("GET", "/api/games"),
  createGame: (body) => request("POST", "/api/games", { body }),
  view: (gameId, token) => request("GET", `/api/games/${encodeURIComponent(gameId)}`, { token }),
  /** Acts for a seat. `moves` (the view's game.moves) is required: it is the idempotency
   * guard, so a request sent twice acts once and the server answers 409 to the second.
   * The answer's log holds only the entries after `moves`; they are appended to `log` (the
   * view's), so the view handed back has the whole log. */
  act: async (gameId, token, action, moves, log = []) => {
    if (!Number.isInteger(moves) || moves < 0) {
      throw new ApiError(0, "an action needs the move count of the view it was chosen from");
    }
    const path = `/api/games/${encodeURIComponent(gameId)}`;
    const next = await request("POST", `${path}/actions`, { token, body: { action, moves } });
    const start = (next.log_from ?? 1) - 1;
    if (start > log.length) return request("GET", path, { token }); // entries missing: reload
    next.log = log.slice(0, start).concat(next.log);
    delete next.log_from;
    return next;
  },
  recordUrl: (gameId) => `/api/games/${encodeURIComponent(gameId)}/record`,
  liveUrl: (gameId) => {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    return `${scheme}//${location.host}/api/games/${encodeURIComponent(gameId)}/live`;
  },
};

/** Shows a message in the #error banner (it stays until dismissed or cleared). */
export function showError(message) {
  const banner = document.getElementById("error");
  document.getElementById("error-text").textContent = message;
  banner.hidden = false;
}

/** Hides the #error banner. */
export function clearError() {
  document.getElementById("error").hidden = true;
}

document.getElementById("error-close")?.addEventListener("click", clearError);
