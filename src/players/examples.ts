// The examples of the players' operations: Anna's profile and waiting list, Bert's own stream.
import { accountExamples, ANNA } from '../accounts/index.ts';
import { bertsNotices, challengeSummary } from '../games/index.ts';
import { waitingMatchSummary } from '../matches/index.ts';
import { annasRatings } from '../ratings/index.ts';

export const playerExamples = {
  profile: { ...ANNA, bot: false, username: 'anna', ratings: annasRatings },
  me: accountExamples.me,
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
