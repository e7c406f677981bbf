// The house bots' process (started by start.ts): each bot holds its player stream open (so it is
// listed online), keeps a rated seek waiting in every variant, takes every challenge and plays
// every game it is given, several at once (src/bots/seek-bot.ts): a ladder game (ladder.ts) is such
// a challenge, from another house bot, and a tournament's game (gameStart: the creator entered the
// bot, POST /v1/tournaments/{id}/house-bots) is played the same way. It ends with its parent.
import { VARIANTS } from '../engine/index.ts';
import { runSeekBot } from '../bots/seek-bot.ts';
import { HOUSE_TURN_SECONDS } from './levels.ts';
import type { HouseOrders } from './start.ts';

export async function runHouseChild(): Promise<void> {
  const orders = await new Promise<HouseOrders>((resolve) => process.once('message', (m) => resolve(m as HouseOrders)));
  const stop = new AbortController();
  process.once('disconnect', () => stop.abort());
  process.once('SIGTERM', () => stop.abort());
  process.once('SIGINT', () => stop.abort());
  const [first, ...rest] = VARIANTS.map((variant) => ({ variant, rated: true, turnSeconds: HOUSE_TURN_SECONDS }));
  if (!first) return;
  await Promise.all(
    orders.bots.map((bot) =>
      runSeekBot({
        server: orders.url,
        token: bot.token,
        strategy: bot.strategy,
        thinkMs: bot.thinkMs,
        seek: first,
        moreSeeks: rest,
        concurrent: true,
        acceptChallenges: true,
        signal: stop.signal,
        // What went wrong only: not each seek made, nor each game finished, nor a challenge of the
        // stream's history taken again (409: it sits there already, or the game is gone).
        log: (line) => {
          if (process.env.HOUSE_DEBUG || !/^seek [\w-]+: (waiting|paired)|finished: |^join (game|match) [\w-]+: .*: 409 /.test(line)) process.stderr.write(`house bot ${bot.level}: ${line}\n`);
        },
      }),
    ),
  );
}
