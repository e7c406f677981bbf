// Helpers for the tournament suites: accounts (people and bots), a tournament made through the
// API, its games ended fast (the first player of each pairing resigns the game being played), the
// lists read whole, and its export read line by line.
import type request from 'supertest';
import type { TestPlayer } from './service.ts';
import { ndjsonLines } from './ndjson.ts';

let accounts = 0;

/** A fresh account (a bot account with `bot`). */
export async function account(http: ReturnType<typeof request>, name: string, bot = false): Promise<TestPlayer> {
  const username = `${name.toLowerCase()}${process.pid}x${accounts++}`;
  const res = await http.post('/v1/accounts').send({ username, password: 'correct horse battery staple', bot }).expect(201);
  return { ...res.body, name, auth: { Authorization: `Bearer ${res.body.token}` } };
}

/** Options of a tournament starting now (the director starts it on its next tick). */
export const startingNow = (over: Record<string, unknown> = {}) => ({
  name: 'Testturnier',
  system: 'swiss',
  variant: 'classic',
  turnSeconds: 60,
  startsAt: new Date().toISOString(),
  ...over,
});

/** Options of a tournament a day ahead. */
export const tomorrow = (over: Record<string, unknown> = {}) => startingNow({ startsAt: new Date(Date.now() + 86_400_000).toISOString(), ...over });

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `look` until it answers something, at most `ms`. */
export async function until<T>(look: () => Promise<T | null | undefined | false>, ms = 20_000, what = 'the condition'): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const got = await look();
    if (got) return got;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

interface Pairing {
  first: string;
  second: string | null;
  gameId: string | null;
  matchId: string | null;
  finished: boolean;
}

/**
 * Ends the games being played in `pairings`: in each, `loser(pairing)` resigns the game being
 * played (a match's current game). Returns how many it resigned.
 */
export async function resignRunning(http: ReturnType<typeof request>, pairings: readonly Pairing[], players: ReadonlyMap<string, TestPlayer>, loser: (p: Pairing) => string = (p) => p.first): Promise<number> {
  let n = 0;
  for (const p of pairings) {
    if (p.finished || !p.second) continue;
    let gameId = p.gameId;
    if (p.matchId) gameId = (await http.get(`/v1/matches/${p.matchId}`).expect(200)).body.currentGameId;
    if (!gameId) continue;
    const res = await http.post(`/v1/games/${gameId}/moves`).set(players.get(loser(p))!.auth).send({ move: { type: 'resign' } });
    if (res.status === 200) n++;
  }
  return n;
}

/** The tournament's export (GET /v1/tournaments/{id}/games/export): each line parsed; the answer must be 200 ndjson, every line whole. */
export async function exportedRecords(http: ReturnType<typeof request>, tournamentId: string): Promise<any[]> {
  return ndjsonLines(http.get(`/v1/tournaments/${tournamentId}/games/export`)) as Promise<any[]>;
}

/** The tournaments of the list with `status`, page by page: each one's id and creator. */
export async function listed(http: ReturnType<typeof request>, status: 'upcoming' | 'running' | 'finished'): Promise<Array<{ id: string; createdBy: string }>> {
  const all: Array<{ id: string; createdBy: string }> = [];
  let cursor: string | null = null;
  do {
    const page: { body: { items: Array<{ id: string; createdBy: { playerId: string } }>; nextCursor: string | null } } = await http.get(`/v1/tournaments?status=${status}&limit=100${cursor ? `&cursor=${cursor}` : ''}`).expect(200);
    all.push(...page.body.items.map((t) => ({ id: t.id, createdBy: t.createdBy.playerId })));
    cursor = page.body.nextCursor;
  } while (cursor);
  return all;
}
