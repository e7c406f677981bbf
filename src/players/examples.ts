// The examples of the players' operations: Anna's profile and waiting list, Bert's own stream.
import { accountExamples, ANNA } from '../accounts/index.ts';
import { bertsNotices, challengeSummary } from '../games/index.ts';
import { waitingMatchSummary } from '../matches/index.ts';
import { annasRatings } from '../ratings/index.ts';
import { seekExamples } from '../seeks/index.ts';

export const playerExamples = {
  profile: { ...ANNA, bot: false, username: 'anna', ratings: annasRatings },
  me: accountExamples.me,
  /** GET /v1/players?name=an */
  found: { items: [{ playerId: ANNA.playerId, name: ANNA.name, bot: false }], nextCursor: null },
  /** A house bot online with its standing rated seek. */
  botsOnline: {
    items: [
      {
        playerId: seekExamples.houseBot.player.playerId,
        name: seekExamples.houseBot.player.name,
        bot: true as const,
        houseLevel: 'greedy',
        ratings: { classic: { rating: 1512.4, rd: 96.1, volatility: 0.06, games: 41, provisional: false } },
        variants: [seekExamples.houseBot.variant],
        seeks: [seekExamples.houseBot],
      },
    ],
  },
  /** Anna's waiting games and matches: her challenge to Bert, her open match. */
  waiting: {
    entries: [
      { kind: 'game' as const, ...challengeSummary },
      { kind: 'match' as const, ...waitingMatchSummary },
    ],
    nextCursor: null,
  },
  /** Bert's own stream: Anna's challenge, and the game of the examples beginning and ending. */
  stream: bertsNotices.map(({ event }, i) => `id: ${i + 1}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`).join(''),
};
