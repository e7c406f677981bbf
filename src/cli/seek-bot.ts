// A bot of the pairing pool (`npm run bot -- --seek`): one player (a bot account's token, or a new
// guest) that keeps one seek open while it has nothing to play, hears of its pairings on its own
// player stream (gameStart, matchStart), and plays each game on the game's view stream, until it
// has finished `games` games. Its seeks are `whileConnected`: when the bot goes, they go too.
import { createClient, playGame, SeekKeeper, type CreateSeek, type GameView } from '../client/index.ts';
import { newMemory, pimc, remember, rng, STRATEGIES, type Strategy, type StrategyName } from '../bots/index.ts';

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
  const strategy: Strategy = options.strategy === 'pimc' && options.thinkMs !== undefined ? pimc({ timeMs: options.thinkMs }) : STRATEGIES[options.strategy];
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  const summary: SeekBotSummary = { playerId: me.playerId, games: 0, gameIds: [], score: 0, won: 0 };
  const keeper = new SeekKeeper(
    client,
    { ...options.seek, whileConnected: true },
    {
      onSeek: (s) => log(`seek ${s.seekId}: ${s.status}${s.gameId ? ` game ${s.gameId}` : ''}${s.matchId ? ` match ${s.matchId}` : ''}`),
      onError: (e) => log(`seek: ${(e as Error).message}`),
    },
  );
  const playing = new Map<string, Promise<void>>();
  const seen = new Set<string>();
  const matches = new Set<string>();
  const idleIfDone = () => {
    if (summary.games >= wanted) stop.abort();
    else if (playing.size === 0 && matches.size === 0 && !signal.aborted) void keeper.idle();
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

  void keeper.idle();
  try {
    // The stream (history first: its old games are skipped) resumes by itself after a drop.
    for await (const { event } of client.myEvents({ signal })) {
      if (event.type === 'gameStart') play(event.gameId);
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
