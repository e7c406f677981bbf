// The tournaments: each handler translates a request into a use case of src/tournaments.
import { requirePlayer } from '../platform/auth/middleware.ts';
import { exportAnswer, type ExportSettings, type ExportService } from '../exports/index.ts';
import type { PlatformDeps } from '../platform/http/deps.ts';
import { clientOf, createApi } from '../platform/http/edge.ts';
import type { App } from '../platform/http/env.ts';
import { foundOrNull, idempotentCreate } from '../platform/http/idempotent-create.ts';
import { clientAddress, limiter, unlimited } from '../platform/http/limits.ts';
import { operation } from '../platform/http/operation.ts';
import { respondTagged } from '../platform/http/etag.ts';
import { empty, respond, setHeader } from '../platform/http/reply.ts';
import { eventStream } from '../platform/http/sse.ts';
import type { TournamentService } from './service.ts';
import { TournamentEventSchema } from './schemas.ts';
import { addHouseBots, createTournament, exportTournamentGames, getTournament, joinTournament, listTournamentGames, listTournaments, pauseTournament, resumeTournament, streamTournament, TournamentStream, withdrawTournament } from './routes.ts';
import type { TournamentView } from './view.ts';

/** What the tournaments routes are built from. */
export interface TournamentsApiDeps extends Pick<PlatformDeps, 'timing' | 'metrics' | 'createAnswers' | 'log'> {
  config: PlatformDeps['config'] & { exports: ExportSettings };
  tournaments: TournamentService;
  exports: ExportService;
}

/** Creations per account (besides the per-player budget of every call): an event is not made by the dozen. */
const CREATES = { points: 20, seconds: 3600 };

export function tournamentsApi({ tournaments, exports, config, timing, metrics, createAnswers, log }: TournamentsApiDeps): App {
  const api = createApi();
  const creates = { store: createAnswers, log };
  // Off where the per-player budget is off (the test suites).
  const createBudget = unlimited(config.limits.player) ? null : limiter('tournament-create', CREATES);
  const answerExport = exportAnswer({ exports, config, log });
  api.openAPIRegistry.register('TournamentEvent', TournamentEventSchema);
  api.openAPIRegistry.register('TournamentEventMessage', TournamentStream.message);

  operation(api, createTournament, async (c) => {
    const player = requirePlayer(c);
    const body = c.req.valid('json');
    if (createBudget) await createBudget(c, player.playerId);
    const made = (view: TournamentView) => ({ body: view, location: `/v1/tournaments/${view.id}` });
    return idempotentCreate(c, creates, {
      operation: 'createTournament',
      request: body,
      make: async (id) => made(await tournaments.create(player.playerId, body, clientAddress(c), id)),
      find: (id) => foundOrNull(async () => made(await tournaments.get(id))),
    });
  });

  operation(api, listTournaments, async (c) => {
    const { status = 'upcoming', limit = 20, cursor } = c.req.valid('query');
    return respond(c, await tournaments.list({ status, limit, cursor }), 200);
  });

  operation(api, getTournament, async (c) => {
    const { standingsLimit, standingsCursor } = c.req.valid('query');
    setHeader(c, 'Cache-Control', 'no-cache');
    return respondTagged(c, await tournaments.get(c.req.valid('param').tournamentId, { limit: standingsLimit, cursor: standingsCursor }, c.get('player')?.playerId), 200);
  });

  operation(api, joinTournament, async (c) => {
    const player = requirePlayer(c);
    return respond(c, await tournaments.join(c.req.valid('param').tournamentId, player.playerId), 200);
  });

  operation(api, addHouseBots, async (c) => {
    const player = requirePlayer(c);
    return respond(c, await tournaments.addHouseBots(c.req.valid('param').tournamentId, player.playerId, c.req.valid('json').levels), 200);
  });

  operation(api, withdrawTournament, async (c) => {
    await tournaments.withdraw(c.req.valid('param').tournamentId, requirePlayer(c).playerId);
    return empty(c, 204);
  });

  operation(api, pauseTournament, async (c) => respond(c, await tournaments.pause(c.req.valid('param').tournamentId, requirePlayer(c).playerId, true), 200));

  operation(api, resumeTournament, async (c) => respond(c, await tournaments.pause(c.req.valid('param').tournamentId, requirePlayer(c).playerId, false), 200));

  operation(api, streamTournament, async (c) => {
    const lastId = c.req.valid('header')['last-event-id'];
    const after = lastId !== undefined ? Number(lastId) : (c.req.valid('query').after ?? 0);
    const feed = await tournaments.feed(c.req.valid('param').tournamentId, after, clientOf(c));
    return eventStream(c, timing.heartbeatMs, feed, metrics, log);
  });

  operation(api, listTournamentGames, async (c) => {
    const { round, player, limit = 100, cursor } = c.req.valid('query');
    return respond(c, await tournaments.games(c.req.valid('param').tournamentId, { round, player, limit, cursor }), 200);
  });

  operation(api, exportTournamentGames, async (c) => {
    const { tournamentId } = c.req.valid('param');
    const { analysis } = c.req.valid('query');
    // TOURNAMENT_NOT_FOUND before the answer starts.
    return answerExport(c, async () => ({ gameIds: await tournaments.gameIds(tournamentId) }), analysis === 'true');
  });

  return api;
}
