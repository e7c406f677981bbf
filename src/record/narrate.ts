// The readable account of a record: the deal, the decisions, then each trick with its winner and
// points, told from the logged events (verify-record.ts checks them; this only narrates).
import { evolve, initialState, type Config, type GameEvent, type Result, type Seat, type State } from '../engine/index.ts';

/** What the account needs of a record (verify-record.ts's GameRecord). */
interface Told {
  id: string;
  config: Config;
  serverSeed: string;
  players: Record<Seat, { name: string } | null>;
}

/** The game of `record` told line by line, over `events` (the ones that replayed). */
export function narrate(record: Told, events: readonly GameEvent[]): string[] {
  const account: string[] = [];
  const names = (s: Seat) => record.players?.[s]?.name ?? s;
  account.push(
    `Game ${record.id}: ${record.config.variant}, ${record.config.scoring} scoring${record.config.practice ? ', practice deal' : ''}; ` +
      `forehand ${names('forehand')}, dealer ${names('dealer')}`,
  );
  const tell = new Narrator(account, names);
  let state: State = initialState(record.config, record.serverSeed);
  for (const e of events) {
    tell.event(e, state);
    state = evolve(state, e);
  }
  return account;
}

export function describeResult(r: Result): string {
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

