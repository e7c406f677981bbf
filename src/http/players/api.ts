// The player resource: guest sign-up, and what a player asks about itself.
import { requirePlayer } from '../../auth/middleware.ts';
import type { AppDeps } from '../deps.ts';
import { clientOf, createApi } from '../edge.ts';
import type { App } from '../env.ts';
import { PlayerEventSchema } from '../schemas.ts';
import { eventStream } from '../sse.ts';
import { createPlayer, getMe, getPlayer, listMyGames, PlayerStream, streamMyEvents } from './routes.ts';
import { respond, setHeader } from '../reply.ts';
import { operation } from '../operation.ts';

export function playersApi({ players, accounts, ratings, seeks, timing, metrics }: AppDeps): App {
  const api = createApi();
  api.openAPIRegistry.register('PlayerEvent', PlayerEventSchema);
  api.openAPIRegistry.register('PlayerEventMessage', PlayerStream.message);

  operation(api, createPlayer, async (c) => {
    const player = await players.register(c.req.valid('json').name);
    const { token, tokenId, expiresAt } = await accounts.issue(player.playerId, 'guest');
    setHeader(c, 'Location', `/v1/players/${player.playerId}`);
    // biome-ignore lint/style/noNonNullAssertion: a guest's token always expires (only accounts make tokens that never do)
    return respond(c, { ...player, bot: false, token, tokenId, expiresAt: expiresAt! }, 201);
  });

  // Before /v1/players/{playerId}: "me" is the caller, not a player id.
  operation(api, getMe, async (c) => respond(c, await accounts.me(requirePlayer(c)), 200));

  operation(api, listMyGames, async (c) => {
    const player = requirePlayer(c);
    const { status, limit = 20, cursor } = c.req.valid('query');
    return respond(c, await players.games({ playerId: player.playerId, status, limit, cursor }), 200);
  });

  operation(api, streamMyEvents, (c) => {
    const player = requirePlayer(c);
    const lastId = c.req.valid('header')['last-event-id'];
    const after = lastId !== undefined ? Number(lastId) : (c.req.valid('query').after ?? 0);
    // While the stream is open the player is present on every process: a bot account is listed
    // online (GET /v1/bots/online), and whileConnected seeks wait; they end when no stream is left.
    const opened = {
      streamOpened: () => {
        const ended = metrics.streamOpened();
        const offline = accounts.online(player.playerId, () => seeks.streamClosed(player.playerId));
        return () => {
          ended();
          offline();
        };
      },
    };
    return eventStream(c, timing.heartbeatMs, players.feed(player.playerId, after, clientOf(c)), opened);
  });

  operation(api, getPlayer, async (c) => {
    const { playerId } = c.req.valid('param');
    const profile = await players.profile(playerId);
    const [username, rated] = await Promise.all([accounts.usernameOf(playerId), ratings.ratingsOf(playerId)]);
    return respond(c, { ...profile, username, ratings: rated }, 200);
  });

  return api;
}
