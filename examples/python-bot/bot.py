#!/usr/bin/env python3
"""An Offiziersskat bot in Python 3, on the standard library alone (urllib, json).

It takes an open game from the lobby (or opens one and waits for an opponent), follows the game
on its view stream (Server-Sent Events, read by hand; `--longpoll` waits with the long poll
instead), makes a move whenever the view says it is its turn, chosen from the view's
`legalMoves`, and prints the result when the game is over.

    python3 examples/python-bot/bot.py http://127.0.0.1:3000 [--variant bidding] [--seat forehand]
    SKAT_BOT_TOKEN=... python3 examples/python-bot/bot.py URL      # as a bot account's player

Exit status: 0 when the game is finished, 1 on an error (or a game called off), 2 on bad usage.
The guide for bot authors is docs/bots.md; the API is docs/api.md.
"""

import argparse
import email.utils
import http.client
import json
import os
import random
import signal
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid

TIMEOUT = 30  # seconds for an answer to arrive
LONG_POLL_TIMEOUT = 60  # the service answers a long poll within about 30 s
STREAM_IDLE = 45  # a heartbeat comes every 15 s: a stream silent this long is dropped and resumed
RETRIES = 10
ENDED = ("finished", "cancelled")


class ApiError(Exception):
    """A refusal of the service: its status and problem (`code`, `detail`, and for 409 `view`)."""

    def __init__(self, status, problem, headers=None):
        self.status, self.problem, self.headers = status, problem if isinstance(problem, dict) else {}, headers
        self.code = self.problem.get("code")
        super().__init__(f"{status} {self.code}: {self.problem.get('detail', '')}")


def wait_time(headers, attempt):
    """Retry-After (seconds or an HTTP date; at most 60 s), else full-jitter backoff from 0.2 s to 8 s."""
    value = headers.get("Retry-After") if headers else None
    if value:
        if value.strip().isdigit():
            return min(int(value), 60)
        try:
            return min(max(email.utils.parsedate_to_datetime(value).timestamp() - time.time(), 0), 60)
        except (TypeError, ValueError):  # neither: back off as without it
            pass
    return random.uniform(0, min(8, 0.2 * 2**attempt))


def problem_of(refusal):
    """The problem+json of a refusal (an HTML page from a proxy becomes its first words)."""
    raw = refusal.read()
    try:
        return json.loads(raw) if raw else {}
    except ValueError:
        return {"detail": raw.decode("utf-8", "replace")[:200]}


class Api:
    """The few calls a bot makes, with its token; retries what is safe to repeat."""

    def __init__(self, server, token=None):
        self.server, self.token = server.rstrip("/"), token

    def _request(self, method, path, body=None, headers=()):
        headers = {"Accept": "application/json", **dict(headers)}
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        data = None
        if body is not None:
            data, headers["Content-Type"] = json.dumps(body).encode(), "application/json"
        return urllib.request.Request(self.server + path, data=data, method=method, headers=headers)

    def call(self, method, path, body=None, key=None, minimal=False, timeout=TIMEOUT):
        """Answers (status, headers, JSON body or None). Raises ApiError on a refusal.

        A GET, and a POST with an Idempotency-Key (kept across its retries: the service then
        answers a repeat with the first answer), is retried on 429 and 503 (after Retry-After),
        on a 409 that carries Retry-After, and on a lost connection or answer.
        """
        headers = {"Idempotency-Key": key} if key else {}
        if minimal:
            headers["Prefer"] = "return=minimal"
        safe = method == "GET" or key is not None
        for attempt in range(RETRIES + 1):
            try:
                with urllib.request.urlopen(self._request(method, path, body, headers), timeout=timeout) as answer:
                    raw = answer.read()
                    return answer.status, answer.headers, json.loads(raw) if raw else None
            except urllib.error.HTTPError as refusal:
                problem = problem_of(refusal)
                again = refusal.code in (429, 503) or (refusal.code == 409 and refusal.headers.get("Retry-After"))
                if not (safe and again and attempt < RETRIES):
                    raise ApiError(refusal.code, problem, refusal.headers) from None
                time.sleep(wait_time(refusal.headers, attempt))
            except (OSError, http.client.HTTPException):  # refused, reset, timed out, cut short
                if not safe or attempt == RETRIES:
                    raise
                time.sleep(wait_time(None, attempt))
        raise AssertionError("unreachable")

    def stream(self, path, last_event_id=None):
        """Yields (event, id, data) of a Server-Sent Events stream until the service ends it."""
        headers = {"Accept": "text/event-stream"}
        if last_event_id is not None:
            headers["Last-Event-ID"] = last_event_id
        try:
            answer = urllib.request.urlopen(self._request("GET", path, headers=headers), timeout=STREAM_IDLE)
        except urllib.error.HTTPError as refusal:
            raise ApiError(refusal.code, problem_of(refusal), refusal.headers) from None
        with answer:
            event, data, event_id = "message", [], last_event_id
            for raw in answer:  # one line at a time, as it arrives
                line = raw.decode("utf-8").rstrip("\r\n")
                if not line:  # a blank line ends a message
                    if data:
                        yield event, event_id, "\n".join(data)
                    event, data = "message", []
                    continue
                if line.startswith(":"):  # a comment: the heartbeat
                    continue
                field, _, value = line.partition(":")
                value = value[1:] if value.startswith(" ") else value
                if field == "event":
                    event = value
                elif field == "data":
                    data.append(value)
                elif field == "id":
                    event_id = value


# --- The strategy: a few plain rules over the view. Replace `choose` with your own. ------------

POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}
BIDS = [18, 20, 22, 23, 24, 27, 30, 33, 35, 36, 40, 44, 45, 46, 48]
SUIT_GAMES = {"C": "clubs", "S": "spades", "H": "hearts", "D": "diamonds"}


def visible_cards(view):
    """The cards of our own we can see: the hand and the stacks' open (and turned) cards."""
    mine = view["table"][view["you"]]
    cards = list(mine["hand"]) if isinstance(mine["hand"], list) else []
    for stack in mine["stacks"]:
        cards += [c for c in (stack["open"], stack["covered"]) if c and c != "hidden"]
    return cards


def choose(view):
    """One of the view's legal moves."""
    moves = view["legalMoves"]
    by_type = {}
    for move in moves:
        by_type.setdefault(move["type"], []).append(move)
    cards = visible_cards(view)
    jacks = sum(card[1] == "J" for card in cards)
    if "bid" in by_type or "hold" in by_type:
        # Bid and hold up to 18 and 6 more per jack we see; then pass.
        limit = max(b for b in BIDS if b <= 18 + 6 * jacks)
        bids = [m for m in by_type.get("bid", []) if m["value"] <= limit]
        if bids:
            return min(bids, key=lambda m: m["value"])
        value = (view.get("bidding") or {}).get("value") or 0
        if "hold" in by_type and value <= limit:
            return by_type["hold"][0]
        return by_type["pass"][0]
    if "pickUpStock" in by_type:  # no hand games: take the stock
        return by_type["pickUpStock"][0]
    if "discard" in by_type:  # lay away the most points (they count for us), never a jack
        return max(by_type["discard"], key=lambda m: sum(-99 if c[1] == "J" else POINTS.get(c[1], 0) for c in m["cards"]))
    if "declare" in by_type:  # grand with three jacks, else the suit we hold most of
        games = {m["game"]: m for m in by_type["declare"] if not m.get("hand")}
        if jacks >= 3 and "grand" in games:
            return games["grand"]
        counts = {SUIT_GAMES[c[0]]: 0 for c in cards}
        for card in cards:
            if card[1] != "J":
                counts[SUIT_GAMES[card[0]]] += 1
        suits = sorted((g for g in games if g in SUIT_GAMES.values()), key=lambda g: -counts.get(g, 0))
        return games[suits[0]] if suits else random.choice(by_type["declare"])
    if "kontra" in by_type or "re" in by_type:  # double with two jacks or more
        say = by_type.get("kontra", []) + by_type.get("re", [])
        return say[0] if jacks >= 2 else by_type["pass"][0]
    return random.choice(moves)  # the cut, and the cards: any legal one


# --- Playing: one move per turn, pinned to the version it was chosen at. -----------------------


def my_turn(view):
    return view["status"] not in ENDED and view["toMove"] == view["you"] and bool(view["legalMoves"])


def move(api, view, minimal, verbose):
    """Sends a move chosen from `view`. Answers (version, view after it, or None when minimal).

    A 409 VERSION_CONFLICT (the game moved on since the view) answers the fresh view in it: the
    caller decides again from that one.
    """
    chosen = choose(view)
    if verbose:
        print(f"v{view['version']} {view['status']}: {json.dumps(chosen)}", file=sys.stderr, flush=True)
    body = {"move": chosen, "expectedVersion": view["version"]}
    try:
        status, headers, answer = api.call("POST", f"/v1/games/{view['id']}/moves", body, key=str(uuid.uuid4()), minimal=minimal)
    except ApiError as refusal:
        if refusal.code == "VERSION_CONFLICT":
            return refusal.problem["version"], refusal.problem["view"]
        raise
    if status == 204:  # ETag: W/"<version>-<seat>"
        return int(headers["ETag"].split('"')[1].split("-")[0]), None
    return answer["version"], answer["view"]


def play_on_stream(api, view, verbose):
    """Plays to the end on GET /v1/games/{id}/stream?views=true: one request per move."""
    game_id, known, last_id, failures = view["id"], view["version"], None, 0
    while True:
        try:
            for event, event_id, data in api.stream(f"/v1/games/{game_id}/stream?views=true", last_id):
                last_id, failures = event_id, 0
                if event == "error":  # the service had to stop this stream: resume it
                    break
                if event != "view":
                    continue
                view = json.loads(data)
                if view["status"] in ENDED:
                    return view
                while view is not None and view["version"] >= known and my_turn(view):
                    known, view = move(api, view, True, verbose)
                    if view is not None and view["status"] in ENDED:
                        return view
        except ApiError as refusal:  # 503 TOO_MANY_WAITERS, say: come back after Retry-After
            if refusal.status not in (429, 503) or failures >= RETRIES:
                raise
            time.sleep(wait_time(refusal.headers, failures))
        except (OSError, http.client.HTTPException):  # dropped, or silent too long
            if failures >= RETRIES:
                raise
            time.sleep(wait_time(None, failures))
        else:  # the stream ended before the game did
            time.sleep(wait_time(None, failures))
        failures += 1  # and resume it where we were (Last-Event-ID)


def play_by_long_poll(api, view, verbose):
    """Plays to the end with GET /v1/games/{id}?waitForVersion=N: two requests per move."""
    while view["status"] not in ENDED:
        if my_turn(view):
            _, view = move(api, view, False, verbose)
        else:
            _, _, view = api.call("GET", f"/v1/games/{view['id']}?waitForVersion={view['version']}", timeout=LONG_POLL_TIMEOUT)
    return view


def find_game(api, me, args):
    """A seat: the game named, a free seat from the lobby, or a game of our own."""
    if args.game:
        _, _, view = api.call("GET", f"/v1/games/{args.game}")
        return view if view["you"] else join(api, args.game)
    if not args.opponent:
        _, _, lobby = api.call("GET", "/v1/games?status=waiting&open=true")
        for game in lobby["games"]:
            players = game["players"]
            free = "forehand" if players["forehand"] is None else "dealer"
            if me in (p and p["playerId"] for p in players.values()):
                continue
            if (args.variant and game["config"]["variant"] != args.variant) or (args.seat and free != args.seat):
                continue
            try:
                return join(api, game["id"])
            except ApiError as refusal:  # taken meanwhile, reserved, rated: try the next
                if refusal.status not in (403, 409, 422):
                    raise
    wanted = {"variant": args.variant, "seat": args.seat, "opponent": args.opponent}
    _, _, view = api.call("POST", "/v1/games", {k: v for k, v in wanted.items() if v}, key=str(uuid.uuid4()))
    print(f"game {view['id']}: opened ({view['config']['variant']}, {view['you']}), waiting for an opponent", flush=True)
    return view


def join(api, game_id):
    try:
        _, _, view = api.call("POST", f"/v1/games/{game_id}/join")
    except ApiError as refusal:
        if refusal.code != "ALREADY_SEATED":  # a join answered but lost, and sent again
            raise
        _, _, view = api.call("GET", f"/v1/games/{game_id}")
    print(f"game {view['id']}: joined ({view['config']['variant']}, {view['you']})", flush=True)
    return view


def main():
    parser = argparse.ArgumentParser(description="An Offiziersskat bot on the standard library: plays one game and prints its result.")
    parser.add_argument("server", nargs="?", default="http://127.0.0.1:3000", help="the service's address")
    parser.add_argument("--name", default="python-bot", help="the guest's name (without SKAT_BOT_TOKEN)")
    parser.add_argument("--variant", choices=["classic", "halfOpen", "bidding"], help="take and open only games of this variant")
    parser.add_argument("--seat", choices=["forehand", "dealer"], help="take and open only games with this seat free")
    parser.add_argument("--opponent", metavar="PLAYER_ID", help="open a game reserved for this player (a challenge)")
    parser.add_argument("--game", metavar="GAME_ID", help="play this game (join it if need be)")
    parser.add_argument("--longpoll", action="store_true", help="wait with the long poll instead of the view stream")
    parser.add_argument("--verbose", "-v", action="store_true", help="print each move to stderr")
    args = parser.parse_args()
    if urllib.parse.urlsplit(args.server).scheme not in ("http", "https"):
        parser.error(f"expected an http(s) address, got {args.server!r}")

    api = Api(args.server, os.environ.get("SKAT_BOT_TOKEN"))
    if api.token:  # a bot account's token (docs/bots.md): who is it?
        _, _, me = api.call("GET", "/v1/players/me")
    else:  # a guest: a new player and its token
        _, _, me = api.call("POST", "/v1/players", {"name": args.name}, key=str(uuid.uuid4()))
        api.token = me["token"]
    print(f"player {me['playerId']} ({me['name']})", flush=True)

    view = find_game(api, me["playerId"], args)
    try:
        view = (play_by_long_poll if args.longpoll else play_on_stream)(api, view, args.verbose)
    except KeyboardInterrupt:  # stopped: the game we opened leaves the lobby (422 once it began)
        if view["status"] == "waiting":
            try:
                api.call("DELETE", f"/v1/games/{view['id']}")
            except (ApiError, OSError, http.client.HTTPException):
                pass
        raise
    if view["status"] != "finished":
        print(f"game {view['id']} was called off", file=sys.stderr)
        return 1
    print(f"game {view['id']} finished as {view['you']}: {json.dumps(view['result'], separators=(',', ':'))}", flush=True)
    return 0


if __name__ == "__main__":
    signal.signal(signal.SIGTERM, signal.default_int_handler)  # a kill stops it like Ctrl-C
    try:
        sys.exit(main())
    except ApiError as refusal:
        print(f"refused: {refusal}", file=sys.stderr)
        sys.exit(1)
    except (OSError, http.client.HTTPException) as failure:  # after the retries
        print(f"failed: {failure}", file=sys.stderr)
        sys.exit(1)
    except KeyboardInterrupt:
        sys.exit(130)
