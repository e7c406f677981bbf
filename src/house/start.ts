// The house bots, started by the process that holds them (HOUSE_BOTS; one serving process: see
// main.ts and app/primary.ts): their bot accounts made once (found on every start after, by any
// process), a fresh token each, and one child process that plays them over HTTP (child.ts) — the
// strategies think in the child, never on the serving process's event loop. A child that dies is
// started again (after 1 s, doubling up to 30 s while it keeps dying young); it ends with its parent.
// With them, unless turned off, their ladder (ladder.ts): the levels' rated games among themselves.
import { fork, type ChildProcess } from 'node:child_process';
import type { AccountService } from '../accounts/index.ts';
import type { Logger } from '../platform/log.ts';
import type { HouseLevel } from './levels.ts';
export { LadderStore } from './ladder-store.ts';
import { startLadder, type Ladder, type LadderDeps, type LadderOptions } from './ladder.ts';

/** What the child is told, once, on its IPC channel. */
export interface HouseOrders {
  url: string;
  bots: (HouseLevel & { playerId: string; token: string })[];
}

export interface HouseBotsDeps {
  accounts: Pick<AccountService, 'ensureBotAccount' | 'issue'>;
  levels: readonly HouseLevel[];
  /** The service's own URL (the bots play through the public API). */
  url: string;
  log: Logger;
  /** The script the child runs and its node flags: this process's own (main.ts sees HOUSE_BOTS_CHILD). */
  entry?: string;
  execArgv?: string[];
  /** The ladder's reads and challenges, and how it runs (`gamesAtOnce` 0: no ladder). */
  ladder?: Pick<LadderDeps, 'store' | 'games'> & LadderOptions;
}

export interface HouseBots {
  /** The bots' player ids, by level. */
  players: Map<string, string>;
  /** Their ladder, when it runs. */
  ladder: Ladder | null;
  /** The ladder first (no new challenge), then the bots' process. */
  stop(): Promise<void>;
}

const HEALTHY_MS = 30_000;

export async function startHouseBots(deps: HouseBotsDeps): Promise<HouseBots> {
  const bots: (HouseLevel & { playerId: string })[] = [];
  for (const level of deps.levels) bots.push({ ...level, playerId: await deps.accounts.ensureBotAccount(level.username, level.name, level.level) });
  let child: ChildProcess | null = null;
  let stopping = false;
  let quickDeaths = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const spawn = async () => {
    timer = null;
    if (stopping) return;
    // A token of the tokens' usual lifetime: the child's client renews it before it ends.
    const tokens = await Promise.all(bots.map((b) => deps.accounts.issue(b.playerId, 'sign-in')));
    const started = performance.now();
    const running = fork(deps.entry ?? (process.argv[1] as string), [], {
      env: { ...process.env, HOUSE_BOTS_CHILD: '1' },
      execArgv: deps.execArgv ?? process.execArgv,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child = running;
    const orders: HouseOrders = { url: deps.url, bots: bots.map((b, i) => ({ ...b, token: tokens[i]?.token ?? '' })) };
    running.send(orders);
    running.once('exit', (code, signal) => {
      child = null;
      if (stopping) return;
      quickDeaths = performance.now() - started >= HEALTHY_MS ? 0 : quickDeaths + 1;
      const delay = Math.min(30_000, 1000 * 2 ** Math.max(0, quickDeaths - 1));
      deps.log.error({ msg: `house bots' process ${running.pid} ended (${signal ?? `exit code ${code}`}); again in ${delay} ms` });
      timer = setTimeout(() => void spawn().catch((e) => deps.log.error({ msg: `house bots: ${(e as Error).message}` })), delay);
    });
  };
  await spawn();
  deps.log.info({ msg: `house bots playing: ${bots.map((b) => `${b.name} (${b.playerId})`).join(', ')}` });
  const wanted = deps.ladder;
  const ladder =
    wanted && wanted.gamesAtOnce > 0 && bots.length >= 2
      ? startLadder({ store: wanted.store, games: wanted.games, players: bots.map((b) => b.playerId), log: deps.log }, wanted)
      : null;
  if (ladder && wanted) deps.log.info({ msg: `house ladder: ${wanted.gamesAtOnce} rated game(s) at once among ${bots.length} levels, ${wanted.pauseMs} ms between` });

  return {
    players: new Map(bots.map((b) => [b.level, b.playerId])),
    ladder,
    async stop() {
      stopping = true;
      await ladder?.stop();
      if (timer) clearTimeout(timer);
      const running = child;
      if (!running) return;
      const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
      running.kill('SIGTERM');
      // Its seeks end with its streams; a child that does not go within 3 s is ended.
      const kill = setTimeout(() => running.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(kill);
    },
  };
}
