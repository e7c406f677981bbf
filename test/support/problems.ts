// Helpers for the HTTP error, race and log suites: problem+json checks, game snapshots, and
// driving a game through the moves its views offer until a wanted situation comes up.
import { expect } from 'vitest';
import type request from 'supertest';
import type { Client, TestPlayer } from './service.ts';

type Http = ReturnType<typeof request>;
type Res = { status: number; headers: Record<string, string>; body: any; text: string };

/** An RFC 9457 answer with the given status and code, and every member the contract names. */
export function expectProblem(res: Res, status: number, code: string) {
  const where = `${status} ${code} expected, got ${res.status} ${res.text?.slice(0, 300)}`;
  expect(res.status, where).toBe(status);
  expect(res.headers['content-type'], where).toMatch(/^application\/problem\+json/);
  const body = res.body && Object.keys(res.body).length > 0 ? res.body : JSON.parse(res.text);
  expect(body, where).toMatchObject({ status, code });
  expect(typeof body.type).toBe('string');
  expect(body.type.length).toBeGreaterThan(0);
  expect(typeof body.title).toBe('string');
  expect(body.title.length).toBeGreaterThan(0);
  expect(typeof body.detail).toBe('string');
  expect(body.detail.length).toBeGreaterThan(0);
  if (status === 401) expect(res.headers['www-authenticate']).toMatch(/^Bearer\b/);
  if (status === 503) expect(res.headers['retry-after'], where).toMatch(/^\d+$/);
  return body;
}

/** Everything a client can see of a game, as `p` (or a spectator): the view and the whole log. */
export async function snapshot(http: Http, gameId: string, p?: TestPlayer) {
  const v = http.get(`/v1/games/${gameId}`);
  const e = http.get(`/v1/games/${gameId}/events`);
  const [view, events] = await Promise.all(p ? [v.set(p.auth), e.set(p.auth)] : [v, e]);
  expect(view.status).toBe(200);
  expect(events.status).toBe(200);
  return { version: view.body.version as number, view: view.body, events: events.body };
}

/** The cards a seat's own view shows it may hold: open stack cards and the hand. */
export function ownCards(view: any): string[] {
  const mine = view.table[view.you];
  const open = mine.stacks.map((s: { open: string | null }) => s.open).filter((c: string | null): c is string => c !== null);
  return [...open, ...(Array.isArray(mine.hand) ? mine.hand : [])];
}

/**
 * Plays the moves the views offer (chosen by `pick`) until `wanted` holds for the view of the
 * seat to move; returns that view, or null when the game ended first.
 */
export async function playUntil(
  client: Client,
  gameId: string,
  bySeat: Record<string, TestPlayer>,
  pick: (n: number) => number,
  wanted: (view: any) => boolean,
) {
  for (;;) {
    const spectator = (await client.view(gameId).expect(200)).body;
    if (spectator.status === 'finished') return null;
    const seat = spectator.toMove as string;
    const mine = (await client.view(gameId, bySeat[seat]).expect(200)).body;
    if (wanted(mine)) return mine;
    const move = mine.legalMoves[pick(mine.legalMoves.length)];
    const res = await client.move(gameId, bySeat[seat], move, { expectedVersion: mine.version });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
}
