// A tournament's bot (`npm run bot -- --tournament <id>`): one player (a bot account's token, or a
// new guest) joins the tournament and plays every game it is given until the tournament ends.
// It hears of its games on its own player stream, which stays open meanwhile (an arena pairs
// only players whose stream is open): `tournamentGame` names each pairing's game, and a Swiss
// pairing of several games (a match) starts its next ones with `gameStart` of that match. The
// tournament's own stream says when it is over (`tournamentEnd`, with the final standings); games
// still running then are played to their end (an arena counts them). No polling anywhere.
import { createClient, playGame, type GameView, type PlayerEvent, type SkatClient } from '@offiziersskat/client';
import { newMemory, pimc, remember, rng, star, STRATEGIES, type Strategy, type StrategyName } from '../bots/index.ts';

export interface TournamentBotOptions {
  server: string;
  tournamentId: string;
  /** The player's token (a bot account's); without it a new guest. */
  token?: string;
  name?: string;
  strategy: StrategyName;
  /** pimc's thinking time per card in ms (its default budget without). */
  thinkMs?: number;
  /** Each game the bot finished, with its final view. */
  onGame?: (view: GameView) => void;
  log?: (line: string) => void;
  signal?: AbortSignal;
}

interface FinalStanding {
  rank: number;
  playerId: string;
  score: number;
  games: number;
  withdrawn: boolean;
}

export interface TournamentBotSummary {
  playerId: string;
  /** Games played to their end, and their ids. */
  games: number;
  gameIds: string[];
  /** The bot's own score-sheet points over its games. */
  points: number;
  won: number;
  /** The bot's line of the final standings (null: stopped before the end, or never entered). */
  standing: FinalStanding | null;
  /** Why the tournament ended early, if it did. */
  endedEarly: string | null;
}

export async function runTournamentBot(options: TournamentBotOptions): Promise<TournamentBotSummary> {
  const log = options.log ?? (() => {});
  const base = createClient({ baseUrl: options.server.replace(/\/$/, '') });
  const token = options.token ?? (await base.createPlayer(options.name ?? `tournament-${options.strategy}`)).token;
  const client = base.withToken(token);
  const me = await client.me();
  const timed = options.thinkMs !== undefined ? { timeMs: options.thinkMs } : null;
  const strategy: Strategy =
    timed && options.strategy === 'pimc' ? pimc(timed) : timed && options.strategy === 'star' ? star(timed) : STRATEGIES[options.strategy];
  const summary: TournamentBotSummary = { playerId: me.playerId, games: 0, gameIds: [], points: 0, won: 0, standing: null, endedEarly: null };
  const path = `/v1/tournaments/${encodeURIComponent(options.tournamentId)}`;

  // Stops listening (the end came, or the caller stopped the bot); games in flight go on unless the caller stopped.
  const listening = new AbortController();
  const stopped = options.signal ?? new AbortController().signal;
  stopped.addEventListener('abort', () => listening.abort(), { once: true });

  // Joining twice changes nothing: a bot started again joins again.
  await client.request('POST', `${path}/join`);
  log(`joined tournament ${options.tournamentId} as ${me.playerId}`);

  const playing = new Map<string, Promise<void>>();
  const matches = new Set<string>();
  const seen = new Set<string>();

  function play(gameId: string): void {
    if (seen.has(gameId)) return;
    seen.add(gameId);
    const game = playOne(client, gameId, strategy, stopped)
      .then((view) => {
        if (!view?.result || !view.you) return;
        summary.games++;
        summary.gameIds.push(gameId);
        const mine = view.result.scores[view.you];
        summary.points += mine;
        if (mine > view.result.scores[view.you === 'forehand' ? 'dealer' : 'forehand']) summary.won++;
        log(`game ${gameId} finished: ${JSON.stringify(view.result.scores)}`);
        options.onGame?.(view);
      })
      .catch((e) => {
        if (!stopped.aborted) log(`game ${gameId}: ${(e as Error).message}`);
      })
      .finally(() => playing.delete(gameId));
    playing.set(gameId, game);
  }

  const onEvent = (e: PlayerEvent) => {
    if (e.type === 'tournamentGame' && e.tournamentId === options.tournamentId) {
      if (e.matchId) matches.add(e.matchId);
      play(e.gameId);
    } else if (e.type === 'gameStart' && e.matchId && matches.has(e.matchId)) play(e.gameId);
  };

  // The player stream (its history first: games of it that are over are skipped) and the
  // tournament's stream, side by side until the end; each resumes by itself after a drop.
  let failure: unknown;
  const mine = (async () => {
    for await (const { event } of client.myEvents({ signal: listening.signal })) onEvent(event);
  })().catch((e) => {
    if (listening.signal.aborted) return;
    failure = e;
    listening.abort();
  });
  try {
    for await (const m of client.stream(`${path}/stream`, { signal: listening.signal }, (x) => x.event === 'tournamentEnd')) {
      if (m.event !== 'tournamentEnd') continue;
      const end = JSON.parse(m.data) as { standings: FinalStanding[]; endedEarly?: string | null };
      summary.standing = end.standings.find((s) => s.playerId === me.playerId) ?? null;
      summary.endedEarly = end.endedEarly ?? null;
      log(`tournament ${options.tournamentId} ended${summary.standing ? `: rank ${summary.standing.rank}, score ${summary.standing.score}` : ''}`);
    }
  } catch (e) {
    if (!listening.signal.aborted) throw e;
  } finally {
    listening.abort();
    await mine;
    // Games still running at the end count: they are played out (unless the caller stopped the bot).
    while (playing.size > 0) await Promise.all(playing.values());
  }
  if (failure) throw failure;
  return summary;
}

/** One game to its end on the game's view stream; null when it is not the bot's or is over already. */
async function playOne(client: SkatClient, gameId: string, strategy: Strategy, signal: AbortSignal): Promise<GameView | null> {
  const first = await client.getGame(gameId, { signal });
  if (first.you === null || first.status === 'finished' || first.status === 'cancelled') return null;
  const memory = newMemory();
  const pick = rng((Date.now() ^ gameId.charCodeAt(0) ^ (gameId.charCodeAt(1) << 8)) >>> 0);
  const view = await playGame(client, first, (v) => strategy(v, memory, pick), { signal, onView: (v) => remember(memory, v) });
  return view.status === 'finished' ? view : null;
}
