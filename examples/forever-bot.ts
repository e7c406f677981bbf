// A bot that runs forever, on the project's client package (`@offiziersskat/client`, in
// packages/client; docs/bots.md says how to install it elsewhere). It listens on its own player stream, accepts every challenge
// (a game or a match created with it as the opponent), plays each game on that game's view stream,
// and rides out restarts of the service: the streams resume with Last-Event-ID, a call that fails
// is tried again after a backoff, and the games it was playing are picked up from /me/games.
//
//   npx tsx examples/forever-bot.ts http://127.0.0.1:3000 [--name NAME] [--state FILE] [--strategy random|greedy|pimc]
//
//   SKAT_BOT_TOKEN=… npx tsx examples/forever-bot.ts URL   (or --token …): as a bot account's player
//
//   … --seek [--variant classic|halfOpen|bidding] [--rated]: besides the challenges, it keeps one
//   seek open in the pairing pool while it has nothing to play (POST /v1/seeks, whileConnected)
//
// It prints its player id; challenge it with `POST /v1/games {"opponent": "<that id>"}` (or a
// match). `--state FILE` keeps its identity and its place in the stream across its own restarts.
// Without a token it plays as a guest: its token renews itself before it ends (and the state file
// gets the new one). A bot account's token that never expires (docs/bots.md) needs no renewal.
// The bot starts over as a new player only when the service does not know its token at all
// (another database); an expired or revoked token stops it with the reason, its state kept.
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { createClient, isApiError, playGame, SeekKeeper, tokenRefusal, type CreateSeek, type GameView, type Move, type PlayerEvent, type RenewalOptions, type SkatClient, type TokenRefusal } from '@offiziersskat/client';
import { greedy, newMemory, pimc, remember, rng } from '../src/bots/index.ts';

/** What a bot keeps to carry on where it stopped: who it is and the last player event it handled. */
export interface BotState {
  playerId: string;
  token: string;
  lastSeq: number;
  /** The given token (`token` option) this state comes from, by its fingerprint: the state's own (renewed) token then wins. */
  given?: string;
}

/** The end of a token's signature: tells one given token from another without keeping it twice. */
const fingerprint = (token: string) => token.slice(-12);

export interface ForeverBotOptions {
  server: string;
  name?: string;
  /** A bot account's token (e.g. one that never expires): the bot plays as its player, never as a new one. */
  token?: string;
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
  /** Keep one seek of these options open in the pairing pool while idle (it lasts while the bot's stream does). */
  seek?: Omit<CreateSeek, 'whileConnected'>;
  /** The clock its token's renewal reads (tests: the service's clock, which they move instead of waiting). */
  renewalClock?: Pick<RenewalOptions, 'now' | 'lookAgainMs'>;
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

/** Why a refused token stops the bot (its state is kept: the player is still the service's). */
const STOPPED: Record<Exclude<TokenRefusal, 'unknown'>, string> = {
  expired:
    'the token has expired (it renews itself while the bot runs, but the bot was away too long): give the bot a new token of its player (--token, e.g. an account token that never expires), or delete the state file for a new player',
  revoked: 'the token was revoked: give the bot a new token of its player (--token), or delete the state file for a new player',
};

export async function runForeverBot(options: ForeverBotOptions): Promise<void> {
  const log = options.log ?? ((line) => console.log(line));
  const choose = options.chooser ?? randomChooser;
  const guest = createClient({ baseUrl: options.server });
  let state = options.state;
  const playing = new Map<string, Promise<void>>();
  /** The matches being played (between their games the bot is not idle). */
  const matches = new Set<string>();
  let keeper: SeekKeeper | undefined;
  /** Nothing to play: one seek waits (with `seek`). */
  const idle = () => {
    if (playing.size === 0 && matches.size === 0 && !signal.aborted) void keeper?.idle();
  };
  // The bot's own stop, on top of the caller's: a token the service refuses ends the run.
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  let stopped: string | null = null;
  const halt = (why: string) => {
    if (stopped) return;
    stopped = why;
    log(why);
    stop.abort();
  };
  const refuse = (why: TokenRefusal) => {
    if (why !== 'unknown') halt(STOPPED[why]);
  };

  /** Tries `task` until it succeeds, is refused for good (logged), or the bot stops. */
  async function persist(what: string, task: () => Promise<void>): Promise<void> {
    for (let failures = 0; !signal.aborted; failures++) {
      try {
        return await task();
      } catch (e) {
        if (signal.aborted) return;
        // Our token refused: not this task's end. The challenge or game stays with the service
        // (a challenge waits reserved for us), and is taken up again once the bot has a token.
        const why = tokenRefusal(e);
        if (why) return refuse(why);
        if (final(e)) return log(`${what}: ${(e as Error).message}`);
        log(`${what}: ${(e as Error).message}; again shortly`);
        await sleep(backoff(failures), signal);
      }
    }
  }

  /** Plays one game to its end on the game's stream; safe to call again for the same game. */
  function play(client: SkatClient, gameId: string): void {
    if (playing.has(gameId)) return;
    keeper?.playing();
    const chooser = choose();
    const done = persist(`game ${gameId}`, async () => {
      // On the game's view stream: the current view first, then one after every change; each
      // move a POST answered 204 (playGame; `protocol: 'longpoll'` is the fallback).
      const view = await playGame(client, await client.getGame(gameId, { signal: signal }), chooser, { signal: signal });
      if (signal?.aborted) return;
      if (view.status === 'finished') {
        log(`game ${gameId} finished: ${JSON.stringify(view.result?.scores)}`);
        options.onGameOver?.(view);
      }
    }).finally(() => {
      playing.delete(gameId);
      idle();
    });
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
    else if (event.type === 'matchStart') (matches.add(event.matchId), keeper?.playing());
    else if (event.type === 'matchFinish') (matches.delete(event.matchId), idle());
    else if (event.type === 'seekEnded') void keeper?.ended(event.seekId, event.reason);
  }

  /** The client of the bot's player: its token renews itself (the state keeps the new one). */
  const clientOf = (current: BotState) => {
    const client = guest.withToken(current.token, {
      ...options.renewalClock,
      onRenewed: (renewed) => {
        state = { ...state!, token: renewed.token };
        options.onState?.(state);
      },
      onRefused: (why) => refuse(why),
    });
    // A bot may hear nothing for days: the token is renewed on a timer too.
    void client.identity?.keepRenewed(signal);
    return client;
  };
  let client: SkatClient | undefined;
  const given = options.token === undefined ? undefined : fingerprint(options.token);

  for (let failures = 0; !signal.aborted; failures++) {
    try {
      if (options.token && state?.given !== given) {
        // A token given anew: its player, and the stream's place if the state was that player's.
        const me = await guest.withToken(options.token, { renew: false }).me();
        state = { playerId: me.playerId, token: options.token, lastSeq: state?.playerId === me.playerId ? state.lastSeq : 0, given };
        log(`player ${me.playerId} (${me.name}): challenge me with {"opponent": "${me.playerId}"}`);
        options.onState?.(state);
      }
      if (!state) {
        const me = await guest.createPlayer(options.name ?? 'forever-bot');
        state = { playerId: me.playerId, token: me.token, lastSeq: 0 };
        log(`player ${me.playerId} (${me.name}): challenge me with {"opponent": "${me.playerId}"}`);
        options.onState?.(state);
      }
      client ??= clientOf(state);
      if (options.seek)
        keeper ??= new SeekKeeper(
          client,
          { ...options.seek, whileConnected: true },
          { onSeek: (seek) => log(`seek ${seek.seekId}: ${seek.status}`), onError: (e) => log(`seek: ${(e as Error).message}`) },
        );
      // What happened while we were away: games in progress, challenges still open.
      for (const status of ['active', 'waiting'] as const)
        for (const entry of (await client.myGames({ status, limit: 100 })).entries) {
          if (status === 'active' && entry.kind === 'game') play(client, entry.id);
          if (status === 'waiting' && entry.reservedFor === state.playerId) accept(client, entry.kind, entry.id);
        }
      idle();
      // The stream reconnects by itself after drops (a restart of the service) and never ends.
      for await (const { seq, event } of client.myEvents({ after: state.lastSeq, signal })) {
        failures = 0;
        handle(client, event);
        state = { ...state, lastSeq: seq };
        options.onState?.(state);
      }
    } catch (e) {
      if (signal.aborted) break;
      const why = tokenRefusal(e);
      if (why === 'unknown') {
        // Not an expired or revoked token: one the service has never seen (another database).
        if (options.token) {
          halt('the service does not know the given token (another service or database?)');
          break;
        }
        log('the service does not know this player (another database?): a new player');
        state = undefined;
        client = undefined;
        continue;
      }
      if (why) {
        refuse(why);
        break;
      }
      log(`player stream: ${(e as Error).message}; again shortly`);
      await sleep(backoff(failures), signal);
    }
  }
  await keeper?.stop();
  await Promise.all(playing.values());
  if (stopped) throw new Error(stopped);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      state: { type: 'string' },
      strategy: { type: 'string' },
      token: { type: 'string' },
      seek: { type: 'boolean' },
      variant: { type: 'string' },
      rated: { type: 'boolean' },
    },
  });
  const file = values.state;
  let state: BotState | undefined;
  try {
    state = file ? (JSON.parse(readFileSync(file, 'utf8')) as BotState) : undefined;
  } catch {
    state = undefined; // no state yet: a new player
  }
  const stop = new AbortController();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => stop.abort());
  try {
    await runForeverBot({
      server: positionals[0] ?? 'http://127.0.0.1:3000',
      name: values.name,
      // The flag, or the environment (which stays out of the process list).
      token: values.token ?? (process.env.SKAT_BOT_TOKEN || undefined),
      state,
      onState: file ? (s) => writeFileSync(file, JSON.stringify(s)) : undefined,
      chooser: CHOOSERS[values.strategy ?? 'random'] ?? randomChooser,
      seek: values.seek ? { variant: (values.variant ?? 'classic') as CreateSeek['variant'], rated: values.rated ?? false } : undefined,
      signal: stop.signal,
    });
  } catch {
    process.exitCode = 1; // the reason is logged
  }
}
