// A bot that runs forever, on the project's client module (src/client; from another project:
// `from 'offiziersskat/client'`). It listens on its own player stream, accepts every challenge
// (a game or a match created with it as the opponent), plays each game on that game's view stream,
// and rides out restarts of the service: the streams resume with Last-Event-ID, a call that fails
// is tried again after a backoff, and the games it was playing are picked up from /me/games.
//
//   npx tsx examples/forever-bot.ts http://127.0.0.1:3000 [--name NAME] [--state FILE] [--strategy random|greedy|pimc]
//
// It prints its player id; challenge it with `POST /v1/games {"opponent": "<that id>"}` (or a
// match). `--state FILE` keeps its identity and its place in the stream across its own restarts.
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { createClient, isApiError, playGame, type GameView, type Move, type PlayerEvent, type SkatClient } from '../src/client/index.ts';
import { greedy, newMemory, pimc, remember, rng } from '../src/bots/index.ts';

/** What a bot keeps to carry on where it stopped: who it is and the last player event it handled. */
export interface BotState {
  playerId: string;
  token: string;
  lastSeq: number;
}

export interface ForeverBotOptions {
  server: string;
  name?: string;
  /** Carry on as this player, after this event; else a new player from the start of its stream. */
  state?: BotState;
  /** A new state (after every handled event): save it to resume there. */
  onState?: (state: BotState) => void;
  /** Picks the move for a view (one of `legalMoves`); one chooser per game. */
  chooser?: () => (view: GameView) => Move;
  /** Every game the bot has played to the end. */
  onGameOver?: (view: GameView) => void;
  log?: (line: string) => void;
  signal?: AbortSignal;
}

export const randomChooser = () => (view: GameView) => view.legalMoves[Math.floor(Math.random() * view.legalMoves.length)];
export const greedyChooser = () => {
  const memory = newMemory();
  const pick = rng(Date.now() >>> 0);
  return (view: GameView) => (remember(memory, view), greedy(view, memory, pick));
};
/** The strong opponent: pimc at its default budget (under a second per card on one core). */
export const pimcChooser = () => {
  const memory = newMemory();
  const pick = rng(Date.now() >>> 0);
  const strategy = pimc();
  return (view: GameView) => (remember(memory, view), strategy(view, memory, pick));
};
const CHOOSERS: Record<string, () => (view: GameView) => Move> = { random: randomChooser, greedy: greedyChooser, pimc: pimcChooser };

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(t), resolve()), { once: true });
  });
/** 0.25 s doubling to 10 s, with jitter: how long to wait after the n-th failure in a row. */
const backoff = (n: number) => Math.min(10_000, 250 * 2 ** n) * (0.5 + Math.random() / 2);
/** A refusal that trying again cannot change (the game started without us, was called off…). */
const final = (e: unknown) => isApiError(e) && e.status >= 400 && e.status < 500 && e.status !== 408 && e.status !== 429;

export async function runForeverBot(options: ForeverBotOptions): Promise<void> {
  const log = options.log ?? ((line) => console.log(line));
  const choose = options.chooser ?? randomChooser;
  const guest = createClient({ baseUrl: options.server });
  let state = options.state;
  const playing = new Map<string, Promise<void>>();

  /** Tries `task` until it succeeds, is refused for good (logged), or the bot stops. */
  async function persist(what: string, task: () => Promise<void>): Promise<void> {
    for (let failures = 0; !options.signal?.aborted; failures++) {
      try {
        return await task();
      } catch (e) {
        if (options.signal?.aborted) return;
        if (final(e)) return log(`${what}: ${(e as Error).message}`);
        log(`${what}: ${(e as Error).message}; again shortly`);
        await sleep(backoff(failures), options.signal);
      }
    }
  }

  /** Plays one game to its end on the game's stream; safe to call again for the same game. */
  function play(client: SkatClient, gameId: string): void {
    if (playing.has(gameId)) return;
    const chooser = choose();
    const done = persist(`game ${gameId}`, async () => {
      // On the game's view stream: the current view first, then one after every change; each
      // move a POST answered 204 (playGame; `protocol: 'longpoll'` is the fallback).
      const view = await playGame(client, await client.getGame(gameId, { signal: options.signal }), chooser, { signal: options.signal });
      if (options.signal?.aborted) return;
      if (view.status === 'finished') {
        log(`game ${gameId} finished: ${JSON.stringify(view.result?.scores)}`);
        options.onGameOver?.(view);
      }
    }).finally(() => playing.delete(gameId));
    playing.set(gameId, done);
  }

  /** Takes the seat a challenge keeps for us; a match's games then come as gameStart events. */
  function accept(client: SkatClient, kind: 'game' | 'match', id: string): void {
    void persist(`join ${kind} ${id}`, async () => {
      if (kind === 'game') play(client, (await client.joinGame(id)).id);
      else await client.joinMatch(id);
    });
  }

  function handle(client: SkatClient, event: PlayerEvent): void {
    if (event.type === 'challenge') {
      log(`challenge: ${event.kind} ${event.id} from ${event.from}`);
      accept(client, event.kind, event.id);
    } else if (event.type === 'gameStart') play(client, event.gameId);
  }

  for (let failures = 0; !options.signal?.aborted; failures++) {
    try {
      if (!state) {
        const me = await guest.createPlayer(options.name ?? 'forever-bot');
        state = { playerId: me.playerId, token: me.token, lastSeq: 0 };
        log(`player ${me.playerId} (${me.name}): challenge me with {"opponent": "${me.playerId}"}`);
        options.onState?.(state);
      }
      const client = guest.withToken(state.token);
      // What happened while we were away: games in progress, challenges still open.
      for (const status of ['active', 'waiting'] as const)
        for (const entry of (await client.myGames({ status, limit: 100 })).entries) {
          if (status === 'active' && entry.kind === 'game') play(client, entry.id);
          if (status === 'waiting' && entry.reservedFor === state.playerId) accept(client, entry.kind, entry.id);
        }
      // The stream reconnects by itself after drops (a restart of the service) and never ends.
      for await (const { seq, event } of client.myEvents({ after: state.lastSeq, signal: options.signal })) {
        failures = 0;
        handle(client, event);
        state = { ...state, lastSeq: seq };
        options.onState?.(state);
      }
    } catch (e) {
      if (options.signal?.aborted) break;
      if (isApiError(e) && e.status === 401) {
        log('the service no longer knows this token (another database?): a new player');
        state = undefined;
        continue;
      }
      log(`player stream: ${(e as Error).message}; again shortly`);
      await sleep(backoff(failures), options.signal);
    }
  }
  await Promise.all(playing.values());
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { name: { type: 'string' }, state: { type: 'string' }, strategy: { type: 'string' } } });
  const file = values.state;
  let state: BotState | undefined;
  try {
    state = file ? (JSON.parse(readFileSync(file, 'utf8')) as BotState) : undefined;
  } catch {
    state = undefined; // no state yet: a new player
  }
  const stop = new AbortController();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => stop.abort());
  await runForeverBot({
    server: positionals[0] ?? 'http://127.0.0.1:3000',
    name: values.name,
    state,
    onState: file ? (s) => writeFileSync(file, JSON.stringify(s)) : undefined,
    chooser: CHOOSERS[values.strategy ?? 'random'] ?? randomChooser,
    signal: stop.signal,
  });
}
