// The player resource: a guest identity with a signed token.
import { createRoute } from '@hono/zod-openapi';
import type { AppDeps } from '../deps.ts';
import { createApi } from '../edge.ts';
import type { App } from '../env.ts';
import { examples } from '../examples.ts';
import { json, jsonBody, publicAccess } from '../openapi.ts';
import { CreatePlayerSchema, PlayerTokenSchema } from '../schemas.ts';

export const createPlayer = createRoute({
  method: 'post',
  path: '/v1/players',
  operationId: 'createPlayer',
  tags: ['players'],
  summary: 'Create a guest player and get its bearer token',
  description:
    'A guest identity: the token (a JWT signed by the service) is sent as `Authorization: Bearer <token>` on every call that acts for the player, until `expiresAt`.',
  security: publicAccess,
  request: { body: jsonBody(CreatePlayerSchema, { name: examples.players.anna.name }) },
  responses: { 201: json(PlayerTokenSchema, 'The player and its token', examples.players.token) },
});

export function playersApi({ players, tokens }: AppDeps): App {
  const api = createApi();
  api.openapi(createPlayer, async (c) => {
    const { name } = c.req.valid('json');
    const player = await players.createPlayer({ name });
    const { token, expiresAt } = await tokens.issue(player.id);
    return c.json({ playerId: player.id, name: player.name, token, expiresAt: expiresAt.toISOString() }, 201);
  });
  return api;
}
