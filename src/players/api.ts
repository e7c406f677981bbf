// The player resource: guest sign-up, and what a player asks about itself.
import { requirePlayer } from '../platform/auth/middleware.ts';
import type { AccountService } from '../accounts/index.ts';
import type { RatingService } from '../ratings/index.ts';
import type { SeekService } from '../seeks/index.ts';
import type { PlayerService } from './service.ts';
import type { PlatformDeps } from '../platform/http/deps.ts';
import { clientOf, createApi } from '../platform/http/edge.ts';
import type { App } from '../platform/http/env.ts';
import { eventStream, streamMessage } from '../platform/http/sse.ts';
import { botsOnline, createPlayer, findPlayers, getMe, getPlayer, listMyGames, streamMyEvents } from './routes.ts';
import { respond } from '../platform/http/reply.ts';
import type { z } from '@hono/zod-openapi';
import { VARIANTS } from '../engine/index.ts';
import { operation } from '../platform/http/operation.ts';
import { idempotentCreate } from '../platform/http/idempotent-create.ts';

/** What the players routes are built from. */
export interface PlayersApiDeps extends Pick<PlatformDeps, 'timing' | 'metrics' | 'createAnswers' | 'log'> {
  players: PlayerService;
  accounts: AccountService;
  ratings: RatingService;
  seeks: SeekService;
  /** PlayerEvent: every feature's events of a player's stream, as the app composes them (src/app/player-events.ts). */
  playerEvents: z.ZodType;
}

export function playersApi({ players, accounts, ratings, seeks, playerEvents, timing, metrics, createAnswers, log }: PlayersApiDeps): App {
  const api = createApi();
  const creates = { store: createAnswers, log };
  /** A guest's answer: the player just made, or (a repeat of a keyed sign-up) made before, with a new token. */
  const withToken = (player: { playerId: string; name: string }, issued: { token: string; tokenId: string; expiresAt: string | null }) => {
    // biome-ignore lint/style/noNonNullAssertion: a guest's token always expires (only accounts make tokens that never do)
    return { ...player, bot: false, token: issued.token, tokenId: issued.tokenId, expiresAt: issued.expiresAt! };
  };
  api.openAPIRegistry.register('PlayerEvent', playerEvents);
  api.openAPIRegistry.register('PlayerEventMessage', streamMessage('PlayerEvent', playerEvents));

  operation(api, createPlayer, async (c) => {
    const body = c.req.valid('json');
    const location = (playerId: string) => `/v1/players/${playerId}`;
    return idempotentCreate(c, creates, {
      operation: 'createPlayer',
      request: body,
      make: async (id) => {
        const player = await players.register(body.name, id);
        return { body: withToken(player, await accounts.issue(player.playerId, 'guest')), location: location(player.playerId) };
      },
      // A token is shown once and never stored: a repeat gets the same player with a fresh one.
      find: async (id) => {
        const player = await players.named(id);
        return player && { body: withToken(player, await accounts.reissueGuest(id)), location: location(id) };
      },
      keeping: { keep: ({ playerId, name }) => ({ playerId, name }), restore: async (player) => withToken(player, await accounts.reissueGuest(player.playerId)) },
    });
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
    return eventStream(c, timing.heartbeatMs, players.feed(player.playerId, after, clientOf(c)), opened, log);
  });

  operation(api, findPlayers, async (c) => {
    const { name, limit = 20, cursor } = c.req.valid('query');
    return respond(c, await players.find({ name, limit, cursor }), 200);
  });

  // The lobby's list: each bot online with its ratings and the seeks it keeps waiting.
  operation(api, botsOnline, async (c) => {
    const bots = await accounts.botsOnline();
    const ids = bots.map((b) => b.playerId);
    const [rated, waiting] = await Promise.all([Promise.all(ids.map((id) => ratings.ratingsOf(id))), seeks.waitingOf(ids)]);
    const items = bots.map((b, i) => {
      const offered = waiting.get(b.playerId) ?? [];
      return { ...b, bot: true as const, ratings: rated[i] ?? {}, variants: VARIANTS.filter((v) => offered.some((s) => s.variant === v)), seeks: offered };
    });
    return respond(c, { items }, 200);
  });

  operation(api, getPlayer, async (c) => {
    const { playerId } = c.req.valid('param');
    const profile = await players.profile(playerId);
    const [username, rated] = await Promise.all([accounts.usernameOf(playerId), ratings.ratingsOf(playerId)]);
    return respond(c, { ...profile, username, ratings: rated }, 200);
  });

  return api;
}
