// The examples of rated play's operations: Anna's rating in the classic variant after three rated
// games, its history, a leaderboard and the event a rated game's end sends.
import { ANNA, BERT, exampleAt as at } from '../accounts/index.ts';

const RATED_GAMES = ['3f5b7d9e-1a2c-4e6f-8b0d-2c4e6a8b0d21', '4a6c8e0b-2d4f-4a6c-9e1b-3d5f7a9c1e32', '5b7d9f1c-3e5a-4b7d-8f2c-4e6a8b0d2f43'];
const RATING_POINTS = [
  { rating: 1662.3, rd: 290.3, volatility: 0.059999 },
  { rating: 1583.9, rd: 249.8, volatility: 0.059998 },
  { rating: 1679.4, rd: 222.9, volatility: 0.059998 },
];
const ratingHistoryExample = {
  items: RATED_GAMES.map((gameId, i) => ({ gameId, at: at(1000 + 600 * i).toISOString(), ...RATING_POINTS[i] })),
};
export const annasRatings = { classic: { ...RATING_POINTS[2], games: 3, provisional: true } };

export const ratingExamples = {
  history: ratingHistoryExample,
  leaderboard: {
    items: [
      { rank: 1, playerId: BERT.playerId, name: BERT.name, bot: false, rating: 1873.5, rd: 64.2, games: 212 },
      { rank: 2, playerId: ANNA.playerId, name: ANNA.name, bot: false, rating: 1702.1, rd: 58.9, games: 340 },
    ],
    nextCursor: null,
  },
  ratingChanged: {
    type: 'ratingChanged' as const,
    gameId: RATED_GAMES[2],
    variant: 'classic' as const,
    before: 1584,
    after: 1679,
    rd: 222.9,
    games: 3,
    provisional: true,
  },
};
