// Matches: create, join, read the score sheet, read and follow the match's event log.
import { requirePlayer } from '../../auth/middleware.ts';
import { DEFAULT_CONFIG, seedCommitment } from '../../engine/index.ts';
import { MatchConflictError, type MatchRow, type PlayedGame } from '../../db/matches.ts';
import type { AppDeps } from '../deps.ts';
import type { App } from '../env.ts';
import { eventStream } from '../sse.ts';
import { ProblemError } from '../problem.ts';
import { advanceMatch, matchKey, newMatchGame } from './advance.ts';
import { createMatch, getMatch, joinMatch, listMatchEvents, streamMatch } from './routes.ts';
import { gameStarted, matchPlayerIds, scoreSheet, seatsOfGame } from './sheet.ts';

async function loadMatch(deps: AppDeps, matchId: string): Promise<MatchRow> {
  const match = await deps.matches.getMatch(matchId);
  if (!match) throw new ProblemError(404, 'MATCH_NOT_FOUND', `there is no match ${matchId}`);
  return match;
}

/** The match as the API shows it: the score sheet plus what a client needs to follow it. */
async function matchView(deps: AppDeps, match: MatchRow, played: PlayedGame[]) {
  const ids = matchPlayerIds(match);
  const names = new Map((await deps.store.getPlayers(ids)).map((p) => [p.id, p.name]));
  const sheet = scoreSheet(match, played);
  const current = match.status === 'playing' ? played.at(-1) : undefined;
  const finished = match.status === 'finished';
  return {
    id: match.id,
    status: match.status,
    games: match.games,
    config: match.config,
    turnSeconds: match.turnSeconds,
    players: ids.map((id) => ({ playerId: id, name: names.get(id) ?? '' })),
    reservedFor: match.reservedPlayerId,
    matchSeedCommitment: match.seedCommitment,
    ...(finished ? { matchSeed: match.matchSeed } : {}),
    firstDealer: match.opponentPlayerId ? seatsOfGame(match, 1).dealer : null,
    currentGameId: current?.row.id ?? null,
    currentNumber: current?.row.number ?? null,
    sheet: sheet.rows,
    totals: sheet.totals,
    winner: finished ? sheet.winner : null,
    draw: finished && sheet.draw,
    version: match.version,
    createdAt: match.createdAt.toISOString(),
    updatedAt: match.updatedAt.toISOString(),
  };
}

export function registerMatchRoutes(app: App, deps: AppDeps) {
  app.openapi(createMatch, async (c) => {
    const player = requirePlayer(c);
    const body = c.req.valid('json');
    const { store, matches, random, now } = deps;
    if (body.opponent !== undefined) {
      if (body.opponent === player.playerId)
        throw new ProblemError(422, 'INVALID_OPPONENT', 'you cannot reserve the other slot for yourself');
      if (!(await store.getPlayer(body.opponent)))
        throw new ProblemError(422, 'INVALID_OPPONENT', 'there is no player with that id');
    }
    const matchSeed = random.serverSeed();
    const match = await matches.createMatch({
      id: crypto.randomUUID(),
      config: {
        variant: body.variant ?? DEFAULT_CONFIG.variant,
        scoring: body.scoring ?? DEFAULT_CONFIG.scoring,
        spitzen: body.spitzen ?? DEFAULT_CONFIG.spitzen,
        kontra: body.kontra ?? DEFAULT_CONFIG.kontra,
        ramschTrumps: body.ramschTrumps ?? DEFAULT_CONFIG.ramschTrumps,
        practice: false,
      },
      games: body.games,
      turnSeconds: body.turnSeconds ?? null,
      creatorPlayerId: player.playerId,
      reservedPlayerId: body.opponent ?? null,
      matchSeed,
      seedCommitment: seedCommitment(matchSeed),
      at: now(),
    });
    c.header('Location', `/v1/matches/${match.id}`);
    return c.json(await matchView(deps, match, []), 201);
  });

  app.openapi(getMatch, async (c) => {
    const { matchId } = c.req.valid('param');
    let match = await loadMatch(deps, matchId);
    let played = await deps.matches.playedGames(matchId);
    // The safety net: a game finished, but its finisher never got to start the next one (or is
    // doing so right now: then this reader loses the race and reads what the winner wrote).
    if (match.status === 'playing' && played.at(-1)?.result) {
      await advanceMatch(deps, matchId);
      match = await loadMatch(deps, matchId);
      played = await deps.matches.playedGames(matchId);
    }
    c.header('Cache-Control', 'no-cache');
    return c.json(await matchView(deps, match, played), 200);
  });

  app.openapi(joinMatch, async (c) => {
    const player = requirePlayer(c);
    const { matchId } = c.req.valid('param');
    const match = await loadMatch(deps, matchId);
    if (match.creatorPlayerId === player.playerId || match.opponentPlayerId === player.playerId)
      throw new ProblemError(409, 'ALREADY_IN_MATCH', 'you already play in this match');
    if (match.opponentPlayerId !== null) throw new ProblemError(409, 'MATCH_FULL', 'both player slots are taken');
    if (match.reservedPlayerId && match.reservedPlayerId !== player.playerId)
      throw new ProblemError(403, 'SEAT_RESERVED', 'the free slot is reserved for another player');
    const joined: MatchRow = { ...match, opponentPlayerId: player.playerId };
    const game = newMatchGame(deps, joined, 1);
    let row: MatchRow;
    try {
      row = await deps.matches.advance({
        matchId,
        expectedVersion: match.version,
        events: [gameStarted(1, game.id, seatsOfGame(joined, 1))],
        status: 'playing',
        opponentPlayerId: player.playerId,
        game,
        at: deps.now(),
      });
    } catch (e) {
      if (e instanceof MatchConflictError) throw new ProblemError(409, 'MATCH_FULL', 'someone else took the slot first');
      throw e;
    }
    await deps.notifier.publish(matchKey(matchId), row.version);
    return c.json(await matchView(deps, row, await deps.matches.playedGames(matchId)), 200);
  });

  app.openapi(listMatchEvents, async (c) => {
    const { matchId } = c.req.valid('param');
    const { after = 0 } = c.req.valid('query');
    const match = await loadMatch(deps, matchId);
    const events = await deps.matches.events(matchId, after);
    return c.json({ version: match.version, finished: match.status === 'finished', events }, 200);
  });

  app.openapi(streamMatch, async (c) => {
    const { matchId } = c.req.valid('param');
    const lastId = c.req.valid('header')['last-event-id'];
    let seq = lastId !== undefined ? Number(lastId) : (c.req.valid('query').after ?? 0);
    await loadMatch(deps, matchId);
    return eventStream(c, deps.notifier, deps.timing.heartbeatMs, {
      key: matchKey(matchId),
      readVersion: async () => (await deps.matches.getMatch(matchId))?.version ?? null,
      pump: async (stream) => {
        const match = await loadMatch(deps, matchId);
        let known = match.version;
        for (const { seq: s, event } of await deps.matches.events(matchId, seq)) {
          await stream.writeSSE({ id: String(s), event: event.type, data: JSON.stringify(event) });
          seq = known = Math.max(known, s);
        }
        return match.status === 'finished' && seq >= match.version ? null : known;
      },
    });
  });
}
