// The house bots' ladder: the levels play rated games against each other, so the leaderboard
// shows what each is worth in rating points. It runs beside the house bots in the process that
// holds them (start.ts), and challenges as they would: a rated game created for one level with
// the other seat reserved for another (their process takes every challenge and plays it). At most
// `gamesAtOnce` ladder games are under way, a bot is never in two of them, a bot playing a person
// (or challenged by one) is left alone, and after a ladder game begins or ends the next waits
// `pauseMs`: the bots stay free for people, whose seeks stand all the while. Everything it goes
// by is read from the games, so it goes on after a restart where it stopped.
import { VARIANTS, type Variant } from '../engine/index.ts';
import type { GameService } from '../games/index.ts';
import { scrubbedMessage } from '../platform/db/errors.ts';
import type { Logger } from '../platform/log.ts';
import { HOUSE_TURN_SECONDS } from './levels.ts';
import type { LadderStore, OpenGame } from './ladder-store.ts';
import { countKey, nextLadderGame, type LadderCounts } from './round-robin.ts';

export interface LadderOptions {
  /** Ladder games under way at once at most (HOUSE_LADDER_GAMES). */
  gamesAtOnce: number;
  /** The wait after a ladder game begins or ends before the next begins (HOUSE_LADDER_PAUSE_SECONDS). */
  pauseMs: number;
  /** How often it looks at the games (default 1 s). */
  tickMs?: number;
  /** The variants it plays (default: every one). */
  variants?: readonly Variant[];
  /** Begin no more than this many ladder games (default: no end; `npm run ladder` counts them). */
  limit?: number;
}

export interface LadderDeps {
  store: LadderStore;
  games: Pick<GameService, 'create' | 'cancel'>;
  /** The house bots' player ids, in the levels' order. */
  players: readonly string[];
  log: Logger;
}

export interface Ladder {
  /** The ladder games it began (this run). */
  begun(): string[];
  /** No more challenges; waits for a look in flight. The games under way are played on by the bots. */
  stop(): Promise<void>;
}

/** A challenge nobody took within this long (the bots' process was away) is called off. */
const STALE_CHALLENGE_MS = 120_000;

export function startLadder(deps: LadderDeps, options: LadderOptions): Ladder {
  const { store, games, players, log } = deps;
  const house = new Set(players);
  const variants = options.variants ?? VARIANTS;
  const tickMs = options.tickMs ?? 1000;
  const begun: string[] = [];
  let counts: LadderCounts | null = null;
  let under: Set<string> = new Set();
  let lastChange = performance.now();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;

  const isLadder = (g: OpenGame) => g.players.length === 2 && g.players.every((p) => house.has(p));

  async function look(): Promise<void> {
    counts ??= await store.counts(players);
    const open = await store.open(players);
    const ladder = open.filter(isLadder);
    for (const g of ladder)
      if (g.waiting && g.seated && Date.now() - g.createdAt.getTime() > STALE_CHALLENGE_MS)
        await games.cancel(g.id, g.seated).catch((e: unknown) => log.error({ msg: `house ladder: calling off ${g.id}: ${scrubbedMessage(e)}` }));
    const now = new Set(ladder.map((g) => g.id));
    if ([...under].some((id) => !now.has(id))) lastChange = performance.now();
    under = now;
    if (stopped || ladder.length >= options.gamesAtOnce || performance.now() - lastChange < options.pauseMs) return;
    if (options.limit !== undefined && begun.length >= options.limit) return;
    // A person first: a bot at any game not over (a ladder one, or a person's) is not challenged.
    // (A person paired between this read and the challenge below meets a bot just challenged.)
    const busy = new Set(open.flatMap((g) => g.players).filter((p) => house.has(p)));
    const pick = nextLadderGame(players, variants, counts, busy);
    if (!pick) return;
    const view = await games.create(pick.challenger, { variant: pick.variant, rated: true, turnSeconds: HOUSE_TURN_SECONDS, opponent: pick.opponent, seat: pick.seat });
    const [forehand, dealer] = pick.seat === 'forehand' ? [pick.challenger, pick.opponent] : [pick.opponent, pick.challenger];
    const key = countKey(pick.variant, forehand, dealer);
    counts.set(key, (counts.get(key) ?? 0) + 1);
    begun.push(view.id);
    under.add(view.id);
    lastChange = performance.now();
  }

  const tick = () => {
    timer = null;
    running = look()
      .catch((e: unknown) => log.error({ msg: `house ladder: ${scrubbedMessage(e)}` }))
      .finally(() => {
        running = null;
        if (!stopped) timer = setTimeout(tick, tickMs);
      });
  };
  if (players.length >= 2 && options.gamesAtOnce > 0) tick();

  return {
    begun: () => [...begun],
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}
