// The examples of the analysis's operations: the last cards of a classic game of Anna's (clubs),
// as the open lens analyses them.
import type { z } from '@hono/zod-openapi';
import type { AnalysisJobSchema, AnalysisSchema } from './schemas.ts';

const GAME_ID = '3a6e9c1f-7b2d-4f8a-a5c3-1e9d7b5f3a20';

const done: z.infer<typeof AnalysisSchema> = {
  gameId: GAME_ID,
  lens: 'open',
  status: 'done',
  progress: 1,
  game: 'clubs',
  declarer: 'forehand',
  value: 64,
  decisions: [{ seq: 9, seat: 'forehand', move: { type: 'declare', game: 'clubs' }, value: 64 }],
  plies: [
    { seq: 11, seat: 'forehand', card: 'CJ', value: 64, best: ['CJ', 'SJ'], bestValue: 64, loss: 0, mistake: false },
    { seq: 12, seat: 'dealer', card: 'HA', value: 75, best: ['C7'], bestValue: 64, loss: 11, mistake: false },
    { seq: 15, seat: 'forehand', card: 'DT', value: 58, best: ['CA'], bestValue: 75, loss: 17, mistake: true },
  ],
  players: {
    forehand: { cards: 16, costly: 1, mistakes: 1, loss: 17 },
    dealer: { cards: 16, costly: 1, mistakes: 0, loss: 11 },
  },
  samples: null,
  requestedAt: '2026-11-30T18:20:00.000Z',
  completedAt: '2026-11-30T18:20:01.400Z',
};

const queued: z.infer<typeof AnalysisJobSchema> = { gameId: GAME_ID, lens: 'open', status: 'queued', progress: 0 };

export const analysisExamples = { done, queued };
