// The examples of the tournaments' operations, made by their own read model: Anna's Swiss event of
// three rounds, in round 1, Anna and Bert paired.
import { ANNA, BERT, EXAMPLE_NAMES } from '../accounts/index.ts';
import { DEFAULT_CONFIG } from '../engine/index.ts';
import type { TournamentEvent } from './events.ts';
import { namedStandings, tournamentGameView, tournamentSummary, tournamentView, type PairingRow, type TournamentRow } from './view.ts';

const T0 = Date.parse('2026-12-06T18:00:00.000Z');

const swiss: TournamentRow = {
  id: '5c1e9a7b-3d2f-4b8e-9a6c-7f0d2e4b8a13',
  name: 'Nikolausturnier',
  system: 'swiss',
  status: 'running',
  config: DEFAULT_CONFIG,
  turnSeconds: 60,
  rated: true,
  bots: 'allow',
  maxPlayers: 32,
  minutes: null,
  rounds: 3,
  gamesPerRound: 2,
  round: 1,
  createdBy: ANNA.playerId,
  startsAt: new Date(T0),
  endsAt: null,
  version: 3,
  endedEarly: null,
  standings: null,
  createdAt: new Date(T0 - 86_400_000),
  finishedAt: null,
  nextAt: new Date(T0 + 60_000),
  createdFrom: null,
};

const pairing: PairingRow = {
  id: '9e4b2c7a-1f3d-4a8e-b6c5-3d7f0a2e9b41',
  tournamentId: swiss.id,
  round: 1,
  firstPlayerId: ANNA.playerId,
  secondPlayerId: BERT.playerId,
  gameId: '3a6e9c1f-7b2d-4f8a-a5c3-1e9d7b5f3a20',
  matchId: '7f3b1d9e-2c4a-4e6b-8d0f-5a1c3e7b9d24',
  firstPoints: null,
  secondPoints: null,
  winner: null,
  passedIn: false,
  createdAt: new Date(T0),
  endedAt: null,
};

const standings = namedStandings(
  [
    { rank: 1, playerId: ANNA.playerId, score: 0, games: 0, tiebreaks: { buchholz: 0, sonnebornBerger: 0 }, withdrawn: false },
    { rank: 2, playerId: BERT.playerId, score: 0, games: 0, tiebreaks: { buchholz: 0, sonnebornBerger: 0 }, withdrawn: false },
  ],
  EXAMPLE_NAMES,
);

const running = tournamentView(swiss, 2, EXAMPLE_NAMES, { rows: standings, nextCursor: null }, [pairing]);
const upcoming = { ...swiss, status: 'upcoming' as const, round: 0, version: 0 };

const log: TournamentEvent[] = [
  { type: 'join', entrant: { playerId: ANNA.playerId, name: ANNA.name, bot: false, rating: 1520 }, players: 1 },
  { type: 'join', entrant: { playerId: BERT.playerId, name: BERT.name, bot: false, rating: null }, players: 2 },
  { type: 'roundStart', round: 1 },
  { type: 'pairing', round: 1, pairings: running.pairings ?? [] },
  { type: 'standings', standings },
];

// Anna's arena, an hour from 18:00; Bert paused in it after a game (he won).
const arena: TournamentRow = { ...swiss, id: '2b7d4f1a-8c3e-4a9b-b5d6-0e2f7c9a4b38', name: 'Adventsarena', system: 'arena', rounds: null, gamesPerRound: null, minutes: 60, round: 1, endsAt: new Date(T0 + 3_600_000) };
const arenaStandings = namedStandings(
  [
    { rank: 1, playerId: BERT.playerId, score: 2, games: 1, tiebreaks: { sheetPoints: 64 }, withdrawn: false },
    { rank: 2, playerId: ANNA.playerId, score: 0, games: 1, tiebreaks: { sheetPoints: 56 }, withdrawn: false },
  ],
  EXAMPLE_NAMES,
);
const paused = tournamentView(arena, 2, EXAMPLE_NAMES, { rows: arenaStandings, nextCursor: null }, [], { paused: [BERT.playerId], you: { paused: true, restUntil: '2026-12-06T18:04:08.000Z' } });

export const tournamentExamples = {
  create: {
    name: 'Nikolausturnier',
    system: 'swiss',
    variant: 'classic',
    turnSeconds: 60,
    rated: true,
    startsAt: '2026-12-06T18:00:00Z',
    rounds: 3,
    gamesPerRound: 2,
    maxPlayers: 32,
  },
  addHouseBots: { levels: ['greedy', 'pimc'] },
  created: tournamentView(upcoming, 0, EXAMPLE_NAMES, { rows: [], nextCursor: null }, []),
  running,
  paused,
  back: { ...paused, paused: [], you: { paused: false, restUntil: null } },
  page: { items: [tournamentSummary(upcoming, 0, EXAMPLE_NAMES)], nextCursor: null },
  games: {
    items: [tournamentGameView({ ...pairing, firstPoints: 72, secondPoints: 0, winner: ANNA.playerId, endedAt: new Date(T0 + 1_800_000) }, EXAMPLE_NAMES)],
    nextCursor: null,
  },
  stream: log.map((event, i) => `id: ${i + 1}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`).join(''),
};
