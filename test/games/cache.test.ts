// The per-process game cache (src/games/cache.ts), one suite. On its own: which copy may be
// taken for current, which for a long poll's answer, what a racing announcement, an eviction or a
// reset does to a read in flight. Through HTTP: a stale copy never makes a legal move fail nor
// changes a refusal; caching changes nothing a client can see; a long poll waiting on a copy
// catches a write that was never announced; announcements are coalesced across processes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/platform/db/client.ts';
import { GameStore } from '../../src/games/store.ts';
import { LocalNotifier, PgNotifier } from '../../src/platform/streams/notifier.ts';
import { decide, evolve, type Move } from '../../src/engine/index.ts';
import { GameCache } from '../../src/games/cache.ts';
import { gameOf, statusOf, type Game } from '../../src/games/game.ts';
import { createScratchDatabase, openTestDatabase, testDriver } from '../support/db.ts';
import { expectProblem, ownCards } from '../support/problems.ts';
import { Client, rng, startTestService, type TestPlayer, type TestService } from '../support/service.ts';


/** Just what the cache looks at: the row's id and version. */
const copy = (id: string, version: number): Game => ({ row: { id, version }, events: [], state: {} }) as unknown as Game;

/** A read through the cache that finds `game` in the database. */
async function read(cache: GameCache, game: Game): Promise<Game> {
  await cache.read(game.row.id, async () => game);
  return game;
}

/** A read whose answer comes when `settle` is called (a read in flight meanwhile). */
function readInFlight(cache: GameCache, game: Game) {
  let settle!: () => void;
  const done = cache.read(game.row.id, () => new Promise<Game>((resolve) => (settle = () => resolve(game))));
  return { settle: () => (settle(), done) };
}

describe('on its own', () => {
  describe('current', () => {
    it('knows nothing of a game never read', async () => {
      const cache = new GameCache(10);
      expect(cache.current('g')).toBeNull();
      expect(cache.after('g', 0)).toBeNull();
      expect(cache.size).toBe(0);
    });

    it('is the copy read, as long as nothing newer was announced', async () => {
      const cache = new GameCache(10);
      const game = await read(cache, copy('g', 3));
      expect(cache.current('g')).toBe(game);
      expect(cache.size).toBe(1);
      // Announcements of this version or older change nothing.
      cache.heard('g', 3);
      cache.heard('g', 1);
      expect(cache.current('g')).toBe(game);
    });

    it('is gone once a newer version is announced, until a copy of it is put', async () => {
      const cache = new GameCache(10);
      await read(cache, copy('g', 3));
      cache.heard('g', 4);
      expect(cache.current('g')).toBeNull();
      // An older announcement arriving late does not bring the old copy back.
      cache.heard('g', 2);
      expect(cache.current('g')).toBeNull();
      const newer = await read(cache, copy('g', 4));
      expect(cache.current('g')).toBe(newer);
    });

    it('is not made current by a copy still older than what was announced', async () => {
      const cache = new GameCache(10);
      await read(cache, copy('g', 3));
      cache.heard('g', 6);
      cache.written(copy('g', 5));
      expect(cache.current('g')).toBeNull();
      const latest = copy('g', 6);
      cache.written(latest);
      expect(cache.current('g')).toBe(latest);
    });

    it('ignores announcements of other games', async () => {
      const cache = new GameCache(10);
      const game = await read(cache, copy('g', 3));
      cache.heard('h', 9);
      cache.heard('match:g', 9);
      expect(cache.current('g')).toBe(game);
      expect(cache.current('h')).toBeNull();
      // Hearing of a game makes no entry for it.
      expect(cache.size).toBe(1);
    });
  });

  describe('after', () => {
    it('is a copy newer than the version asked for, whatever was announced since', async () => {
      const cache = new GameCache(10);
      const game = await read(cache, copy('g', 5));
      expect(cache.after('g', 4)).toBe(game);
      expect(cache.after('g', 0)).toBe(game);
      expect(cache.after('g', 5)).toBeNull();
      expect(cache.after('g', 6)).toBeNull();
      // A newer version announced: the copy is no longer current, yet still a committed state.
      cache.heard('g', 7);
      expect(cache.current('g')).toBeNull();
      expect(cache.after('g', 4)).toBe(game);
      expect(cache.after('g', 5)).toBeNull();
    });

    it('has nothing while the first read is in flight', async () => {
      const cache = new GameCache(10);
      const reading = readInFlight(cache, copy('g', 1));
      expect(cache.after('g', 0)).toBeNull();
      expect(cache.current('g')).toBeNull();
      await reading.settle();
    });
  });

  describe('a read racing an announcement', () => {
    it('is not taken for current when a newer version was announced during the read', async () => {
      const cache = new GameCache(10);
      const stale = copy('g', 4);
      await cache.read('g', async () => {
        // The read started; meanwhile another process commits version 5 and announces it.
        cache.heard('g', 5);
        return stale;
      });
      expect(cache.current('g')).toBeNull();
      // It is still a committed state for a long poll.
      expect(cache.after('g', 3)).toBe(stale);
      // The next read sees version 5 and is current.
      const fresh = await read(cache, copy('g', 5));
      expect(cache.current('g')).toBe(fresh);
    });

    it('keeps what was heard when a game already kept is read again', async () => {
      const cache = new GameCache(10);
      await read(cache, copy('g', 3));
      await cache.read('g', async () => {
        cache.heard('g', 4);
        return copy('g', 3);
      });
      expect(cache.current('g')).toBeNull();
    });

    it('does not make an outdated copy current again when the game is read once more', async () => {
      const cache = new GameCache(10);
      await read(cache, copy('g', 3));
      cache.heard('g', 4);
      // Another read starts (its answer not yet kept): the copy at 3 is still outdated.
      const reading = readInFlight(cache, copy('g', 4));
      expect(cache.current('g')).toBeNull();
      await reading.settle();
      expect(cache.current('g')?.row.version).toBe(4);
    });

    it('is current when the announcement was of the version read', async () => {
      const cache = new GameCache(10);
      const game = copy('g', 4);
      await cache.read('g', async () => {
        cache.heard('g', 4);
        return game;
      });
      expect(cache.current('g')).toBe(game);
    });
  });

  describe('written (a write of this process)', () => {
    it('ignores a copy older than the one kept', async () => {
      const cache = new GameCache(10);
      const newer = await read(cache, copy('g', 5));
      cache.written(copy('g', 3));
      expect(cache.current('g')).toBe(newer);
      expect(cache.after('g', 4)).toBe(newer);
    });

    it('keeps the first of two copies of one version', async () => {
      const cache = new GameCache(10);
      const first = await read(cache, copy('g', 5));
      cache.written(copy('g', 5));
      expect(cache.current('g')).toBe(first);
    });

    it('takes a newer copy (a write of this process)', async () => {
      const cache = new GameCache(10);
      await read(cache, copy('g', 5));
      const written = copy('g', 7);
      cache.written(written);
      expect(cache.current('g')).toBe(written);
    });

    it('ignores a game that was never read', async () => {
      const cache = new GameCache(10);
      cache.written(copy('g', 5));
      expect(cache.current('g')).toBeNull();
      expect(cache.after('g', 0)).toBeNull();
      expect(cache.size).toBe(0);
    });

    it('ignores a copy whose entry was evicted while it was read', async () => {
      const cache = new GameCache(2);
      await cache.read('a', async () => {
        // While a is read, two other games are read: a is evicted (and would miss announcements).
        await read(cache, copy('b', 1));
        await read(cache, copy('c', 1));
        return copy('a', 1);
      });
      expect(cache.current('a')).toBeNull();
      expect(cache.after('a', 0)).toBeNull();
      expect(cache.size).toBe(2);
      expect(cache.current('b')).not.toBeNull();
      expect(cache.current('c')).not.toBeNull();
    });
  });

  describe('reset', () => {
    it('forgets every copy', async () => {
      const cache = new GameCache(10);
      await read(cache, copy('a', 1));
      await read(cache, copy('b', 2));
      cache.reset();
      expect(cache.size).toBe(0);
      expect(cache.current('a')).toBeNull();
      expect(cache.after('b', 0)).toBeNull();
    });

    it('drops a read in flight across it', async () => {
      const cache = new GameCache(10);
      await cache.read('a', async () => {
        cache.reset();
        return copy('a', 1);
      });
      expect(cache.current('a')).toBeNull();
      expect(cache.size).toBe(0);
    });
  });

  describe('eviction', () => {
    it('evicts the least recently read past the maximum', async () => {
      const cache = new GameCache(3);
      for (const id of ['a', 'b', 'c', 'd']) await read(cache, copy(id, 1));
      expect(cache.size).toBe(3);
      expect(cache.current('a')).toBeNull();
      for (const id of ['b', 'c', 'd']) expect(cache.current(id)).not.toBeNull();
    });

    it('counts a use as recent: the copy taken for current stays, the one not used goes', async () => {
      const cache = new GameCache(2);
      await read(cache, copy('a', 1));
      await read(cache, copy('b', 1));
      expect(cache.current('a')).not.toBeNull();
      await read(cache, copy('c', 1));
      expect(cache.current('b')).toBeNull();
      expect(cache.current('a')).not.toBeNull();
      expect(cache.current('c')).not.toBeNull();
    });

    it('counts a put (a write) as recent', async () => {
      const cache = new GameCache(2);
      await read(cache, copy('a', 1));
      await read(cache, copy('b', 1));
      cache.written(copy('a', 2));
      await read(cache, copy('c', 1));
      expect(cache.after('a', 1)?.row.version).toBe(2);
      expect(cache.after('b', 0)).toBeNull();
    });

    it('counts a read in flight as an entry', async () => {
      const cache = new GameCache(2);
      await read(cache, copy('a', 1));
      const reads = [readInFlight(cache, copy('b', 1)), readInFlight(cache, copy('c', 1))];
      expect(cache.size).toBe(2);
      expect(cache.current('a')).toBeNull();
      for (const r of reads) await r.settle();
    });

    it('drops the placeholder of a read that found no game, so unknown ids evict nothing', async () => {
      const cache = new GameCache(2);
      await read(cache, copy('a', 1));
      for (const id of ['x', 'y', 'z']) await cache.read(id, async () => null);
      expect(cache.size).toBe(1);
      expect(cache.current('a')).not.toBeNull();
      await cache.read('a', async () => null); // a kept copy is not a placeholder
      expect(cache.current('a')).not.toBeNull();
    });

    it('keeps only the 64 finished games put last, however large the cache', async () => {
      const cache = new GameCache(1000);
      const finished = (id: string) => ({ ...copy(id, 9), state: { phase: 'finished' } }) as unknown as Game;
      await read(cache, copy('playing', 3));
      for (let i = 0; i < 100; i++) {
        await read(cache, copy(`f${i}`, 8));
        cache.written(finished(`f${i}`));
        cache.written(finished(`f${i}`)); // a second write of the same finished copy counts once
      }
      expect(cache.size).toBe(65);
      expect(cache.after('f35', 0)).toBeNull();
      expect(cache.after('f36', 0)?.row.version).toBe(9);
      expect(cache.after('f99', 0)?.row.version).toBe(9);
      expect(cache.current('playing')?.row.version).toBe(3);
    });

    it('keeps nothing with a maximum of 0', async () => {
      const cache = new GameCache(0);
      const game = copy('g', 1);
      await read(cache, game);
      cache.written(game);
      cache.heard('g', 1);
      expect(cache.size).toBe(0);
      expect(cache.current('g')).toBeNull();
      expect(cache.after('g', 0)).toBeNull();
    });
  });

  describe('as an observer of a notifier', () => {
    it('hears what is published and forgets on reset', async () => {
      const notifier = new LocalNotifier(10);
      const cache = new GameCache(10);
      notifier.observe(cache);
      await read(cache, copy('g', 2));
      await notifier.publish('g', 2);
      expect(cache.current('g')).not.toBeNull();
      await notifier.publish('g', 3);
      expect(cache.current('g')).toBeNull();
      expect(cache.after('g', 1)?.row.version).toBe(2);
      cache.reset();
      expect(cache.after('g', 1)).toBeNull();
      await notifier.close();
    });
  });
});

/** A cache that never hears of other processes' writes: its copies go stale unnoticed. */
class DeafCache extends GameCache {
  override heard(): void {}
}

/** A cache that counts, per game, the reads from the database and the copies taken for current. */
class CountingCache extends GameCache {
  readonly reads = new Map<string, number>();
  readonly hits = new Map<string, number>();
  override read(gameId: string, load: Parameters<GameCache['read']>[1]) {
    this.reads.set(gameId, (this.reads.get(gameId) ?? 0) + 1);
    return super.read(gameId, load);
  }
  override current(gameId: string) {
    const game = super.current(gameId);
    if (game) this.hits.set(gameId, (this.hits.get(gameId) ?? 0) + 1);
    return game;
  }
}

const SEED = 'ab'.repeat(32);
const CHANNEL = 'offiziersskat_versions';

// Instances on one database. On the Postgres server there are two connection pools (as two
// processes would have); on PGlite all share the one embedded database.
let dbs: Database[] = [];
let drop: (() => Promise<void>) | undefined;
/** Decides on copies that never learn of B's writes. */
let a: TestService;
let deaf: DeafCache;
/** An ordinary instance (the "other process"). */
let b: TestService;
/** An ordinary instance whose cache is watched, and one without a cache. */
let cached: TestService;
let counting: CountingCache;
let uncached: TestService;
/** An ordinary instance with a short long poll. */
let poller: TestService;

beforeAll(async () => {
  if (testDriver === 'postgres') {
    const scratch = await createScratchDatabase();
    drop = scratch.drop;
    dbs = [await openDatabase(scratch.url, { poolSize: 4, ...scratch.options }), await openDatabase(scratch.url, { poolSize: 4, ...scratch.options })];
  } else {
    dbs = [await openTestDatabase()];
  }
  const other = dbs[1] ?? dbs[0];
  deaf = new DeafCache(100);
  counting = new CountingCache(100);
  a = await startTestService({ database: dbs[0], gameCache: deaf });
  b = await startTestService({ database: other });
  cached = await startTestService({ database: dbs[0], gameCache: counting });
  uncached = await startTestService({ database: other, config: { games: { cacheSize: 0, waitingTtlSeconds: 86_400 } } });
  poller = await startTestService({ database: dbs[0], timing: { longPollMs: 300 } });
});
afterAll(async () => {
  for (const s of [a, b, cached, uncached, poller]) await s?.close();
  for (const d of dbs) await d.close();
  await drop?.();
});

type Res = { status: number; body: any; text: string; headers: Record<string, string> };

/** A started practice game, created and joined through `via`. */
const startedGame = (via: TestService, body: Record<string, unknown> = {}) => new Client(via.http).startedGame({ seed: SEED, ...body });

/** The game as B (the database) has it, as `p` sees it. */
const viewOnB = async (gameId: string, p?: TestPlayer) => (await new Client(b.http).view(gameId, p).expect(200)).body;

/** The log as stored: every seq once, no gaps, up to the version. */
async function expectWholeLog(gameId: string, version: number) {
  const log = (await b.http.get(`/v1/games/${gameId}/events`).expect(200)).body;
  expect(log.version).toBe(version);
  expect(log.events.map((e: { seq: number }) => e.seq)).toEqual(Array.from({ length: version }, (_, i) => i + 1));
}

/** Sends one request to B and the same to A; both are refused, alike. */
async function expectSameRefusal(send: (via: TestService) => Promise<Res>) {
  const onB = await send(b);
  expect(onB.status, onB.text).toBeGreaterThanOrEqual(400);
  const onA = await send(a);
  expectProblem(onA, onB.status, onB.body.code);
  expect({ status: onA.status, code: onA.body.code, detail: onA.body.detail }).toEqual({
    status: onB.status,
    code: onB.body.code,
    detail: onB.body.detail,
  });
  return onA;
}

describe('unknown games', () => {
  it('leave no entry behind, so asking for them evicts no real copy', async () => {
    const g = await startedGame(cached);
    const before = counting.size;
    for (let i = 0; i < 3; i++) await cached.http.get(`/v1/games/${crypto.randomUUID()}`).expect(404);
    expect(counting.size).toBe(before);
    expect(counting.current(g.gameId)?.row.version).toBe(g.view.version);
  });
});

describe('a stale copy (A never hears of B’s writes)', () => {
  it('does not refuse a move legal at the real version (the copy is of another phase)', async () => {
    const g = await startedGame(b);
    const onB = new Client(b.http);
    await new Client(a.http).view(g.gameId).expect(200);
    expect(deaf.current(g.gameId)?.row.version).toBe(g.view.version);
    await onB.move(g.gameId, g.forehand, { type: 'cut', at: 10 }).expect(200);
    const declared = await onB.move(g.gameId, g.forehand, { type: 'declare', game: 'grand' }).expect(200);
    expect(declared.body.view.toMove).toBe('dealer');
    // A still takes its copy (cutting, forehand to move) for current.
    expect(deaf.current(g.gameId)?.row.version).toBe(g.view.version);

    const moved = await new Client(a.http).move(g.gameId, g.dealer, { type: 'pass' });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.version).toBe(declared.body.version + moved.body.events.length);
    expect(moved.body.events[0].seq).toBe(declared.body.version + 1);
    expect(moved.body.events[0].event).toMatchObject({ type: 'passed', seat: 'dealer' });
    // What A answered is the game as the database has it.
    expect(moved.body.view).toEqual(await viewOnB(g.gameId, g.dealer));
    await expectWholeLog(g.gameId, moved.body.version);
    expect(deaf.current(g.gameId)?.row.version).toBe(moved.body.version);
  });

  it('does not refuse a move because the copy is of the game before the join', async () => {
    const onB = new Client(b.http);
    const anna = await onB.player('Anna');
    const bert = await onB.player('Bert');
    const created = await onB.createGame(anna, { seat: 'forehand', seed: SEED });
    expect((await new Client(a.http).view(created.id).expect(200)).body.status).toBe('waiting');
    const joined = await b.http.post(`/v1/games/${created.id}/join`).set(bert.auth).expect(200);
    expect(deaf.current(created.id)?.row.version).toBe(created.version);

    const cut = await new Client(a.http).move(created.id, anna, { type: 'cut', at: 10 });
    expect(cut.status, cut.text).toBe(200);
    expect(cut.body.version).toBe(joined.body.version + cut.body.events.length);
    expect(cut.body.view.status).toBe('declaring');
    await expectWholeLog(created.id, cut.body.version);
  });

  it('does not refuse the joiner, whom the copy from before the join does not seat', async () => {
    const onB = new Client(b.http);
    const anna = await onB.player('Anna');
    const bert = await onB.player('Bert');
    const created = await onB.createGame(anna, { seat: 'forehand', seed: SEED });
    await new Client(a.http).view(created.id).expect(200);
    const joined = await b.http.post(`/v1/games/${created.id}/join`).set(bert.auth).expect(200);
    expect(deaf.current(created.id)?.row.forehandPlayerId).toBe(anna.playerId);
    expect(deaf.current(created.id)?.row.dealerPlayerId).toBeNull();

    const resigned = await new Client(a.http).move(created.id, bert, { type: 'resign' });
    expect(resigned.status, resigned.text).toBe(200);
    expect(resigned.body.version).toBe(joined.body.version + resigned.body.events.length);
    expect(resigned.body.events[0].event).toMatchObject({ type: 'resigned', seat: 'dealer' });
    expect(resigned.body.view.status).toBe('finished');
    await expectWholeLog(created.id, resigned.body.version);
  });

  it('decides a move legal on the copy and at the real version: the guard loses, the fresh read wins', async () => {
    const g = await startedGame(b);
    const onB = new Client(b.http);
    await onB.move(g.gameId, g.forehand, { type: 'cut', at: 10 }).expect(200);
    await onB.move(g.gameId, g.forehand, { type: 'declare', game: 'grand' }).expect(200);
    const passed = await onB.move(g.gameId, g.dealer, { type: 'pass' }).expect(200);
    expect(passed.body.view.status).toBe('playing');
    const lead = (await viewOnB(g.gameId, g.forehand)) as { version: number; toMove: string; legalMoves: Move[] };
    expect(lead.toMove).toBe('forehand');
    await new Client(a.http).view(g.gameId).expect(200);
    const copyVersion = lead.version;
    expect(deaf.current(g.gameId)?.row.version).toBe(copyVersion);

    // Forehand leads, the dealer follows, forehand takes the trick (so it is with this seed and
    // these choices) and leads again: a card it could lead on the copy it may lead now too.
    await onB.move(g.gameId, g.forehand, lead.legalMoves[0]).expect(200);
    const follow = (await viewOnB(g.gameId, g.dealer)).legalMoves[0];
    const trick = await onB.move(g.gameId, g.dealer, follow).expect(200);
    const real = await viewOnB(g.gameId, g.forehand);
    expect(real.version).toBe(trick.body.version);
    expect(real.toMove).toBe('forehand');
    const same = (m: Move) => (l: Move) => JSON.stringify(l) === JSON.stringify(m);
    const move = (real.legalMoves as Move[]).find((m) => lead.legalMoves.some(same(m)));
    expect(move).toBeDefined();
    expect(deaf.current(g.gameId)?.row.version).toBe(copyVersion);

    const moved = await new Client(a.http).move(g.gameId, g.forehand, move!);
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.version).toBe(real.version + moved.body.events.length);
    expect(moved.body.view).toEqual(await viewOnB(g.gameId, g.forehand));
    await expectWholeLog(g.gameId, moved.body.version);
  });

  it('refuses what is refused at the real version, with the error B gives', async () => {
    const g = await startedGame(b);
    const onB = new Client(b.http);
    const sendFrom = (p: TestPlayer, move: Record<string, unknown>) => (via: TestService) =>
      new Client(via.http).move(g.gameId, p, move) as unknown as Promise<Res>;

    // Copy: cutting, forehand to move. Real: declaring. A cut is legal on the copy only.
    await new Client(a.http).view(g.gameId).expect(200);
    const cut = await onB.move(g.gameId, g.forehand, { type: 'cut', at: 10 }).expect(200);
    expect(deaf.current(g.gameId)?.row.version).toBe(g.view.version);
    await expectSameRefusal(sendFrom(g.forehand, { type: 'cut', at: 12 }));
    expect((await viewOnB(g.gameId)).version).toBe(cut.body.version);

    // Copy: declaring (A's fresh read above). Real: kontra, dealer to move. Forehand declaring
    // again is legal on the copy only.
    expect(deaf.current(g.gameId)?.row.version).toBe(cut.body.version);
    const declared = await onB.move(g.gameId, g.forehand, { type: 'declare', game: 'grand' }).expect(200);
    await expectSameRefusal(sendFrom(g.forehand, { type: 'declare', game: 'clubs' }));
    expect((await viewOnB(g.gameId)).version).toBe(declared.body.version);

    // Copy: kontra, dealer to move. Real: playing, forehand to lead. The dealer playing a card
    // is out of turn at the real version (and of another phase on the copy).
    expect(deaf.current(g.gameId)?.row.version).toBe(declared.body.version);
    const passed = await onB.move(g.gameId, g.dealer, { type: 'pass' }).expect(200);
    expect(passed.body.view.toMove).toBe('forehand');
    const card = ownCards(await viewOnB(g.gameId, g.dealer))[0];
    const outOfTurn = await expectSameRefusal(sendFrom(g.dealer, { type: 'play', card }));
    expect(outOfTurn.body.code).toBe('NOT_YOUR_TURN');

    // Copy: playing, forehand to lead (current). Real: the same. Nothing stale; still alike.
    expect(deaf.current(g.gameId)?.row.version).toBe(passed.body.version);
    await expectSameRefusal(sendFrom(g.dealer, { type: 'kontra' }));

    // Someone not at the table is refused alike whatever the copy.
    const stranger = await onB.player('Carl');
    await onB.move(g.gameId, g.forehand, (await viewOnB(g.gameId, g.forehand)).legalMoves[0]).expect(200);
    await expectSameRefusal(sendFrom(stranger, { type: 'resign' }));
    await expectWholeLog(g.gameId, (await viewOnB(g.gameId)).version);
  });

  it('accepts expectedVersion equal to the real version, though the copy is older', async () => {
    const g = await startedGame(b);
    await new Client(a.http).view(g.gameId).expect(200);
    const cut = await new Client(b.http).move(g.gameId, g.forehand, { type: 'cut', at: 10 }).expect(200);
    expect(deaf.current(g.gameId)?.row.version).toBe(g.view.version);

    const moved = await new Client(a.http).move(g.gameId, g.forehand, { type: 'declare', game: 'grand' }, { expectedVersion: cut.body.version });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.version).toBe(cut.body.version + moved.body.events.length);
    await expectWholeLog(g.gameId, moved.body.version);
  });

  it('answers a stale expectedVersion with 409 VERSION_CONFLICT and the real version', async () => {
    const g = await startedGame(b);
    const onB = new Client(b.http);
    await onB.move(g.gameId, g.forehand, { type: 'cut', at: 10 }).expect(200);
    const declared = await onB.move(g.gameId, g.forehand, { type: 'declare', game: 'grand' }).expect(200);
    // A's copy: kontra, dealer to move, at `declared`.
    await new Client(a.http).view(g.gameId).expect(200);
    const passed = await onB.move(g.gameId, g.dealer, { type: 'pass' }).expect(200);
    expect(deaf.current(g.gameId)?.row.version).toBe(declared.body.version);

    // expectedVersion is the copy's own version and the move is legal on the copy: only the
    // version guard (then the fresh read) can tell.
    for (const expectedVersion of [declared.body.version, g.view.version]) {
      const send = (via: TestService) =>
        new Client(via.http).move(g.gameId, g.dealer, { type: 'kontra' }, { expectedVersion }) as unknown as Promise<Res>;
      const onBAnswer = expectProblem(await send(b), 409, 'VERSION_CONFLICT');
      const onA = await send(a);
      const problem = expectProblem(onA, 409, 'VERSION_CONFLICT');
      expect(problem.version).toBe(passed.body.version);
      expect(problem.view.version).toBe(passed.body.version);
      expect(problem.view).toEqual(onBAnswer.view);
    }
    await expectWholeLog(g.gameId, passed.body.version);
  });
});

/** Replaces `ids` by names and drops timestamps: two games played alike compare equal. */
function normalized(value: unknown, ids: Record<string, string>): unknown {
  let text = JSON.stringify(value);
  for (const [id, name] of Object.entries(ids)) text = text.split(id).join(name);
  return JSON.parse(text, (key, v) => (key === 'createdAt' || key === 'updatedAt' || key === 'endedAt' ? undefined : v));
}

/**
 * A whole practice game through `service`: the moves chosen from the views by `pick`, the
 * next mover's options taken from the move's answer or a long poll for the version before.
 */
async function playThrough(service: TestService, variant: string, seed: number) {
  const client = new Client(service.http);
  const g = await client.startedGame({ seed: SEED, variant });
  const { gameId } = g;
  const ids = { [gameId]: 'GAME', [g.forehand.playerId]: 'FOREHAND', [g.dealer.playerId]: 'DEALER' };
  const pick = rng(seed);
  const answers: unknown[] = [];
  let version: number = g.view.version;
  let toMove: 'forehand' | 'dealer' | null = g.view.toMove;
  let options: Move[] | null = null;
  let moves = 0;
  while (toMove) {
    const mover = g.bySeat[toMove];
    if (!options) {
      const seen = await service.http.get(`/v1/games/${gameId}?waitForVersion=${version - 1}`).set(mover.auth).expect(200);
      expect(seen.body.version).toBe(version);
      options = seen.body.legalMoves as Move[];
    }
    const res = await client.move(gameId, mover, options[pick(options.length)]);
    expect(res.status, res.text).toBe(200);
    moves++;
    answers.push(normalized(res.body, ids));
    version = res.body.version;
    toMove = res.body.view.toMove;
    options = toMove === res.body.view.you ? res.body.view.legalMoves : null;
    expect(moves).toBeLessThan(200);
  }
  const counts = { reads: counting.reads.get(gameId) ?? 0, hits: counting.hits.get(gameId) ?? 0 };

  // The last state answered from a copy (a long poll for the version before) is the stored one.
  const views: unknown[] = [];
  for (const p of [g.forehand, g.dealer, undefined]) {
    const stored = await client.view(gameId, p).expect(200);
    const polled = await (p ? service.http.get(`/v1/games/${gameId}?waitForVersion=${version - 1}`).set(p.auth) : service.http.get(`/v1/games/${gameId}?waitForVersion=${version - 1}`)).expect(200);
    expect(polled.body).toEqual(stored.body);
    views.push(normalized(stored.body, ids));
  }
  const log = (await service.http.get(`/v1/games/${gameId}/events`).set(g.forehand.auth).expect(200)).body;
  const record = (await service.http.get(`/v1/games/${gameId}/record`).expect(200)).body;
  return { gameId, moves, counts, answers, views, log: normalized(log, ids), record: normalized(record, ids) };
}

describe('caching changes nothing a client sees', () => {
  for (const [variant, seed] of [['classic', 11], ['halfOpen', 12], ['bidding', 13]] as const) {
    it(`a whole ${variant} game plays out the same with and without a cache`, async () => {
      const withCache = await playThrough(cached, variant, seed);
      const without = await playThrough(uncached, variant, seed);
      expect(withCache.moves).toBeGreaterThan(5);
      expect(withCache.answers).toEqual(without.answers);
      expect(withCache.views).toEqual(without.views);
      expect(withCache.log).toEqual(without.log);
      expect(withCache.record).toEqual(without.record);
      expect((withCache.views[2] as { status: string }).status).toBe('finished');
      // With the cache, every move was decided on the copy: the game was read from the
      // database once (at the join: its check of whether the game is rated reads it, and the
      // join itself is then decided on that copy) while it was played.
      expect(withCache.counts).toEqual({ reads: 1, hits: withCache.moves + 1 });
      expect(uncached.parts.cache.size).toBe(0);
    });
  }
});

describe('a long poll waiting on a copy', () => {
  it('catches a write that was never announced, once the wait runs out', async () => {
    const g = await startedGame(poller);
    const version = g.view.version;
    expect(poller.parts.cache.current(g.gameId)?.row.version).toBe(version);

    // A legal move written straight into the database: nobody announces it.
    const store = new GameStore(dbs[0]);
    const loaded = (await store.loadGame(g.gameId))!;
    const game = gameOf(loaded.game, loaded.events);
    const decision = decide(game.state, 'forehand', { type: 'cut', at: 10 });
    if (!decision.ok) throw new Error(decision.error.detail);
    const state = decision.events.reduce(evolve, game.state);
    await store.appendEvents({ gameId: g.gameId, expectedVersion: version, events: decision.events, status: statusOf(game.row, state) });
    const written = version + decision.events.length;
    expect(poller.parts.cache.current(g.gameId)?.row.version).toBe(version);

    const started = performance.now();
    const res = await poller.http.get(`/v1/games/${g.gameId}?waitForVersion=${version}`).set(g.dealer.auth).expect(200);
    const waited = performance.now() - started;
    expect(res.body.version).toBe(written);
    expect(res.body.status).toBe('declaring');
    // It waited on the copy (longPollMs is 300), then looked in the database.
    expect(waited).toBeGreaterThanOrEqual(250);
    expect(waited).toBeLessThan(10_000);
    expect(poller.parts.cache.current(g.gameId)?.row.version).toBe(written);
  });

  it('wakes on an announced write made by another instance', async () => {
    const g = await startedGame(cached);
    const version = g.view.version;
    expect(cached.parts.cache.current(g.gameId)?.row.version).toBe(version);
    // cached's long poll is 30 s: only the announcement can answer it in time.
    const waiting = cached.http.get(`/v1/games/${g.gameId}?waitForVersion=${version}`).set(g.dealer.auth);
    const pending = new Promise<Res>((resolve, reject) => waiting.end((err, res) => (err ? reject(err) : resolve(res as Res))));
    await new Promise((r) => setTimeout(r, 100));
    const moved = await new Client(b.http).move(g.gameId, g.forehand, { type: 'cut', at: 10 }).expect(200);
    const res = await pending;
    expect(res.status).toBe(200);
    expect(res.body.version).toBe(moved.body.version);
  });
});

describe('announcements between processes', () => {
  let one: PgNotifier;
  let two: PgNotifier;
  const payloads: string[] = [];
  let unlisten: () => Promise<void> = async () => {};
  beforeAll(async () => {
    one = await PgNotifier.start(dbs[0], 100);
    two = await PgNotifier.start(dbs[1] ?? dbs[0], 100);
    const raw = dbs[1] ?? dbs[0];
    unlisten = await raw.listen(CHANNEL, (payload) => payloads.push(payload));
  });
  afterAll(async () => {
    await unlisten();
    await one?.close();
    await two?.close();
  });

  const quiet = () => new Promise((r) => setTimeout(r, 50));
  const prefix = () => `k${Math.random().toString(36).slice(2)}-`;
  /** The raw payloads naming any key that starts with `p`, and their lines for those keys. */
  const heardRaw = (p: string) => {
    const mine = payloads.filter((x) => x.split('\n').some((l) => l.startsWith(p)));
    return { payloads: mine, lines: mine.flatMap((x) => x.split('\n')).filter((l) => l.startsWith(p)) };
  };
  async function until(ok: () => boolean, ms = 5_000) {
    const end = Date.now() + ms;
    while (!ok()) {
      if (Date.now() > end) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 5));
    }
  }

  it('50 keys published at once reach the other process in very few NOTIFYs', async () => {
    await quiet();
    const p = prefix();
    const keys = Array.from({ length: 50 }, (_, i) => `${p}${i}`);
    const woken = keys.map((k) => two.wait(k, 0, 5_000));
    for (const k of keys) void one.publish(k, 1);
    expect(await Promise.all(woken)).toEqual(keys.map(() => true));
    await until(() => heardRaw(p).lines.length >= 50);
    const raw = heardRaw(p);
    expect(raw.payloads.length).toBeLessThanOrEqual(3);
    expect(new Set(raw.lines)).toEqual(new Set(keys.map((k) => `${k} 1`)));
    expect(raw.lines).toHaveLength(50);
  });

  it('coalesces versions of one key to the highest, and a burst within the window still arrives', async () => {
    await quiet();
    const p = prefix();
    const [k1, k2] = [`${p}1`, `${p}2`];
    const first = two.wait(k1, 2, 5_000);
    void one.publish(k1, 1);
    void one.publish(k1, 2);
    void one.publish(k1, 3);
    expect(await first).toBe(true);
    // Right after that announcement left: this one waits for the window, then leaves.
    const second = two.wait(k2, 0, 5_000);
    void one.publish(k2, 7);
    expect(await second).toBe(true);
    await until(() => heardRaw(p).lines.length >= 2);
    expect(heardRaw(p).lines.sort()).toEqual([`${k1} 3`, `${k2} 7`]);
  });

  it('a lone announcement after a quiet spell leaves at once', async () => {
    for (let i = 0; i < 3; i++) {
      await quiet();
      const k = `${prefix()}lone`;
      const started = performance.now();
      const woken = two.wait(k, 0, 5_000);
      void one.publish(k, 1);
      expect(await woken).toBe(true);
      // Generous: a loaded CI machine; what is ruled out is a wait for a timer of its own.
      expect(performance.now() - started).toBeLessThan(500);
    }
  });

  it('wakes its own waiters at once, and announces what is pending when closed', async () => {
    const three = await PgNotifier.start(dbs[0], 100);
    const p = prefix();
    const here = three.wait(`${p}here`, 0, 5_000);
    const there = two.wait(`${p}here`, 0, 5_000);
    void three.publish(`${p}here`, 1);
    await three.close();
    expect(await here).toBe(true);
    expect(await there).toBe(true);
  });
});
