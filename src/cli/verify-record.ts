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
// It also writes a readable, trick-by-trick account of the game.
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
  type Result,
  type Seat,
  type State,
} from '../engine/index.ts';

export interface GameRecord {
  id: string;
  config: Config;
  serverSeed: string;
  seedCommitment: string;
  cut: number | null;
  players: Record<Seat, { playerId: string; name: string } | null>;
  events: { seq: number; event: GameEvent }[];
  result: Result | null;
}

export interface Verification {
  ok: boolean;
  /** What was checked and held. */
  passed: string[];
  /** Every mismatch found, each a sentence naming where. */
  problems: string[];
  /** The game told trick by trick (as far as the record could be replayed). */
  account: string[];
}

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

/** Structural checks a record must pass before anything is recomputed from it. */
function shapeProblems(r: GameRecord): string[] {
  const out: string[] = [];
  if (typeof r !== 'object' || r === null) return ['the record is not a JSON object'];
  const c = r.config as Partial<Config> | undefined;
  if (!c || typeof c !== 'object') out.push('config: missing');
  else {
    if (!VARIANTS.includes(c.variant!)) out.push(`config.variant: ${JSON.stringify(c.variant)} is not one of ${VARIANTS.join(', ')}`);
    if (!SCORINGS.includes(c.scoring!)) out.push(`config.scoring: ${JSON.stringify(c.scoring)} is not one of ${SCORINGS.join(', ')}`);
    if (!RAMSCH_TRUMPS.includes(c.ramschTrumps!)) out.push(`config.ramschTrumps: ${JSON.stringify(c.ramschTrumps)} is not one of ${RAMSCH_TRUMPS.join(', ')}`);
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
  const passed: string[] = [];
  const problems: string[] = [];
  const account: string[] = [];
  const shape = shapeProblems(record);
  if (shape.length > 0) return { ok: false, passed, problems: shape.map((p) => `malformed record: ${p}`), account };

  // 1. The seed against its commitment.
  const commitment = seedCommitment(record.serverSeed);
  if (commitment === record.seedCommitment.toLowerCase()) passed.push(`seed: SHA-256(serverSeed) = seedCommitment ${commitment.slice(0, 16)}…`);
  else problems.push(`seed: SHA-256(serverSeed) is ${commitment}, but the published seedCommitment is ${record.seedCommitment}`);

  const events = record.events.map((e) => e.event);
  const names = (s: Seat) => record.players?.[s]?.name ?? s;
  account.push(
    `Game ${record.id}: ${record.config.variant}, ${record.config.scoring} scoring${record.config.practice ? ', practice deal' : ''}; ` +
      `forehand ${names('forehand')}, dealer ${names('dealer')}`,
  );

  // 2. The deal: each dealt event is the next batch of the staged deal, cut from the seed's deck.
  const cutEvent = events.find((e) => e.type === 'cut');
  if (record.cut !== (cutEvent?.type === 'cut' ? cutEvent.at : null))
    problems.push(`cut: the record says ${record.cut}, its cut event says ${cutEvent?.type === 'cut' ? cutEvent.at : 'nothing (no cut event)'}`);
  if (cutEvent?.type === 'cut') {
    const deck = cutDeck(shuffle(record.serverSeed), cutEvent.at);
    const batches = DEAL_STAGES[record.config.variant].flat();
    let next = 0;
    let dealOk = true;
    record.events.forEach(({ seq, event }) => {
      if (event.type !== 'dealt') return;
      const b = batches[next++];
      const where = b ? `deck positions ${b.from}–${b.from + b.count - 1}` : 'nothing more';
      if (!b) {
        problems.push(`deal: event ${seq} deals more cards than the ${record.config.variant} deal has`);
        dealOk = false;
        return;
      }
      const expected = { type: 'dealt', seat: b.seat, to: b.to, stacks: b.stacks, cards: deck.slice(b.from, b.from + b.count) };
      if (!same(expected, event)) {
        dealOk = false;
        problems.push(
          `deal: event ${seq} should deal ${where} (${expected.cards.join(' ')}) ${b.to === 'stock' ? 'to the stock' : `to ${b.seat} ${b.to}${b.stacks.length ? ` stacks ${b.stacks.map((s) => s + 1).join(',')}` : ''}`}, ` +
            `but the record has ${event.cards.join(' ')} to ${event.seat ?? 'the stock'} ${event.to}${event.stacks.length ? ` stacks ${event.stacks.map((s) => s + 1).join(',')}` : ''}`,
        );
      }
    });
    if (dealOk) passed.push(`deal: ${next} dealt batch(es) match the deck recomputed from the seed, cut at ${cutEvent.at}`);
  }

  // 3. Replay: every move re-derived, decided, and compared with the log.
  let state: State = initialState(record.config, record.serverSeed);
  let i = 0;
  let moves = 0;
  let replayed = true;
  const tell = new Narrator(account, names);
  while (i < events.length) {
    const event = events[i];
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
      replayed = false;
      break;
    }
    const decision: Decision = m.move === 'timeOut' ? timeOut(state, m.seat) : decide(state, m.seat, m.move);
    const moveText = m.move === 'timeOut' ? 'running out of time' : JSON.stringify(m.move);
    if (!decision.ok) {
      problems.push(`moves: event ${seq}: ${m.seat} ${moveText} is not legal there (${decision.error.code}: ${decision.error.detail})`);
      replayed = false;
      break;
    }
    const logged = events.slice(i, i + decision.events.length);
    const bad = decision.events.findIndex((e, k) => !same(e, logged[k]));
    if (bad >= 0) {
      const at = seq + bad;
      problems.push(
        `moves: ${m.seat} ${moveText} (event ${seq}) causes ${JSON.stringify(decision.events[bad])} as event ${at}, ` +
          `but the record has ${logged[bad] ? JSON.stringify(logged[bad]) : 'nothing'}`,
      );
      replayed = false;
      break;
    }
    for (const e of decision.events) {
      tell.event(e, state);
      state = evolve(state, e);
    }
    i += decision.events.length;
    moves++;
  }
  if (replayed) passed.push(`moves: ${moves} moves re-derived from the log, each legal and causing exactly the logged events`);

  // 4. The end.
  if (replayed) {
    if (state.phase !== 'finished') problems.push(`result: the log ends in the ${state.phase} phase, not with a finished game`);
    else if (!same(state.result, record.result))
      problems.push(`result: replaying gives ${describeResult(state.result!)} ${JSON.stringify(state.result)}, the record says ${JSON.stringify(record.result)}`);
    else passed.push(`result: ${describeResult(state.result!)}, as recorded`);
  }
  if (!record.result) problems.push('result: the record has none');
  return { ok: problems.length === 0, passed, problems, account };
}

function describeResult(r: Result): string {
  const sign = (n: number) => (n > 0 ? `+${n}` : String(n));
  const scores = `forehand ${sign(r.scores.forehand)}, dealer ${sign(r.scores.dealer)}`;
  if (r.passedIn) return `passed in (${scores})`;
  if (!r.declarer) return `ended before a game was fixed (${scores})`;
  const outcome = r.draw ? 'drew' : r.won ? 'won' : 'lost';
  const how = r.resigned ? `, ${r.resigned} resigned` : r.timedOut ? `, ${r.timedOut} ran out of time` : '';
  return `${r.declarer} ${outcome} ${r.game} with ${r.declarerPoints} card points${how} (${scores})`;
}

/** Tells events as lines: the deal, the decisions, then each trick with its winner and points. */
class Narrator {
  private trick: string[] = [];
  private tricks = 0;
  constructor(
    private readonly out: string[],
    private readonly names: (s: Seat) => string,
  ) {}

  event(e: GameEvent, before: State): void {
    const who = (s: Seat) => `${s} (${this.names(s)})`;
    switch (e.type) {
      case 'cut':
        return void this.out.push(`${who(e.seat)} cuts at ${e.at}.`);
      case 'dealt': {
        const to = e.to === 'stock' ? 'the stock' : e.to === 'hand' ? `${e.seat}'s hand` : `${e.seat} ${e.to} stacks ${e.stacks.map((s) => s + 1).join(',')}`;
        return void this.out.push(`  dealt to ${to}: ${e.cards.join(' ')}`);
      }
      case 'declared':
        return void this.out.push(`${who(e.seat)} declares ${e.game}${e.hand ? ' hand' : ''}${e.schwarz ? ', schwarz announced' : e.schneider ? ', schneider announced' : ''}.`);
      case 'kontra':
      case 're':
        return void this.out.push(`${who(e.seat)} says ${e.type}.`);
      case 'passed':
        return void this.out.push(`${who(e.seat)} passes.`);
      case 'bid':
        return void this.out.push(`${who(e.seat)} bids ${e.value}.`);
      case 'held':
        return void this.out.push(`${who(e.seat)} holds ${e.value}.`);
      case 'stockPickedUp':
        return void this.out.push(`${who(e.seat)} picks up the stock: ${e.cards.join(' ')}.`);
      case 'discarded':
        return void this.out.push(`${who(e.seat)} lays away ${e.cards.join(' ')}.`);
      case 'played':
        if (this.trick.length === 0 && this.tricks === 0) this.out.push('Play:');
        this.trick.push(`${e.seat} ${e.card}`);
        return;
      case 'trickTaken': {
        this.tricks++;
        const pts = { ...before.points, [e.winner]: before.points[e.winner] + e.points };
        this.out.push(
          `  trick ${String(this.tricks).padStart(2)}: ${this.trick.join(', ').padEnd(24)} → ${e.winner} takes ${e.points}` +
            `  (forehand ${pts.forehand}, dealer ${pts.dealer})`,
        );
        this.trick = [];
        return;
      }
      case 'turned':
        return void this.out.push(`             ${e.seat} turns up ${e.card} on stack ${e.stack + 1}`);
      case 'resigned':
        return void this.out.push(`${who(e.seat)} resigns.`);
      case 'timedOut':
        return void this.out.push(`${who(e.seat)} ran out of time.`);
      case 'finished':
        if (this.trick.length) this.out.push(`  unfinished trick: ${this.trick.join(', ')}`);
        return void this.out.push(`Result: ${describeResult(e.result)}${e.result.kontra ? (e.result.re ? ', kontra and re' : ', kontra') : ''}.`);
      case 'seated':
        return;
    }
  }
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
