// The examples of the pairing pool's operations, made by its own read model: Anna's seek waits,
// Bert's compatible one is paired with it at once.
import { DEFAULT_CONFIG } from '../engine/index.ts';
import type { PoolRow } from './store.ts';
import { seekView } from './view.ts';
import { ANNA, BERT } from '../accounts/index.ts';

const T0 = Date.parse('2026-11-30T18:00:00.000Z');
const GAME_ID = '3a6e9c1f-7b2d-4f8a-a5c3-1e9d7b5f3a20';

const annas: PoolRow = {
  id: '6f2b8d4a-1c3e-4a7f-9b5d-2e8c4a6f1d93',
  playerId: ANNA.playerId,
  name: ANNA.name,
  bot: false,
  pool: '',
  config: DEFAULT_CONFIG,
  turnSeconds: 60,
  rated: false,
  games: 1,
  rating: 1500,
  ratingMin: 1300,
  ratingMax: 1800,
  whileConnected: true,
  status: 'waiting',
  gameId: null,
  matchId: null,
  createdAt: new Date(T0),
  expiresAt: new Date(T0 + 15 * 60_000),
  endedAt: null,
};
const paired = new Date(T0 + 20_000);
const berts: PoolRow = {
  ...annas,
  id: 'b7d1e5a9-3f2c-4e8b-8a6d-5c0f9e3b7a14',
  playerId: BERT.playerId,
  name: BERT.name,
  ratingMin: null,
  ratingMax: null,
  whileConnected: false,
  status: 'paired',
  gameId: GAME_ID,
  createdAt: paired,
  expiresAt: new Date(paired.getTime() + 15 * 60_000),
  endedAt: paired,
};

/** A bot's standing rated seek (the house bots keep one in every variant). */
const houseBots: PoolRow = {
  ...annas,
  id: 'c4a8e2f6-9d1b-4c7e-8f3a-6b2d0e9c5a71',
  playerId: '8e3c1a5f-2b7d-4e9a-b6c4-0d5f7a3e1b82',
  name: 'Computer (easy)',
  bot: true,
  rated: true,
  ratingMin: null,
  ratingMax: null,
  rating: 1512,
};

export const seekExamples = {
  create: { variant: 'classic', turnSeconds: 60, ratingRange: [1300, 1800], whileConnected: true },
  waiting: seekView(annas),
  paired: seekView(berts),
  pool: { items: [seekView(annas)], nextCursor: null },
  houseBot: seekView(houseBots),
};
