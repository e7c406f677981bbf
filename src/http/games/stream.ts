// GET /v1/games/{gameId}/stream: Server-Sent Events. Each event redacted for the reader,
// `id:` = its sequence number, resumable with Last-Event-ID, a heartbeat comment every 15 s,
// closed after the final event. Waiting uses the shared notifier, never a sleep loop.
import { createRoute, z } from '@hono/zod-openapi';
import { viewEvent, type Viewer } from '../../engine/index.ts';
import type { AppDeps } from '../deps.ts';
import type { App } from '../env.ts';
import { eventStream } from '../sse.ts';
import { optionalBearer, problems } from '../responses.ts';
import { GameIdParam } from '../schemas.ts';
import { loadGame, seatOf, type LoadedGame } from './game.ts';

export const streamGame = createRoute({
  method: 'get',
  path: '/v1/games/{gameId}/stream',
  tags: ['games'],
  summary: 'Server-Sent Events: every new event, redacted for the caller',
  description:
    'Each SSE message has `id:` = the event sequence number, `event:` = the event type and `data:` = the event as JSON. Reconnect with `Last-Event-ID` (or `?after=N`) to resume; a `: heartbeat` comment comes every 15 s; the stream ends after the `finished` event.',
  security: optionalBearer,
  request: {
    params: GameIdParam,
    query: z.object({
      after: z.string().regex(/^\d{1,9}$/).transform(Number).optional().openapi({ type: 'integer', description: 'start after this sequence number' }),
    }),
    headers: z.object({ 'last-event-id': z.string().regex(/^\d{1,9}$/).optional() }),
  },
  responses: {
    200: { description: 'An event stream', content: { 'text/event-stream': { schema: z.string() } } },
    ...problems(400, 401, 404, 503),
  },
});

export function registerStreamRoute(app: App, { store, notifier, timing }: AppDeps) {
  app.openapi(streamGame, async (c) => {
    const { gameId } = c.req.valid('param');
    const lastId = c.req.valid('header')['last-event-id'];
    let seq = lastId !== undefined ? Number(lastId) : (c.req.valid('query').after ?? 0);
    let game: LoadedGame | null = await loadGame(store, gameId);
    const viewer: Viewer = seatOf(game.row, c.var.player?.playerId) ?? 'spectator';
    return eventStream(c, notifier, timing.heartbeatMs, {
      key: gameId,
      readVersion: async () => (await store.getGame(gameId))?.version ?? null,
      pump: async (stream) => {
        const current = game ?? (await loadGame(store, gameId));
        game = null; // the next round reads the game again
        const finished = current.state.phase === 'finished';
        for (; seq < current.events.length; seq++) {
          const event = viewEvent(current.events[seq], viewer, finished);
          await stream.writeSSE({ id: String(seq + 1), event: event.type, data: JSON.stringify(event) });
        }
        return finished ? null : current.row.version;
      },
    });
  });
}
