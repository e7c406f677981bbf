// The exports' operations, as OpenAPI definitions; the handlers are in api.ts beside.
import { createRoute, z } from '@hono/zod-openapi';
import { VARIANTS } from '../engine/index.ts';
import { AnalysisSchema } from '../analysis/index.ts';
import { gameExamples } from '../games/index.ts';
import { optionalBearer } from '../platform/http/openapi.ts';
import { RecordSchema } from '../games/index.ts';
import { problemResponses } from '../platform/http/problems.ts';
import { PlayerIdParam } from '../ratings/index.ts';

/** One line of an export: a game's record, and with `analysis=true` its analysis where one is done. */
export const ExportedRecordSchema = RecordSchema.extend({
  analysis: AnalysisSchema.optional().openapi({ description: 'with analysis=true: the game’s open-lens analysis (GET /v1/games/{gameId}/analysis), where one is done' }),
}).openapi('ExportedGameRecord', { description: 'A GameRecord (as GET /v1/games/{gameId}/record answers it), with its analysis when asked for and done' });

/** The body of an export: ndjson, each line an ExportedGameRecord (JSON Schema's words for an encoded string). */
export const GameRecordStreamSchema = z.string().openapi('GameRecordStream', {
  description: 'application/x-ndjson: one ExportedGameRecord (a GameRecord as GET /v1/games/{gameId}/record answers it, with `analysis` when asked for) per line, newest end first',
  contentMediaType: 'application/x-ndjson',
  contentSchema: { type: 'array', items: { $ref: '#/components/schemas/ExportedGameRecord' } },
} as Record<string, unknown>);

const instant = (description: string) =>
  z.iso
    .datetime({ offset: true })
    .optional()
    .openapi({ description: `${description} (RFC 3339, e.g. 2026-12-01T00:00:00Z)` });

const filters = {
  variant: z.enum(VARIANTS).optional().openapi({ description: 'only games of this variant' }),
  since: instant('only games that ended at or after this instant'),
  until: instant('only games that ended before this instant'),
  analysis: z
    .enum(['true', 'false'])
    .optional()
    .openapi({ description: 'true: each record carries its game’s open-lens analysis (`analysis`) where one is done (POST /v1/games/{gameId}/analysis asks for one); default false' }),
};

/** The query of an export that may carry analyses (the tournaments' export takes it too). */
export const AnalysisQuery = z.object({ analysis: filters.analysis });

/**
 * The media type as a plain string: @hono/zod-openapi types an answer of `application/<x>json`
 * as a JSON body (and of `application/x-ndjson` as none at all), where this one is a stream.
 */
const NDJSON_TYPE: string = 'application/x-ndjson';

/** An ndjson answer of game records (the tournaments' export answers one too). */
export const ndjson = (description: string) => ({
  description,
  content: { [NDJSON_TYPE]: { schema: GameRecordStreamSchema, example: gameExamples.exportLines } },
});

export const exportPlayerGames = createRoute({
  method: 'get',
  path: '/v1/players/{playerId}/games/export',
  operationId: 'exportPlayerGames',
  tags: ['export'],
  summary: "Download a player's finished games as ndjson",
  description:
    'Every finished game the player sat at, newest end first, one record per line: each line is exactly what GET /v1/games/{gameId}/record answers for that game, and verifies offline with `npm run verify`. Streamed as it is read. Filters: `variant`, `rated`, `since`, `until` (the end of the game). Rate-limited by its own budget (RATE_LIMIT_EXPORT), per address, and per player too with a token. Few at once: one process streams 16 exports at most and one address 2 (EXPORT_MAX_CONCURRENT, EXPORT_MAX_PER_ADDRESS; past either 503 TOO_MANY_EXPORTS with Retry-After), and a reader that stops reading (its socket not drained for 30 s, EXPORT_IDLE_MS: some 1 MB must be taken in that time) is cut off (the body breaks off without its last chunk).',
  security: optionalBearer,
  request: {
    params: PlayerIdParam,
    query: z.object({ ...filters, rated: z.enum(['true', 'false']).optional().openapi({ description: 'only rated (true) or unrated (false) games; default both' }) }),
  },
  responses: { 200: ndjson("The player's finished games, one record a line"), ...problemResponses('PLAYER_NOT_FOUND', 'RATE_LIMITED', 'TOO_MANY_EXPORTS') },
});

export const exportGames = createRoute({
  method: 'get',
  path: '/v1/games/export',
  operationId: 'exportGames',
  tags: ['export'],
  summary: 'Download every finished rated game as ndjson (a data set)',
  description:
    'Every finished rated game of the service, newest end first, one record per line (as GET /v1/games/{gameId}/record; each verifies with `npm run verify`). Streamed as it is read. Filters: `variant`, `since`, `until` (the end of the game); `rated` may only be true. Rate-limited by its own budget (RATE_LIMIT_EXPORT), per address, and per player too with a token. Few at once: one process streams 16 exports at most and one address 2 (EXPORT_MAX_CONCURRENT, EXPORT_MAX_PER_ADDRESS; past either 503 TOO_MANY_EXPORTS with Retry-After), and a reader that stops reading (its socket not drained for 30 s, EXPORT_IDLE_MS: some 1 MB must be taken in that time) is cut off (the body breaks off without its last chunk).',
  security: optionalBearer,
  request: { query: z.object({ ...filters, rated: z.enum(['true']).optional().openapi({ description: 'the export holds rated games only' }) }) },
  responses: { 200: ndjson('Every finished rated game, one record a line'), ...problemResponses('RATE_LIMITED', 'TOO_MANY_EXPORTS') },
});
