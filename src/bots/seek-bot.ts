// A bot of the pairing pool (`npm run bot -- --seek`): one player (a bot account's token, or a new
// guest) that keeps one seek open while it has nothing to play, hears of its pairings on its own
// player stream (gameStart, matchStart), and plays each game on the game's view stream, until it
// has finished `games` games. Its seeks are `whileConnected`: when the bot goes, they go too.
// The house bots (src/house) are this bot with several seeks (one per variant) kept standing
// while they play (`concurrent`), and challenges taken (`acceptChallenges`).
import { createClient, playGame, SeekKeeper, type CreateSeek, type GameView } from '@offiziersskat/client';
import { newMemory, pimc, remember, rng, star, STRATEGIES, type Strategy, type StrategyName } from './index.ts';

export interface SeekBotOptions {
  server: string;
  /** The player's token (a bot account's, for rated seeks); without it a new guest. */
  token?: string;
  name?: string;
  strategy: StrategyName;
  /** pimc's thinking time per card in ms (its default budget without). */
  thinkMs?: number;
  /** What the bot seeks (whileConnected is always on). */
  seek: Omit<CreateSeek, 'whileConnected'>;
  /** More seeks kept at once besides `seek` (one per variant, say). */
  moreSeeks?: Omit<CreateSeek, 'whileConnected'>[];
  /** Plays any number of games at once, its seeks standing all the while (default: one at a time). */
  concurrent?: boolean;
  /** Joins the games and matches made for it (a challenge), and those waiting when it starts; resumes its running games. */
  acceptChallenges?: boolean;
  /** Stop after this many games played to their end (default: never). */
  games?: number;
  /** Each game the bot finished, with its final view. */
  onGame?: (view: GameView) => void;
  log?: (line: string) => void;
  signal?: AbortSignal;
}

export interface SeekBotSummary {
  playerId: string;
  games: number;
  gameIds: string[];
  /** The bot's own score over its games (the result's `scores` of its seat). */
  score: number;
  won: number;
}

export async function runSeekBot(options: SeekBotOptions): Promise<SeekBotSummary> {
  const log = options.log ?? (() => {});
  const wanted = options.games ?? Infinity;
  const base = createClient({ baseUrl: options.server.replace(/\/$/, '') });
  const token = options.token ?? (await base.createPlayer(options.name ?? `seeker-${options.strategy}`)).token;
  const client = base.withToken(token);
  const me = await client.me();
  const timed = options.thinkMs !== undefined ? { timeMs: options.thinkMs } : null;
  const strategy: Strategy =
    timed && options.strategy === 'pimc' ? pimc(timed) : timed && options.strategy === 'star' ? star(timed) : STRATEGIES[options.strategy];
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  const summary: SeekBotSummary = { playerId: me.playerId, games: 0, gameIds: [], score: 0, won: 0 };
  const keepers = [options.seek, ...(options.moreSeeks ?? [])].map(
    (seek) =>
      new SeekKeeper(
        client,
        { ...seek, whileConnected: true },
        {
          onSeek: (s) => log(`seek ${s.seekId}: ${s.status}${s.gameId ? ` game ${s.gameId}` : ''}${s.matchId ? ` match ${s.matchId}` : ''}`),
          onError: (e) => log(`seek: ${(e as Error).message}`),
        },
      ),
  );
  // One at a time: no seek while playing. Concurrent: a paired seek is made again at once.
  const keeper = {
    idle: () => Promise.all(keepers.map((k) => k.idle())),
    playing: () => (options.concurrent ? void keeper.idle() : keepers.forEach((k) => k.playing())),
    ended: (seekId: string, reason: 'withdrawn' | 'expired' | 'disconnected') => Promise.all(keepers.map((k) => k.ended(seekId, reason))),
    stop: () => Promise.all(keepers.map((k) => k.stop())),
  };
  const playing = new Map<string, Promise<void>>();
  const seen = new Set<string>();
  const matches = new Set<string>();
  const idleIfDone = () => {
    if (summary.games >= wanted) stop.abort();
    else if ((options.concurrent || (playing.size === 0 && matches.size === 0)) && !signal.aborted) void keeper.idle();
  };

  function play(gameId: string): void {
    if (seen.has(gameId)) return;
    seen.add(gameId);
    keeper.playing();
    const memory = newMemory();
    const pick = rng((Date.now() ^ gameId.charCodeAt(0)) >>> 0);
    const game = (async () => {
      const first = await client.getGame(gameId, { signal });
      // An old gameStart of the stream's history: that game is over.
      if (first.you === null || first.status === 'finished' || first.status === 'cancelled') return;
      const view = await playGame(client, first, (v) => strategy(v, memory, pick), { signal, onView: (v) => remember(memory, v) });
      if (view.status !== 'finished' || !view.result || !view.you) return;
      summary.games++;
      summary.gameIds.push(gameId);
      const mine = view.result.scores[view.you];
      summary.score += mine;
      if (mine > view.result.scores[view.you === 'forehand' ? 'dealer' : 'forehand']) summary.won++;
      log(`game ${gameId} finished: ${JSON.stringify(view.result.scores)}`);
      options.onGame?.(view);
    })()
      .catch((e) => {
        if (!signal.aborted) log(`game ${gameId}: ${(e as Error).message}`);
      })
      .finally(() => {
        playing.delete(gameId);
        idleIfDone();
      });
    playing.set(gameId, game);
  }

  /** Takes the seat a challenge keeps for it; a match's games then come as gameStart events. */
  const accept = (kind: 'game' | 'match', id: string) =>
    (kind === 'game' ? client.joinGame(id).then((g) => play(g.id)) : client.joinMatch(id)).catch((e) => log(`join ${kind} ${id}: ${(e as Error).message}`));

  if (options.acceptChallenges) {
    // What happened while it was away: its games in progress, challenges still open.
    for (const status of ['active', 'waiting'] as const)
      for (const entry of (await client.myGames({ status, limit: 100 })).entries) {
        if (status === 'active' && entry.kind === 'game') play(entry.id);
        if (status === 'waiting' && entry.reservedFor === me.playerId) void accept(entry.kind, entry.id);
      }
  }
  void keeper.idle();
  try {
    // The stream (history first: its old games are skipped) resumes by itself after a drop.
    for await (const { event } of client.myEvents({ signal })) {
      if (event.type === 'challenge' && options.acceptChallenges) void accept(event.kind, event.id);
      else if (event.type === 'gameStart') play(event.gameId);
      else if (event.type === 'matchStart') (matches.add(event.matchId), keeper.playing());
      else if (event.type === 'matchFinish') (matches.delete(event.matchId), idleIfDone());
      else if (event.type === 'seekEnded') void keeper.ended(event.seekId, event.reason);
    }
  } catch (e) {
    if (!signal.aborted) throw e;
  } finally {
    await keeper.stop();
    stop.abort();
    await Promise.all(playing.values());
  }
  return summary;
}
