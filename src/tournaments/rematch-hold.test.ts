// The hold on back-to-back rematches: who is held, until when, and the arena's step around it.
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../engine/index.ts';
import { type ArenaWaiter, pairArenaWave } from './arena-pairing.ts';
import { heldRematches, holdEnds, rematchHoldMs } from './rematch-hold.ts';
import { decideStep, type Snapshot } from './step.ts';
import type { PairingRow, TournamentRow } from './view.ts';

const NOW = new Date('2026-12-07T12:00:00.000Z');
const REST = 8000;
const HOLD = rematchHoldMs(REST);
const ago = (ms: number) => new Date(NOW.getTime() - ms);
let drawn = 0;
const draw = () => ({ id: `id-${++drawn}`, serverSeed: (drawn % 16).toString(16).repeat(64) });

const waiter = (playerId: string, lastOpponent: string | null): ArenaWaiter => ({ playerId, score: 0, rating: 1500, lastOpponent });
/** Anna and Bert just played each other. */
const annaBert = [waiter('anna', 'bert'), waiter('bert', 'anna')];
const pair = { first: 'anna', second: 'bert' };

describe('the hold', () => {
  it('is the rest again: it ends the rest and the hold after the end of the last game', () => {
    const ended = ago(REST + 1000);
    const ends = holdEnds([{ firstPlayerId: 'anna', secondPlayerId: 'bert', endedAt: ended }], REST);
    expect(ends.get('anna')).toEqual(new Date(ended.getTime() + REST + HOLD));
    expect(ends.get('bert')).toEqual(ends.get('anna'));
    // No rest, no hold.
    expect(holdEnds([{ firstPlayerId: 'anna', secondPlayerId: 'bert', endedAt: ended }], 0).size).toBe(0);
  });

  it('holds a back-to-back rematch while another entrant is coming and the hold runs', () => {
    const ends = new Map([['anna', new Date(NOW.getTime() + 1)], ['bert', new Date(NOW.getTime() + 1)]]);
    expect(heldRematches([pair], annaBert, ends, new Set(['cara']), NOW)).toEqual([pair]);
    // The hold over: paired.
    const over = new Map([['anna', NOW], ['bert', NOW]]);
    expect(heldRematches([pair], annaBert, over, new Set(['cara']), NOW)).toEqual([]);
    // Nobody else coming: paired at once.
    expect(heldRematches([pair], annaBert, ends, new Set(), NOW)).toEqual([]);
  });

  it('holds only two whose last opponents are each other', () => {
    const ends = new Map([['anna', new Date(NOW.getTime() + 1)], ['bert', new Date(NOW.getTime() + 1)]]);
    // Bert played Cara since: not back to back for him.
    expect(heldRematches([pair], [waiter('anna', 'bert'), waiter('bert', 'cara')], ends, new Set(['cara']), NOW)).toEqual([]);
    expect(heldRematches([pair], [waiter('anna', null), waiter('bert', null)], ends, new Set(['cara']), NOW)).toEqual([]);
  });

  it('keeps a held pair apart in the wave, so a third free player meets one of them', () => {
    // Equal scores pair Anna and Bert; the leader waits. Held apart, the leader plays one of them.
    const players = [{ ...waiter('leader', null), score: 30 }, waiter('anna', null), waiter('bert', null)];
    expect(pairArenaWave(players)).toEqual([pair]);
    const apart = pairArenaWave(players, { botsMeet: false, apart: [pair] });
    expect(apart).toHaveLength(1);
    expect(apart[0].first).toBe('leader');
    // Only the two: held apart, nobody is paired.
    expect(pairArenaWave(annaBert, { botsMeet: false, apart: [pair] })).toEqual([]);
  });
});

const arena: TournamentRow = {
  id: 'arena',
  name: 'Adventsarena',
  system: 'arena',
  status: 'running',
  config: DEFAULT_CONFIG,
  turnSeconds: 60,
  rated: false,
  bots: 'allow',
  maxPlayers: 32,
  minutes: 60,
  rounds: null,
  gamesPerRound: null,
  round: 2,
  createdBy: 'anna',
  startsAt: ago(600_000),
  endsAt: new Date(NOW.getTime() + 3_000_000),
  version: 0,
  endedEarly: null,
  standings: null,
  createdAt: ago(86_400_000),
  finishedAt: null,
  nextAt: NOW,
  createdFrom: null,
};

const pairing = (id: string, first: string, second: string, endedAt: Date | null, round: number): PairingRow => ({
  id,
  tournamentId: 'arena',
  round,
  firstPlayerId: first,
  secondPlayerId: second,
  gameId: `g-${id}`,
  matchId: null,
  firstPoints: endedAt ? 61 : null,
  secondPoints: endedAt ? 59 : null,
  winner: endedAt ? first : null,
  passedIn: false,
  createdAt: ago(600_000 - round),
  endedAt,
});

/** Anna and Bert's game ended REST + `freeFor` ago; Cara and Dora's is `other` (still played: null). */
function snapshot(freeFor: number, other: Date | null, over: Partial<Snapshot> = {}): Snapshot {
  const players = ['anna', 'bert', 'cara', 'dora'];
  const pairings = [pairing('p1', 'anna', 'bert', ago(REST + freeFor), 1), pairing('p2', 'cara', 'dora', other, 2)];
  return {
    tournament: arena,
    entrants: players.map((playerId) => ({ playerId, withdrawn: false, timeouts: 0, deleted: false, paused: false })),
    pairings,
    playing: other === null ? new Map([['p2', { over: false, games: [] }]]) : new Map(),
    free: players,
    ratings: new Map(),
    busyElsewhere: [],
    arenaClosed: false,
    names: new Map(players.map((id) => [id, { name: id, bot: false }])),
    restMs: REST,
    ...over,
  };
}
const paired = (step: ReturnType<typeof decideStep>) => step?.pairings.map((p) => [p.row.firstPlayerId, p.row.secondPlayerId].sort()) ?? [];

describe("an arena's step with a back-to-back rematch", () => {
  it('holds it while the others play, until the hold ends; then pairs it', () => {
    expect(decideStep(snapshot(1000, null), NOW, draw)).toBeNull();
    expect(decideStep(snapshot(HOLD - 1, null), NOW, draw)).toBeNull();
    expect(paired(decideStep(snapshot(HOLD, null), NOW, draw))).toEqual([['anna', 'bert']]);
  });

  it('holds it while the others rest, and pairs across once they are free', () => {
    expect(decideStep(snapshot(1000, ago(REST / 2)), NOW, draw)).toBeNull();
    expect(paired(decideStep(snapshot(1000, ago(REST)), NOW, draw))).toHaveLength(2);
    expect(paired(decideStep(snapshot(1000, ago(REST)), NOW, draw))).not.toContainEqual(['anna', 'bert']);
  });

  it('pairs it at once when nobody else is coming: the others paused, withdrawn, or resting away', () => {
    const others = (e: Snapshot['entrants'][number], change: object) => (['cara', 'dora'].includes(e.playerId) ? { ...e, ...change } : e);
    const s = snapshot(1000, ago(REST / 2));
    expect(paired(decideStep({ ...s, entrants: s.entrants.map((e) => others(e, { paused: true })) }, NOW, draw))).toEqual([['anna', 'bert']]);
    expect(paired(decideStep({ ...s, entrants: s.entrants.map((e) => others(e, { withdrawn: true })) }, NOW, draw))).toEqual([['anna', 'bert']]);
    expect(paired(decideStep({ ...s, free: ['anna', 'bert'] }, NOW, draw))).toEqual([['anna', 'bert']]);
  });

  it('holds nobody in an arena without a rest', () => {
    const s = snapshot(1000, null, { restMs: 0 });
    expect(paired(decideStep(s, NOW, draw))).toEqual([['anna', 'bert']]);
  });
});
