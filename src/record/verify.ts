// Offline verification of a finished game's record (GET /v1/games/{id}/record). Pure: it shares
// nothing with the server but the record and the rules engine. It checks
//   1. the server seed against its published commitment (SHA-256),
//   2. the deal: every `dealt` event against the positions of the deck recomputed from the seed
//      and the cut (the staged deal of docs/rules.md, batch by batch, in order),
//   3. every move: each player's move is re-derived from the events (cut, declared, kontra, re,
//      passed, bid, held, stockPickedUp, discarded, played, resigned, timedOut), run through
//      `decide` on the replayed state, and must be legal and produce exactly the logged events,
//   4. the end: the replayed game is finished, and its result is the record's (and the seats
//      are the players named in the record).
// It also writes a readable, trick-by-trick account of the game (narrate.ts).
import {
  DEAL_STAGES,
  RAMSCH_TRUMPS,
  SCORINGS,
  SEATS,
  VARIANTS,
  cutDeck,
  decide,
  evolve,
  initialState,
  isSeedHex,
  seedCommitment,
  shuffle,
  timeOut,
  type Card,
  type Config,
  type Decision,
  type GameEvent,
  type Move,
  type Seat,
  type State,
} from '../engine/index.ts';
import type { GameRecord } from './build.ts';
import { describeResult, narrate } from './narrate.ts';

export interface Verification {
  ok: boolean;
  /** What was checked and held. */
  passed: string[];
  /** Every mismatch found, each a sentence naming where. */
  problems: string[];
  /** The game told trick by trick (as far as the record could be replayed). */
  account: string[];
  /** What the checks that held counted (null: that check did not hold), for a reader's own words. */
  counts: Counts;
}

export interface Counts {
  /** Packets of the staged deal, each as the seed's deck cut at `cut` gives it. */
  dealt: number | null;
  cut: number | null;
  /** Moves replayed, each legal and causing exactly the logged events. */
  moves: number | null;
}

/** "1 move", "8 moves": English's plural, for the verifier's own sentences. */
const count = (n: number, one: string, other: string) => `${n} ${n === 1 ? one : other}`;

/** JSON with sorted keys: equality of plain data regardless of key order. */
function canonical(x: unknown): string {
  if (Array.isArray(x)) return `[${x.map(canonical).join(',')}]`;
  if (x !== null && typeof x === 'object') {
    const entries = Object.entries(x as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(x);
}
const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/** The move a logged event is the first consequence of, or null when no move starts with it. */
export function moveOf(event: GameEvent): { seat: Seat; move: Move | 'timeOut' } | null {
  switch (event.type) {
    case 'cut':
      return { seat: event.seat, move: { type: 'cut', at: event.at } };
    case 'declared': {
      const move: Extract<Move, { type: 'declare' }> = { type: 'declare', game: event.game };
      if (event.hand) move.hand = true;
      if (event.schneider) move.schneider = true;
      if (event.schwarz) move.schwarz = true;
      return { seat: event.seat, move };
    }
    case 'kontra':
      return { seat: event.seat, move: { type: 'kontra' } };
    case 're':
      return { seat: event.seat, move: { type: 're' } };
    case 'passed':
      return { seat: event.seat, move: { type: 'pass' } };
    case 'bid':
      return { seat: event.seat, move: { type: 'bid', value: event.value } };
    case 'held':
      return { seat: event.seat, move: { type: 'hold' } };
    case 'stockPickedUp':
      return { seat: event.seat, move: { type: 'pickUpStock' } };
    case 'discarded':
      return { seat: event.seat, move: { type: 'discard', cards: event.cards as Card[] } };
    case 'played':
      return { seat: event.seat, move: { type: 'play', card: event.card } };
    case 'resigned':
      return { seat: event.seat, move: { type: 'resign' } };
    case 'timedOut':
      return { seat: event.seat, move: 'timeOut' };
    default:
      return null;
  }
}

const oneOf = (names: readonly string[], x: unknown) => typeof x === 'string' && names.includes(x);

/** Structural checks a record must pass before anything is recomputed from it. */
function shapeProblems(r: GameRecord): string[] {
  const out: string[] = [];
  if (typeof r !== 'object' || r === null) return ['the record is not a JSON object'];
  const c = r.config as Partial<Config> | undefined;
  if (!c || typeof c !== 'object') out.push('config: missing');
  else {
    if (!oneOf(VARIANTS, c.variant)) out.push(`config.variant: ${JSON.stringify(c.variant)} is not one of ${VARIANTS.join(', ')}`);
    if (!oneOf(SCORINGS, c.scoring)) out.push(`config.scoring: ${JSON.stringify(c.scoring)} is not one of ${SCORINGS.join(', ')}`);
    if (!oneOf(RAMSCH_TRUMPS, c.ramschTrumps)) out.push(`config.ramschTrumps: ${JSON.stringify(c.ramschTrumps)} is not one of ${RAMSCH_TRUMPS.join(', ')}`);
    for (const k of ['spitzen', 'kontra', 'practice'] as const)
      if (typeof c[k] !== 'boolean') out.push(`config.${k}: expected true or false, got ${JSON.stringify(c[k])}`);
  }
  if (!isSeedHex(r.serverSeed)) out.push('serverSeed: expected 64 lower-case hex digits');
  if (typeof r.seedCommitment !== 'string') out.push('seedCommitment: missing');
  if (!Array.isArray(r.events)) out.push('events: expected an array');
  else
    r.events.forEach((e, i) => {
      if (!e || typeof e !== 'object' || e.seq !== i + 1 || !e.event || typeof e.event.type !== 'string')
        out.push(`events[${i}]: expected { seq: ${i + 1}, event: { type, … } }`);
    });
  return out;
}

export function verifyRecord(record: GameRecord): Verification {
  const shape = shapeProblems(record);
  if (shape.length > 0) return { ok: false, passed: [], problems: shape.map((p) => `malformed record: ${p}`), account: [], counts: { dealt: null, cut: null, moves: null } };
  const found: Findings = { passed: [], problems: [], counts: { dealt: null, cut: null, moves: null } };
  const events = record.events.map((e) => e.event);
  checkSeed(record, found);
  checkDeal(record, found);
  const replay = checkMoves(record, events, found);
  if (replay.complete) checkEnd(record, replay.state, found);
  if (!record.result) found.problems.push('result: the record has none');
  // The account tells the game as far as its moves replayed.
  const account = narrate(record, events.slice(0, replay.upTo));
  return { ok: found.problems.length === 0, ...found, account };
}

/** What held and what did not, each a sentence, and what was counted; the checks below add to it. */
interface Findings {
  passed: string[];
  problems: string[];
  counts: Counts;
}

/** 1. The seed against its commitment. */
function checkSeed(record: GameRecord, { passed, problems }: Findings): void {
  const commitment = seedCommitment(record.serverSeed);
  if (commitment === record.seedCommitment.toLowerCase()) passed.push(`seed: SHA-256(serverSeed) = seedCommitment ${commitment.slice(0, 16)}…`);
  else problems.push(`seed: SHA-256(serverSeed) is ${commitment}, but the published seedCommitment is ${record.seedCommitment}`);
}

/** 2. The deal: each dealt event is the next batch of the staged deal, cut from the seed's deck. */
function checkDeal(record: GameRecord, { passed, problems, counts }: Findings): void {
  const cutEvent = record.events.map((e) => e.event).find((e) => e.type === 'cut');
  if (record.cut !== (cutEvent?.type === 'cut' ? cutEvent.at : null))
    problems.push(`cut: the record says ${record.cut}, its cut event says ${cutEvent?.type === 'cut' ? cutEvent.at : 'nothing (no cut event)'}`);
  if (cutEvent?.type !== 'cut') return;
  const deck = cutDeck(shuffle(record.serverSeed), cutEvent.at);
  const batches = DEAL_STAGES[record.config.variant].flat();
  let next = 0;
  let dealOk = true;
  for (const { seq, event } of record.events) {
    if (event.type !== 'dealt') continue;
    const b = batches[next++];
    if (!b) {
      problems.push(`deal: event ${seq} deals more cards than the ${record.config.variant} deal has`);
      dealOk = false;
      continue;
    }
    const expected = { type: 'dealt', seat: b.seat, to: b.to, stacks: b.stacks, cards: deck.slice(b.from, b.from + b.count) };
    if (same(expected, event)) continue;
    dealOk = false;
    problems.push(
      `deal: event ${seq} should deal deck positions ${b.from}–${b.from + b.count - 1} (${expected.cards.join(' ')}) ${b.to === 'stock' ? 'to the stock' : `to ${b.seat} ${b.to}${b.stacks.length ? ` stacks ${b.stacks.map((s) => s + 1).join(',')}` : ''}`}, ` +
        `but the record has ${event.cards.join(' ')} to ${event.seat ?? 'the stock'} ${event.to}${event.stacks.length ? ` stacks ${event.stacks.map((s) => s + 1).join(',')}` : ''}`,
    );
  }
  if (!dealOk) return;
  passed.push(`deal: ${count(next, 'packet', 'packets')} dealt, each as the deck recomputed from the seed and cut at ${cutEvent.at} gives it`);
  counts.dealt = next;
  counts.cut = cutEvent.at;
}

/**
 * 3. Replay: every move re-derived, decided, and compared with the log. Stops at the first event
 * that does not follow; `upTo` is how many events replayed, `complete` whether all of them did.
 */
function checkMoves(record: GameRecord, events: GameEvent[], { passed, problems, counts }: Findings): { state: State; upTo: number; complete: boolean } {
  let state: State = initialState(record.config, record.serverSeed);
  let i = 0;
  let moves = 0;
  while (i < events.length) {
    const event = events[i] as GameEvent;
    const seq = i + 1;
    if (event.type === 'seated') {
      if (record.players?.[event.seat]?.playerId !== event.playerId)
        problems.push(`players: event ${seq} seats ${event.playerId} as ${event.seat}, the record names ${record.players?.[event.seat]?.playerId ?? 'nobody'}`);
      state = evolve(state, event);
      i++;
      continue;
    }
    const m = moveOf(event);
    if (!m || !SEATS.includes(m.seat)) {
      problems.push(`moves: event ${seq} (${event.type}) does not start a move: some event before it is missing or extra`);
      return { state, upTo: i, complete: false };
    }
    const decision: Decision = m.move === 'timeOut' ? timeOut(state, m.seat) : decide(state, m.seat, m.move);
    const moveText = m.move === 'timeOut' ? 'running out of time' : JSON.stringify(m.move);
    if (!decision.ok) {
      problems.push(`moves: event ${seq}: ${m.seat} ${moveText} is not legal there (${decision.error.code}: ${decision.error.detail})`);
      return { state, upTo: i, complete: false };
    }
    const logged = events.slice(i, i + decision.events.length);
    const bad = decision.events.findIndex((e, k) => !same(e, logged[k]));
    if (bad >= 0) {
      problems.push(
        `moves: ${m.seat} ${moveText} (event ${seq}) causes ${JSON.stringify(decision.events[bad])} as event ${seq + bad}, ` +
          `but the record has ${logged[bad] ? JSON.stringify(logged[bad]) : 'nothing'}`,
      );
      return { state, upTo: i, complete: false };
    }
    for (const e of decision.events) state = evolve(state, e);
    i += decision.events.length;
    moves++;
  }
  passed.push(`moves: ${count(moves, 'move', 'moves')} re-derived from the log, each legal and causing exactly the logged events`);
  counts.moves = moves;
  return { state, upTo: i, complete: true };
}

/** 4. The end: the replayed game is finished with the record's result. */
function checkEnd(record: GameRecord, state: State, { passed, problems }: Findings): void {
  if (state.phase !== 'finished' || !state.result) problems.push(`result: the log ends in the ${state.phase} phase, not with a finished game`);
  else if (!same(state.result, record.result))
    problems.push(`result: replaying gives ${describeResult(state.result)} ${JSON.stringify(state.result)}, the record says ${JSON.stringify(record.result)}`);
  else passed.push(`result: ${describeResult(state.result)}, as recorded`);
}

/** Reads a record from JSON text, failing with a readable message. */
export function parseRecord(text: string): GameRecord {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw new Error(`the record is not valid JSON: ${(e as Error).message}`);
  }
  return parsed as GameRecord;
}
