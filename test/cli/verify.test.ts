// The record verifier: records of games played over HTTP verify; every kind of tampering is
// caught with a message naming what is wrong; the CLI's exit codes.
import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBots } from '../../src/cli/bot-runner.ts';
import { parseRecord, verifyRecord, type GameRecord } from '../../src/record/index.ts';
import type { Card } from '../../src/engine/index.ts';
import { testClock } from '../support/matches.ts';
import { Client, rng, startTestService, type TestService } from '../support/service.ts';

let service: TestService;
const records: Record<string, GameRecord[]> = {};
/** Games given up over HTTP: resigned mid-trick, out of time at the re decision, resigned in bidding. */
const givenUp: Record<'classicResigned' | 'halfOpenTimedOut' | 'biddingResigned', GameRecord> = {} as never;
const clock = testClock();
/** Practice deals: the games given up are the same on every run. */
const SEED = 'ab'.repeat(32);

async function recordOf(gameId: string): Promise<GameRecord> {
  const res = await service.http.get(`/v1/games/${gameId}/record`).expect(200);
  return res.body;
}

/**
 * A started game played with random legal moves (but kontra whenever it may be said, and no
 * ramsch) until `stop` holds for the view of whoever is to move.
 */
async function playUntil(client: Client, body: Record<string, unknown>, stop: (view: { status: string; trick: unknown[]; trickNumber: number }) => boolean) {
  const g = await client.startedGame(body);
  const pick = rng(7);
  for (;;) {
    const { toMove } = (await client.view(g.gameId).expect(200)).body;
    const player = g.bySeat[toMove as 'forehand' | 'dealer'];
    const view = (await client.view(g.gameId, player).expect(200)).body;
    if (stop(view)) return { ...g, player };
    const moves = view.legalMoves.filter((m: { game?: string }) => m.game !== 'ramsch');
    const move = moves.find((m: { type: string }) => m.type === 'kontra') ?? moves[pick(moves.length)];
    await client.move(g.gameId, player, move).expect(200);
  }
}

beforeAll(async () => {
  service = await startTestService({ now: clock.now });
  // The three variants' bot runs at once.
  await Promise.all(
    (['classic', 'halfOpen', 'bidding'] as const).map(async (variant) => {
      const run = await runBots({ server: service.url, games: 3, concurrency: 3, strategy: 'greedy', opponent: 'random', variant, seed: 5 });
      expect(run.unexpected, run.samples.join('\n')).toBe(0);
      records[variant] = await Promise.all(run.gameIds.map(recordOf));
    }),
  );
  const client = new Client(service.http);
  // Classic: the player to lead trick 5 leads and resigns with its card on the table.
  const classic = await playUntil(client, { variant: 'classic', seed: SEED }, (v) => v.status === 'playing' && v.trickNumber === 5 && v.trick.length === 1);
  await client.move(classic.gameId, classic.player, { type: 'resign' }).expect(200);
  givenUp.classicResigned = await recordOf(classic.gameId);
  // halfOpen: forehand lets the deadline of its re decision pass (the dealer's hand not yet dealt).
  const halfOpen = await playUntil(client, { variant: 'halfOpen', turnSeconds: 30, seed: SEED }, (v) => v.status === 're');
  clock.advance(31);
  const other = halfOpen.player === halfOpen.forehand ? halfOpen.dealer : halfOpen.forehand;
  await service.http.post(`/v1/games/${halfOpen.gameId}/claim-timeout`).set(other.auth).expect(200);
  givenUp.halfOpenTimedOut = await recordOf(halfOpen.gameId);
  // Bidding: whoever is to move in the third trick resigns.
  const bidding = await playUntil(client, { variant: 'bidding', seed: SEED }, (v) => v.status === 'playing' && v.trickNumber === 3);
  await client.move(bidding.gameId, bidding.player, { type: 'resign' }).expect(200);
  givenUp.biddingResigned = await recordOf(bidding.gameId);
});
afterAll(async () => {
  await service?.close();
});

const clone = (r: GameRecord): GameRecord => structuredClone(r);
const indexOf = (r: GameRecord, pred: (e: GameRecord['events'][number]['event']) => boolean) => r.events.findIndex((e) => pred(e.event));
const problemsOf = (r: GameRecord) => {
  const v = verifyRecord(r);
  expect(v.ok).toBe(false);
  return v.problems.join('\n');
};

describe('records of games played over HTTP', () => {
  it('verify, in every variant, with a trick-by-trick account', () => {
    for (const [variant, list] of Object.entries(records)) {
      expect(list.length, variant).toBe(3);
      for (const r of list) {
        const v = verifyRecord(r);
        expect(v.problems, `${variant} ${r.id}`).toEqual([]);
        expect(v.ok).toBe(true);
        expect(v.passed.map((p) => p.split(':')[0])).toEqual(['seed', 'deal', 'moves', 'result']);
        const text = v.account.join('\n');
        expect(text).toMatch(/cuts at \d+/);
        expect(text).toMatch(/Result: /);
        if (!r.result!.passedIn) expect(text).toMatch(/trick +1: (forehand|dealer) [CSHD][789TJQKA], (forehand|dealer) [CSHD][789TJQKA]/);
      }
    }
  });
});

describe('records of games given up over HTTP', () => {
  it('verify: resigned with a trick in progress, timed out during the deal, resigned in bidding', () => {
    for (const [name, r] of Object.entries(givenUp)) {
      const v = verifyRecord(r);
      expect(v.problems, name).toEqual([]);
      expect(v.passed.map((p) => p.split(':')[0])).toEqual(['seed', 'deal', 'moves', 'result']);
    }
    const classic = givenUp.classicResigned;
    expect(classic.result).toMatchObject({ end: 'resigned', timedOut: null });
    expect(classic.result!.resigned).not.toBeNull();
    expect(verifyRecord(classic).account.join('\n')).toMatch(/resigns\.\n {2}unfinished trick: /);
    expect(givenUp.halfOpenTimedOut.result).toMatchObject({ end: 'timedOut', resigned: null });
    expect(givenUp.biddingResigned.result).toMatchObject({ end: 'resigned', timedOut: null });
    expect(verifyRecord(givenUp.halfOpenTimedOut).account.join('\n')).toMatch(/ran out of time\./);
    // Every card not yet taken went to one side: the card points add up to 120.
    for (const r of [classic, givenUp.halfOpenTimedOut]) expect(r.result!.declarerPoints + r.result!.defenderPoints).toBe(120);
  });
});

describe('tampering is caught', () => {
  const base = () => clone(records.classic[0]);

  it('a changed seed (the commitment no longer matches)', () => {
    const r = base();
    r.serverSeed = (r.serverSeed[0] === 'a' ? 'b' : 'a') + r.serverSeed.slice(1);
    expect(problemsOf(r)).toMatch(/^seed: SHA-256\(serverSeed\) is [0-9a-f]{64}, but the published seedCommitment is/m);
  });

  it('a changed commitment', () => {
    const r = base();
    r.seedCommitment = '0'.repeat(64);
    expect(problemsOf(r)).toMatch(/^seed: .* published seedCommitment is 0{64}/m);
  });

  it('a seed changed together with its commitment (the deal no longer matches)', async () => {
    const r = base();
    const { seedCommitment } = await import('../../src/engine/index.ts');
    r.serverSeed = 'f'.repeat(64);
    r.seedCommitment = seedCommitment(r.serverSeed);
    const problems = problemsOf(r);
    expect(problems).not.toMatch(/^seed:/m);
    expect(problems).toMatch(/^deal: event \d+ should deal deck positions/m);
  });

  it('a changed card in a dealt event', () => {
    const r = base();
    const i = indexOf(r, (e) => e.type === 'dealt' && e.to === 'open');
    const dealt = r.events[i].event as { cards: Card[] };
    const original = dealt.cards[0];
    dealt.cards[0] = original === 'CJ' ? 'SJ' : 'CJ';
    const problems = problemsOf(r);
    expect(problems).toMatch(new RegExp(`^deal: event ${i + 1} should deal deck positions \\d+–\\d+ \\(${original} `, 'm'));
  });

  it('a changed card in a played event', () => {
    const r = base();
    const i = indexOf(r, (e) => e.type === 'played');
    const played = r.events[i].event as { seat: string; card: Card };
    // A card the other seat plays later: never this seat's to play now.
    const later = r.events.slice(i + 1).find((e) => e.event.type === 'played' && (e.event as { seat: string }).seat !== played.seat);
    played.card = (later!.event as { card: Card }).card;
    expect(problemsOf(r)).toMatch(new RegExp(`^moves: event ${i + 1}: `, 'm'));
  });

  it('two moves in swapped order', () => {
    const r = base();
    const i = indexOf(r, (e) => e.type === 'played');
    // The lead and the answer of the first trick change places.
    [r.events[i].event, r.events[i + 1].event] = [r.events[i + 1].event, r.events[i].event];
    expect(problemsOf(r)).toMatch(new RegExp(`^moves: event ${i + 1}: \\w+ \\{"type":"play".*NOT_YOUR_TURN`, 'm'));
  });

  it('a wrong score in the result', () => {
    const r = base();
    r.result!.scores.forehand += 1;
    expect(problemsOf(r)).toMatch(/^result: replaying gives .* the record says/m);
  });

  it('a wrong result in the final event too (the move no longer causes it)', () => {
    const r = base();
    const last = r.events.at(-1)!.event as { type: string; result: { declarerPoints: number } };
    expect(last.type).toBe('finished');
    last.result.declarerPoints += 1;
    expect(problemsOf(r)).toMatch(/^moves: .* causes \{"type":"finished".* but the record has/m);
  });

  it('a missing event, a different cut, another player, a malformed record', () => {
    const dropped = base();
    const i = indexOf(dropped, (e) => e.type === 'turned');
    dropped.events.splice(i, 1);
    dropped.events.forEach((e, k) => (e.seq = k + 1));
    expect(problemsOf(dropped)).toMatch(/^moves: /m);

    const cut = base();
    cut.cut = cut.cut === 10 ? 11 : 10;
    expect(problemsOf(cut)).toMatch(/^cut: the record says/m);

    const player = base();
    player.players.dealer = { playerId: '00000000-0000-0000-0000-000000000000', name: 'Mallory' };
    expect(problemsOf(player)).toMatch(/^players: event \d+ seats .* as dealer/m);

    expect(verifyRecord({ ...base(), events: 'nope' } as never).problems).toEqual(['malformed record: events: expected an array']);
    expect(() => parseRecord('{')).toThrow(/not valid JSON/);
  });
});

describe('npm run verify', () => {
  const run = promisify(execFile);
  const cli = (args: string[]) =>
    run(process.execPath, ['--import', 'tsx', 'src/cli/verify.ts', ...args], { cwd: join(import.meta.dirname, '../..') }).then(
      (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
    );

  it('verifies a record file and a record fetched from a server; exits 1 on a tampered one', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'verify-'));
    const good = join(dir, 'good.json');
    const bad = join(dir, 'bad.json');
    const r = records.bidding[0];
    await writeFile(good, JSON.stringify(r));
    const tampered = clone(r);
    tampered.result!.scores.dealer -= 5;
    await writeFile(bad, JSON.stringify(tampered));

    const resigned = join(dir, 'resigned.json');
    await writeFile(resigned, JSON.stringify(givenUp.classicResigned));

    const [ok, fetched, failed, usage, gaveUp] = await Promise.all([
      cli([good]),
      cli(['--server', service.url, '--game', records.classic[1].id, '--quiet']),
      cli([bad]),
      cli([]),
      cli([resigned]),
    ]);
    expect(gaveUp.code, gaveUp.stderr).toBe(0);
    expect(gaveUp.stdout).toMatch(/resigns\./);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/trick +1: /);
    expect(ok.stdout).toMatch(/verified\n$/);
    expect(fetched.code, fetched.stderr).toBe(0);
    expect(fetched.stdout).not.toMatch(/trick +1: /);
    expect(fetched.stdout).toMatch(/^ok +seed: /m);
    expect(failed.code).toBe(1);
    expect(failed.stdout).toMatch(/^FAIL +result: /m);
    expect(usage.code).toBe(2);
  });
});
