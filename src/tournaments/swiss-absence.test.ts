// A Swiss round never waits on a game outside the event: a present player in a game of another
// tournament when the round is paired is absent from it (no pairing, no bye: 0 for the round),
// and the others are paired. Only when the free players alone cannot make a round does it wait.
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../engine/index.ts';
import { decideStep, type Snapshot } from './step.ts';
import type { TournamentRow } from './view.ts';

const NOW = new Date('2026-12-07T12:00:00.000Z');
let drawn = 0;
const draw = () => ({ id: `id-${++drawn}`, serverSeed: (drawn % 16).toString(16).repeat(64) });

const swiss: TournamentRow = {
  id: 'swiss',
  name: 'Nikolausturnier',
  system: 'swiss',
  status: 'running',
  config: DEFAULT_CONFIG,
  turnSeconds: 60,
  rated: false,
  bots: 'allow',
  maxPlayers: 32,
  minutes: null,
  rounds: 3,
  gamesPerRound: 1,
  round: 0,
  createdBy: 'anna',
  startsAt: new Date(NOW.getTime() - 60_000),
  endsAt: null,
  version: 0,
  endedEarly: null,
  standings: null,
  createdAt: new Date(NOW.getTime() - 86_400_000),
  finishedAt: null,
  nextAt: NOW,
  createdFrom: null,
};

function snapshot(players: string[], busyElsewhere: string[]): Snapshot {
  return {
    tournament: swiss,
    entrants: players.map((playerId) => ({ playerId, withdrawn: false, timeouts: 0, deleted: false, paused: false })),
    pairings: [],
    playing: new Map(),
    free: [],
    ratings: new Map(),
    busyElsewhere,
    arenaClosed: false,
    names: new Map(players.map((id) => [id, { name: id, bot: false }])),
    restMs: 0,
  };
}

const seated = (step: NonNullable<ReturnType<typeof decideStep>>) => step.pairings.flatMap((p) => [p.row.firstPlayerId, p.row.secondPlayerId]).filter((id) => id !== null);

describe('a Swiss round with a player in a game of another tournament', () => {
  it('is paired on time without that player: no pairing and no bye for it, the other four in two matches', () => {
    const step = decideStep(snapshot(['anna', 'bert', 'cara', 'dora', 'emil'], ['anna']), NOW, draw);
    expect(step?.tournament.round).toBe(1);
    expect(step?.pairings).toHaveLength(2);
    expect(step?.pairings.every((p) => p.match && p.row.secondPlayerId !== null)).toBe(true);
    expect(new Set(seated(step!))).toEqual(new Set(['bert', 'cara', 'dora', 'emil']));
    expect(step?.events.map((e) => e.type)).toEqual(['roundStart', 'pairing']);
  });

  it('gives the bye among the free players only, when they are odd', () => {
    const step = decideStep(snapshot(['anna', 'bert', 'cara', 'dora'], ['anna']), NOW, draw);
    const bye = step?.pairings.filter((p) => p.row.secondPlayerId === null) ?? [];
    expect(bye).toHaveLength(1);
    expect(bye[0].row.firstPlayerId).not.toBe('anna');
    expect(seated(step!)).not.toContain('anna');
  });

  it('waits, writing nothing, when fewer than two players are free; pairs everyone once they are', () => {
    expect(decideStep(snapshot(['anna', 'bert'], ['anna']), NOW, draw)).toBeNull();
    const step = decideStep(snapshot(['anna', 'bert'], []), NOW, draw);
    expect(new Set(seated(step!))).toEqual(new Set(['anna', 'bert']));
  });
});
