// "No hidden card ever leaks", as a property through HTTP: random complete games driven through
// the real API, and after every move a check of everything each reader receives against the set
// of cards it may not see. That set is computed here from the true state (the stored log,
// replayed), never through the engine's `view`/`viewEvent`.
import { and, eq, gt } from 'drizzle-orm';
import { DECK, SEATS, cutDeck, evolve, initialState, other, replay, shuffle, type Card, type Config, type GameEvent, type Move, type Seat, type State, type Viewer } from '../../src/engine/index.ts';
import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { Worker } from 'node:worker_threads';
import type { Database } from '../../src/platform/db/client.ts';
import { gameEvents } from '../../src/games/tables.ts';
import type { GameStore } from '../../src/games/store.ts';
import { rng } from '../../src/bots/rng.ts';

/** The reproducible random source of the tests (splitmix32: well spread from neighbouring seeds). */
export { rng };

// ------------------------------------------------------------------ card detection

/** A card mentioned anywhere in a text: two characters standing alone (JSON strings, details). */
const CARD_RE = /(?<![A-Za-z0-9_])[CSHD][789TJQKA](?![A-Za-z0-9_])/g;

export function cardsIn(text: string): Set<Card> {
  return new Set(text.match(CARD_RE) as Card[] | null);
}

// ------------------------------------------------------------------ the truth

export interface Truth {
  state: State;
  events: GameEvent[];
  version: number;
}

/** The true state from the stored log, read whole and replayed. */
export async function truthOf(store: GameStore, gameId: string): Promise<Truth> {
  const loaded = await store.loadGame(gameId);
  if (!loaded) throw new Error(`game ${gameId} is not in the store`);
  const { game, events } = loaded;
  return { state: replay(game.config, game.serverSeed, events), events, version: game.version };
}

/**
 * The true state in lockstep with the game: each sync reads only the events stored since the
 * last one (straight from the table) and folds them on. Checked against a whole replay of the
 * stored log at the end of each game.
 */
export class LockstepTruth implements Truth {
  state: State;
  events: GameEvent[] = [];
  private constructor(
    readonly database: Database,
    readonly gameId: string,
    state: State,
  ) {
    this.state = state;
  }

  static async open(database: Database, store: GameStore, gameId: string): Promise<LockstepTruth> {
    const game = await store.getGame(gameId);
    if (!game) throw new Error(`game ${gameId} is not in the store`);
    const t = new LockstepTruth(database, gameId, initialState(game.config, game.serverSeed));
    await t.sync();
    return t;
  }

  get version() {
    return this.events.length;
  }

  async sync(): Promise<this> {
    const rows = await this.database.db
      .select({ seq: gameEvents.seq, payload: gameEvents.payload })
      .from(gameEvents)
      .where(and(eq(gameEvents.gameId, this.gameId), gt(gameEvents.seq, this.events.length)))
      .orderBy(gameEvents.seq);
    for (const { seq, payload } of rows) {
      if (seq !== this.events.length + 1) throw new Error(`game ${this.gameId}: event ${seq} after ${this.events.length}`);
      this.events.push(payload);
      this.state = evolve(this.state, payload);
    }
    return this;
  }

  /** A frozen copy of now (the checks of one step may outlive the next sync). */
  snapshot(): Truth {
    return { state: this.state, events: this.events.slice(), version: this.version };
  }
}

const VIEWERS: Viewer[] = ['forehand', 'dealer', 'spectator'];

/** Every card somewhere: on the table, in a hand, the stock, the discards, the trick, or played. */
function located(t: Truth): Set<Card> {
  const s = t.state;
  const out = new Set<Card>();
  const add = (cs: readonly (Card | null)[]) => cs.forEach((c) => c && out.add(c));
  for (const seat of SEATS) {
    add(s.open[seat]);
    add(s.covered[seat]);
    add(s.hand[seat]);
  }
  add(s.stock);
  add(s.discards);
  add(s.trick.map((x) => x.card));
  for (const e of t.events) if (e.type === 'played') out.add(e.card);
  return out;
}

/**
 * The cards `viewer` may not see now: every covered card not yet turned, the other seat's hand
 * (both hands for a spectator), the stock, the declarer's discards (but for the declarer), and
 * every card not yet dealt. Nothing once the game is finished.
 */
export function forbiddenFor(t: Truth, viewer: Viewer): Set<Card> {
  const s = t.state;
  const out = new Set<Card>();
  if (s.phase === 'finished') return out;
  for (const seat of SEATS) {
    for (const c of s.covered[seat]) if (c) out.add(c);
    if (seat !== viewer) for (const c of s.hand[seat]) out.add(c);
  }
  for (const c of s.stock) out.add(c);
  if (viewer !== s.contract?.declarer) for (const c of s.discards) out.add(c);
  const here = located(t);
  for (const c of DECK) if (!here.has(c)) out.add(c);
  return out;
}

/** The cards `viewer` must be shown now: every open card, the current trick, its own hand (and discards). */
export function requiredFor(t: Truth, viewer: Viewer): Set<Card> {
  const s = t.state;
  const out = new Set<Card>();
  for (const seat of SEATS) for (const c of s.open[seat]) if (c) out.add(c);
  for (const x of s.trick) out.add(x.card);
  if (viewer !== 'spectator') for (const c of s.hand[viewer]) out.add(c);
  if (viewer === s.contract?.declarer) for (const c of s.discards) out.add(c);
  if (s.phase === 'finished') {
    for (const seat of SEATS) for (const c of [...s.covered[seat], ...s.hand[seat]]) if (c) out.add(c);
    for (const c of [...s.stock, ...s.discards]) out.add(c);
  }
  return out;
}

// ------------------------------------------------------------------ HTTP

export interface Reply {
  status: number;
  text: string;
  body: any;
  headers: string;
}

export class Api {
  constructor(readonly url: string) {}

  async call(method: 'GET' | 'POST', path: string, token?: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply> {
    const res = await fetch(this.url + path, {
      method,
      headers: {
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    const all: string[] = [];
    res.headers.forEach((v, k) => all.push(`${k}: ${v}`));
    return { status: res.status, text, body: text ? JSON.parse(text) : null, headers: all.join('\n') };
  }
}

export interface Player {
  playerId: string;
  name: string;
  token: string;
}

// ------------------------------------------------------------------ the checks

export interface Stats {
  games: number;
  byVariant: Record<string, number>;
  endings: Record<string, number>;
  contracts: Record<string, number>;
  moves: number;
  /** Responses (bodies and header blocks) scanned for forbidden cards. */
  scans: number;
  /** Card-by-card assertions: forbidden cards looked for, plus required cards found. */
  cardChecks: number;
  probes: Record<string, number>;
}

export const newStats = (): Stats => ({
  games: 0,
  byVariant: {},
  endings: {},
  contracts: {},
  moves: 0,
  scans: 0,
  cardChecks: 0,
  probes: {},
});
/** Where two texts part (a short window of each). */
const diff = (a: string, b: string) => {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `…${a.slice(Math.max(0, i - 60), i + 60)}… vs …${b.slice(Math.max(0, i - 60), i + 60)}…`;
};
/** JSON with sorted keys. */
const canonical = (x: unknown): string =>
  JSON.stringify(x, (_k, v) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v));
const bump = (r: Record<string, number>, k: string) => (r[k] = (r[k] ?? 0) + 1);

/** One game's checker: collects leaks instead of stopping at the first. */
class Checker {
  readonly leaks: string[] = [];
  constructor(
    readonly stats: Stats,
    readonly where: string,
  ) {}

  /** No forbidden card in `text` (`allowed`: cards the reader itself sent in this request). */
  clean(what: string, viewer: Viewer, text: string, forbidden: Set<Card>, allowed: Card[] = []) {
    this.stats.scans++;
    this.stats.cardChecks += forbidden.size;
    if (forbidden.size === 0) return;
    const seen = [...cardsIn(text)].filter((c) => forbidden.has(c) && !allowed.includes(c));
    if (seen.length) {
      const at = text.search(new RegExp(`(?<![A-Za-z0-9_])${seen[0]}(?![A-Za-z0-9_])`));
      this.fail(`${what} shows ${viewer} ${seen.join(' ')}: …${text.slice(Math.max(0, at - 200), at + 100)}…`);
    }
  }

  /** Every card of `required` is in `text`. */
  shows(what: string, viewer: Viewer, text: string, required: Set<Card>) {
    this.stats.cardChecks += required.size;
    const there = cardsIn(text);
    const missing = [...required].filter((c) => !there.has(c));
    if (missing.length) this.fail(`${what} does not show ${viewer} ${missing.join(' ')}`);
  }

  that(ok: boolean, message: string) {
    if (!ok) this.fail(message);
  }

  fail(message: string) {
    if (this.leaks.length < 20) this.leaks.push(`${this.where}: ${message}`);
  }
}

// ------------------------------------------------------------------ one game

export interface GameSpec {
  /** For reproducing a failure: the rng seed of this game. */
  seed: number;
  create: Record<string, unknown>;
}

const pickOf = (r: (n: number) => number) => <T>(xs: readonly T[]): T => xs[r(xs.length)];

/** Random create options for `variants`. Player names never look like cards (lower case). */
export function randomSpec(seed: number, variants: readonly Config['variant'][]): GameSpec {
  const r = rng(seed ^ 0x5bd1e995);
  const pick = pickOf(r);
  const create: Record<string, unknown> = {
    variant: pick(variants),
    scoring: pick(['standard', 'simple']),
    spitzen: r(2) === 0,
    kontra: r(3) !== 0,
    ramschTrumps: pick(['jacks', 'none']),
    seat: pick(['forehand', 'dealer']),
  };
  // A quarter are practice deals from a client seed (lower-case hex, as the service stores it).
  if (r(4) === 0) create.seed = Array.from({ length: 64 }, () => '0123456789abcdef'[r(16)]).join('');
  return { seed, create };
}

/** A random legal move: first a kind of move, then one of that kind (low bids favoured). */
function chooseMove(legal: Move[], r: (n: number) => number): Record<string, unknown> {
  const kinds = [...new Set(legal.map((m) => m.type))];
  const kind = kinds[r(kinds.length)];
  const of = legal.filter((m) => m.type === kind);
  if (kind === 'cut' && r(4) === 0) return { type: 'cut' }; // the server cuts
  if (kind === 'bid' && r(2) === 0) return of[0] as Record<string, unknown>;
  return of[r(of.length)] as Record<string, unknown>;
}

/** Where the truth is read: the service's store and database. */
export interface Backend {
  store: GameStore;
  database: Database;
}

/** Plays one random game to its end, checking every reader after every move. */
export async function playCheckedGame(api: Api, { store, database }: Backend, players: [Player, Player], spec: GameSpec, stats: Stats): Promise<string[]> {
  const r = rng(spec.seed);
  const [creator, joiner] = players;
  const created = await api.call('POST', '/v1/games', creator.token, spec.create);
  if (created.status !== 201) return [`create ${spec.seed}: ${created.status} ${created.text}`];
  const id: string = created.body.id;
  const check = new Checker(stats, `game ${id} (seed ${spec.seed}, ${JSON.stringify(spec.create)})`);
  // Nothing is dealt before the cut: the creation answer names no card.
  check.clean('create answer', spec.create.seat as Seat, created.text + created.headers, new Set(DECK));
  const joined = await api.call('POST', `/v1/games/${id}/join`, joiner.token);
  check.that(joined.status === 200, `join: ${joined.status} ${joined.text}`);
  check.clean('join answer', other(spec.create.seat as Seat), joined.text + joined.headers, new Set(DECK));

  const creatorSeat = spec.create.seat as Seat;
  const token: Record<Seat, string> = {
    forehand: creatorSeat === 'forehand' ? creator.token : joiner.token,
    dealer: creatorSeat === 'dealer' ? creator.token : joiner.token,
  };
  const tokenOf = (v: Viewer) => (v === 'spectator' ? undefined : token[v]);
  const lastSeq: Record<Viewer, number> = { forehand: 0, dealer: 0, spectator: 0 };

  /** GET the view and the events as each reader, and check them against the truth. */
  async function readAll(t: Truth, step: string): Promise<Record<Viewer, any>> {
    const views = await Promise.all(
      VIEWERS.map(async (v) => {
        const forbidden = forbiddenFor(t, v);
        const fromZero = t.state.phase === 'finished' || r(3) === 0;
        const after = fromZero ? 0 : lastSeq[v];
        const [gv, ev] = await Promise.all([
          api.call('GET', `/v1/games/${id}`, tokenOf(v)),
          api.call('GET', `/v1/games/${id}/events?after=${after}`, tokenOf(v)),
        ]);
        check.that(gv.status === 200 && ev.status === 200, `${step}: GET as ${v}: ${gv.status}/${ev.status}`);
        check.clean(`${step}: GET view`, v, gv.text, forbidden);
        check.clean(`${step}: GET view headers`, v, gv.headers, forbidden);
        check.clean(`${step}: GET events?after=${after}`, v, ev.text, forbidden);
        check.clean(`${step}: GET events headers`, v, ev.headers, forbidden);
        check.that(gv.body.version === t.version, `${step}: view version ${gv.body.version} ≠ ${t.version}`);
        check.that(ev.body.events.length === t.events.length - after, `${step}: ${ev.body.events.length} events after ${after}`);
        lastSeq[v] = t.events.length;
        // The positive side: every open card, the trick and the reader's own hand are shown.
        check.shows(`${step}: GET view`, v, gv.text, requiredFor(t, v));
        for (const seat of SEATS) {
          const stacks = gv.body.table[seat].stacks as { open: Card | null; covered: string | null }[];
          check.that(
            JSON.stringify(stacks.map((x) => x.open)) === JSON.stringify(t.state.open[seat]),
            `${step}: ${v} sees ${seat}'s open cards as ${JSON.stringify(stacks)}`,
          );
          if (seat === v) {
            const hand = gv.body.table[seat].hand;
            check.that(
              Array.isArray(hand) && [...hand].sort().join() === [...t.state.hand[seat]].sort().join(),
              `${step}: ${v} sees its own hand as ${JSON.stringify(hand)}`,
            );
          }
        }
        if (t.state.phase === 'finished') {
          // Everything is public now: the log from 0 names every dealt card, for every reader
          // (a game that ended before the whole deal names the rest through its serverSeed).
          check.shows(`${step}: GET events (finished)`, v, ev.text, located(t));
          check.that(typeof gv.body.serverSeed === 'string', `${step}: no serverSeed for ${v} after the end`);
        }
        return [v, gv.body] as const;
      }),
    );
    return Object.fromEntries(views) as Record<Viewer, any>;
  }

  /** A move that must be refused: the problem body must not show the sender a forbidden card. */
  async function probe(kind: string, t: Truth, sender: Viewer, body: unknown, status: number, code: string, sent: Card[] = []) {
    const res = await api.call('POST', `/v1/games/${id}/moves`, tokenOf(sender), body);
    bump(stats.probes, kind);
    check.that(res.status === status && res.body?.code === code, `probe ${kind}: ${res.status} ${res.text} (wanted ${status} ${code})`);
    check.that(/^application\/problem\+json/.test(res.headers.match(/content-type: (.*)/)?.[1] ?? ''), `probe ${kind}: not problem+json`);
    check.clean(`probe ${kind} (${JSON.stringify(body)})`, sender, res.text + '\n' + res.headers, forbiddenFor(t, sender), sent);
    await truth.sync();
    check.that(truth.version === t.version, `probe ${kind}: a refused move changed the game: ${t.version} → ${truth.version}`);
    return res;
  }

  /** Illegal moves of several kinds, each refused without a word about a hidden card. */
  async function probes(t: Truth, views: Record<Viewer, any>) {
    const s = t.state;
    const mover = s.toMove!;
    const waiting = other(mover);
    const pick = pickOf(r);
    const forbidden = [...forbiddenFor(t, mover)];
    // The other seat tries to move: not its turn.
    const legal = views[mover].legalMoves as Move[];
    await probe('notYourTurn', t, waiting, { move: { type: 'pass' } }, 422, 'NOT_YOUR_TURN');
    // A stale expectedVersion: the 409 carries a view, redacted for the mover.
    await probe('versionConflict', t, mover, { move: legal[0], expectedVersion: t.version - 1 }, 409, 'VERSION_CONFLICT', []);
    // A spectator (no token) cannot move.
    const anon = await api.call('POST', `/v1/games/${id}/moves`, undefined, { move: legal[0] });
    bump(stats.probes, 'anonymous');
    check.that(anon.status === 401, `anonymous move: ${anon.status}`);
    check.clean('anonymous move', 'spectator', anon.text + anon.headers, forbiddenFor(t, 'spectator'));
    if (s.phase === 'playing' && forbidden.length) {
      // A card the mover cannot see (the other's hand, a covered card, the stock, the
      // discards): refused exactly as any other card not in its reach, so the answer tells
      // nothing about where that card is.
      const hidden = pick(forbidden);
      const a = await probe('hiddenCard', t, mover, { move: { type: 'play', card: hidden } }, 422, 'ILLEGAL_CARD', [hidden]);
      const played = t.events.filter((e) => e.type === 'played').map((e) => (e as { card: Card }).card);
      const gone = played.length ? pick(played) : null;
      if (gone) {
        const b = await probe('playedCard', t, mover, { move: { type: 'play', card: gone } }, 422, 'ILLEGAL_CARD', [gone]);
        // Alike but for the card (and each request's own id).
        const alike = (text: string) => text.replace(CARD_RE, 'XX').replace(/"requestId":"[^"]*"/, '"requestId":"…"');
        check.that(alike(a.text) === alike(b.text), `hidden and played cards are refused differently: ${a.text} / ${b.text}`);
      }
      // A card of its own that does not follow suit: the answer lists the mover's own cards.
      const reach = [...s.open[mover], ...s.hand[mover]].filter((c): c is Card => c !== null);
      const offSuit = reach.filter((c) => !legal.some((m) => m.type === 'play' && m.card === c));
      if (offSuit.length) await probe('mustFollowSuit', t, mover, { move: { type: 'play', card: pick(offSuit) } }, 422, 'MUST_FOLLOW_SUIT', []);
    }
  }

  const truth = await LockstepTruth.open(database, store, id);
  let t = truth.snapshot();
  let views = await readAll(t, 'after join');
  let step = 0;
  let probedInPlay = false;
  const probeAt = 1 + r(12);
  const resignRate = 140;
  while (t.state.phase !== 'finished') {
    step++;
    if (step > 300) {
      check.fail('no end after 300 moves');
      break;
    }
    const s = t.state;
    const mover = s.toMove;
    if (!mover) {
      check.fail(`nobody to move in phase ${s.phase}`);
      break;
    }
    if (step === probeAt || (s.phase === 'playing' && !probedInPlay && r(8) === 0)) {
      if (s.phase === 'playing') probedInPlay = true;
      await probes(t, views);
    }
    if (s.phase === 'stock' && s.stockPickedUp) {
      // Discarding a card the declarer cannot see (the defender's hand, a covered card).
      const hidden = pickOf(r)([...forbiddenFor(t, mover)]);
      await probe('hiddenDiscard', t, mover, { move: { type: 'discard', cards: [s.hand[mover][0], hidden] } }, 422, 'ILLEGAL_DISCARD', [hidden]);
    }
    let seat: Seat = mover;
    let move: Record<string, unknown>;
    if (r(resignRate) === 0) {
      seat = r(2) === 0 ? mover : other(mover);
      move = { type: 'resign' };
    } else {
      const legal = views[mover].legalMoves as Move[];
      if (!legal.length) {
        check.fail(`${mover} has no legal moves in ${s.phase}`);
        break;
      }
      move = chooseMove(legal, r);
    }
    const extra: Record<string, unknown> = r(2) === 0 ? { expectedVersion: t.version } : {};
    const headers: Record<string, string> = r(8) === 0 ? { 'Idempotency-Key': `k-${id}-${step}` } : {};
    const res = await api.call('POST', `/v1/games/${id}/moves`, token[seat], { move, ...extra }, headers);
    stats.moves++;
    if (res.status !== 200) {
      check.fail(`move ${JSON.stringify(move)} by ${seat}: ${res.status} ${res.text}`);
      break;
    }
    const before = t.version;
    t = (await truth.sync()).snapshot();
    const label = `move ${step} ${JSON.stringify(move)} by ${seat}`;
    const forbidden = forbiddenFor(t, seat);
    check.clean(`${label}: answer view`, seat, JSON.stringify(res.body.view), forbidden);
    check.clean(`${label}: answer events`, seat, JSON.stringify(res.body.events), forbidden);
    check.clean(`${label}: answer (whole) and headers`, seat, res.text + '\n' + res.headers, forbidden);
    check.shows(`${label}: answer view`, seat, JSON.stringify(res.body.view), requiredFor(t, seat));
    check.that(res.body.version === t.version, `${label}: answer version ${res.body.version} ≠ ${t.version}`);
    check.that(res.body.events.length === t.version - before, `${label}: ${res.body.events.length} events for ${t.version - before}`);
    if (headers['Idempotency-Key']) {
      // The same key again: the first answer, word for word.
      const again = await api.call('POST', `/v1/games/${id}/moves`, token[seat], { move, ...extra }, headers);
      check.that(
        again.status === 200 && isDeepStrictEqual(again.body, res.body),
        `${label}: idempotent replay differs: ${again.status} ${diff(canonical(res.body), canonical(again.body))}`,
      );
    }
    views = await readAll(t, label);
  }

  // The lockstep truth is the stored log replayed whole.
  const whole = await truthOf(store, id);
  check.that(whole.version === t.version && isDeepStrictEqual(whole.state, t.state), 'the lockstep state is not the replayed log');
  // The end: the record names all 32 cards, and a late move is refused without news.
  if (t.state.phase === 'finished') {
    const record = await api.call('GET', `/v1/games/${id}/record`);
    check.that(record.status === 200, `record: ${record.status}`);
    // The record shows all 32 cards: every dealt card in its log, in the order of the cut deck
    // its serverSeed (the committed one) and cut give, and the rest of that deck undealt.
    const { serverSeed, seedCommitment, cut, events } = record.body as { serverSeed: string; seedCommitment: string; cut: number | null; events: { event: GameEvent }[] };
    check.that(createHash('sha256').update(Buffer.from(serverSeed, 'hex')).digest('hex') === seedCommitment, 'record: the seed does not match its commitment');
    const dealt = events.flatMap(({ event }) => (event.type === 'dealt' ? event.cards : []));
    const deck = cut === null ? shuffle(serverSeed) : cutDeck(shuffle(serverSeed), cut);
    check.that(dealt.join() === deck.slice(0, dealt.length).join(), `record: dealt ${dealt.join(' ')}, the seed deals ${deck.join(' ')}`);
    check.shows('record', 'spectator', record.text + ' ' + deck.slice(dealt.length).join(' '), new Set(DECK));
    check.shows('record', 'spectator', record.text, located(t));
    check.that(isDeepStrictEqual(record.body.result, t.state.result), 'record result ≠ true result');
    await probe('afterEnd', t, 'forehand', { move: { type: 'pass' } }, 422, 'GAME_FINISHED');
    const res = t.state.result!;
    bump(stats.endings, res.passedIn ? 'passedIn' : res.resigned ? 'resigned' : 'played');
    bump(stats.contracts, res.game ?? 'none');
    if (res.kontra) bump(stats.endings, 'kontra');
    if (res.overbid) bump(stats.endings, 'overbid');
    if (t.state.contract?.hand) bump(stats.endings, 'hand');
    if (t.state.stockPickedUp) bump(stats.endings, 'stockPickedUp');
  } else {
    // A record before the end is refused, also without naming a card.
    const record = await api.call('GET', `/v1/games/${id}/record`);
    check.clean('early record', 'spectator', record.text, forbiddenFor(t, 'spectator'));
  }
  stats.games++;
  bump(stats.byVariant, spec.create.variant as string);
  return check.leaks;
}

/** Runs `specs` with `concurrency` games at a time; returns every leak found. */
export async function runGames(api: Api, backend: Backend, players: Player[], specs: GameSpec[], stats: Stats, concurrency = 6): Promise<string[]> {
  const leaks: string[] = [];
  let next = 0;
  const worker = async (w: number) => {
    while (next < specs.length) {
      const i = next++;
      const pair: [Player, Player] = [players[(2 * w) % players.length], players[(2 * w + 1) % players.length]];
      leaks.push(...(await playCheckedGame(api, backend, pair, specs[i], stats)));
    }
  };
  await Promise.all(Array.from({ length: concurrency }, (_, w) => worker(w)));
  return leaks;
}

export async function makePlayers(api: Api, n: number): Promise<Player[]> {
  const names = ['anna', 'bert', 'carla', 'dieter', 'emma', 'fritz', 'greta', 'hans', 'ilse', 'jonas', 'karin', 'lutz', 'mia', 'nils', 'olga', 'paul'];
  const out: Player[] = [];
  for (let i = 0; i < n; i++) {
    const name = `${names[i % names.length]} ${i}`;
    if (cardsIn(JSON.stringify(name)).size) throw new Error(`a name that looks like a card: ${name}`);
    const res = await api.call('POST', '/v1/players', undefined, { name });
    if (res.status !== 201) throw new Error(`player: ${res.status} ${res.text}`);
    out.push(res.body);
  }
  return out;
}

// ------------------------------------------------------------------ shards

export interface ShardResult {
  stats: Stats;
  leaks: string[];
}

/** One shard of games against a service: players, the games, every leak. */
export async function runShard(service: { url: string; parts: { gameStore: GameStore }; database: Database }, specs: GameSpec[], concurrency: number): Promise<ShardResult> {
  const api = new Api(service.url);
  const players = await makePlayers(api, 2 * concurrency);
  const stats = newStats();
  const leaks = await runGames(api, { store: service.parts.gameStore, database: service.database }, players, specs, stats, concurrency);
  return { stats, leaks };
}

/** A shard in a worker thread, with a service (and database) of its own. */
function runWorkerShard(specs: GameSpec[], concurrency: number): Promise<ShardResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./redaction-worker.mjs', import.meta.url), { workerData: { specs, concurrency } });
    let result: ShardResult | undefined;
    worker.once('message', (r: ShardResult) => (result = r));
    worker.once('error', reject);
    // The worker closes its service (and drops its scratch database) before it exits.
    worker.once('exit', (code) => (result && code === 0 ? resolve(result) : reject(new Error(`redaction worker exited with ${code}${result ? '' : ' before answering'}`))));
  });
}

function merge(into: Stats, from: Stats): Stats {
  for (const [k, v] of Object.entries(from) as [keyof Stats, Stats[keyof Stats]][]) {
    if (typeof v === 'number') (into[k] as number) += v;
    else for (const [kk, n] of Object.entries(v)) (into[k] as Record<string, number>)[kk] = ((into[k] as Record<string, number>)[kk] ?? 0) + n;
  }
  return into;
}

/**
 * Runs the games in `shards` shards at once: shard 0 against `service` in this thread, the
 * others in worker threads with services of their own. Vitest runs test files one after the
 * other on a two-core machine (its default is one worker fewer than cores), so this is how a
 * file uses both cores. REDACTION_SHARDS=1 runs everything here.
 */
export async function runSharded(service: Parameters<typeof runShard>[0], specs: GameSpec[], shards: number, concurrency = 6): Promise<ShardResult> {
  const parts = Array.from({ length: shards }, (_, i) => specs.filter((_, j) => j % shards === i));
  const results = await Promise.all(parts.map((part, i) => (i === 0 ? runShard(service, part, concurrency) : runWorkerShard(part, concurrency))));
  const stats = newStats();
  for (const r of results) merge(stats, r.stats);
  return { stats, leaks: results.flatMap((r) => r.leaks) };
}

export const SHARDS = Math.max(1, Number(process.env.REDACTION_SHARDS ?? 2));
