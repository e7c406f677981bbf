// POST /v1/players: a guest identity with a signed token.
import { createRoute } from '@hono/zod-openapi';
import type { AppDeps } from '../deps.ts';
import type { App } from '../env.ts';
import { problems } from '../responses.ts';
import { CreatePlayerSchema, PlayerTokenSchema } from '../schemas.ts';

const createPlayer = createRoute({
  method: 'post',
  path: '/v1/players',
  tags: ['players'],
  summary: 'Create a guest player and get its bearer token',
  request: { body: { required: true, content: { 'application/json': { schema: CreatePlayerSchema } } } },
  responses: {
    201: { description: 'The player and its token', content: { 'application/json': { schema: PlayerTokenSchema } } },
    ...problems(400, 413),
  },
});

export function registerPlayerRoutes(app: App, { store, tokens }: AppDeps) {
  app.openapi(createPlayer, async (c) => {
    const { name } = c.req.valid('json');
    const player = await store.createPlayer({ name });
    const { token, expiresAt } = await tokens.issue(player.id);
    return c.json({ playerId: player.id, name: player.name, token, expiresAt: expiresAt.toISOString() }, 201);
  });
}
