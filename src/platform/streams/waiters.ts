// Admission of waiting requests (long polls and streams): the caps of the process, of a client and
// of an address, the slots streams hold, and the refusals past them. The refusals are raised here
// and nowhere below: the notifier (notifier.ts) only asks before it registers a wait.
import { DomainError } from '../errors.ts';

export const shuttingDown = () => new DomainError('SHUTTING_DOWN', 'this process is shutting down; retry (another one serves)');

export const tooManyWaiters = (mine = false) =>
  new DomainError(
    'TOO_MANY_WAITERS',
    mine ? 'you hold too many waiting requests on this server; end one, or retry shortly' : 'this server holds too many waiting requests; retry shortly',
  );

/**
 * Who waits, for the caps: one or more keys separated by spaces, each counted against its own cap
 * (`player:<id> address:<a>`: the token's player against MAX_WAITERS_PER_CLIENT, the address
 * against MAX_WAITERS_PER_ADDRESS).
 */
export type WaiterClient = string;

/**
 * A waiter slot held for as long as a stream is open: taken before the stream answers anything
 * (so a refusal is a plain 503), used by each of its waits, given back once when it ends.
 */
export interface WaiterSlot {
  readonly held: true;
  release(): void;
}

const isSlot = (client: WaiterClient | WaiterSlot | undefined): client is WaiterSlot => typeof client === 'object';

/**
 * The waiter count of one process, capped, and capped per client and per address too, so one
 * client cannot take every slot of the process. The last tenth of the process's slots is kept for
 * addresses that hold none yet: however many players one address signs up, another address still
 * gets in.
 */
export class Admission {
  private readonly byClient = new Map<string, number>();
  private count = 0;
  private draining = false;
  private readonly kept: number;
  constructor(
    private readonly max: number,
    private readonly maxPerClient = Infinity,
    private readonly maxPerAddress = Infinity,
    /** The refusal past a cap (`mine`: the client's or address's own cap); other slots than waiters' (the exports) say so. */
    private readonly tooMany: (mine: boolean) => DomainError = tooManyWaiters,
  ) {
    this.kept = max >= 10 ? Math.floor(max / 10) : 0;
  }

  get size(): number {
    return this.count;
  }

  hasRoom(client?: WaiterClient): boolean {
    return this.over(client) === null;
  }

  /** Past which cap one more waiter of `client` would be: the process's, its own, or none (null). */
  private over(client?: WaiterClient): 'process' | 'client' | null {
    if (this.count >= this.max) return 'process';
    if (client === undefined) return null;
    for (const key of client.split(' ')) {
      const held = this.byClient.get(key) ?? 0;
      const address = key.startsWith('address:');
      if (held >= (address ? this.maxPerAddress : this.maxPerClient)) return 'client';
      // The kept room is for addresses that hold nothing yet.
      if (address && held > 0 && this.count >= this.max - this.kept) return 'client';
    }
    return null;
  }

  /** The refusal for one more waiter of `client`, or null when it fits. */
  private refusal(client?: WaiterClient): DomainError | null {
    if (this.draining) return shuttingDown();
    const over = this.over(client);
    return over === null ? null : this.tooMany(over === 'client');
  }

  private take(client?: WaiterClient): void {
    this.count++;
    if (client !== undefined) for (const key of client.split(' ')) this.byClient.set(key, (this.byClient.get(key) ?? 0) + 1);
  }

  private give(client?: WaiterClient): void {
    this.count--;
    if (client === undefined) return;
    for (const key of client.split(' ')) {
      const left = (this.byClient.get(key) ?? 1) - 1;
      if (left > 0) this.byClient.set(key, left);
      else this.byClient.delete(key);
    }
  }

  /** A slot for a stream's whole life; throws TOO_MANY_WAITERS (or SHUTTING_DOWN) when none fits. */
  reserve(client?: WaiterClient): WaiterSlot {
    const refused = this.refusal(client);
    if (refused) throw refused;
    this.take(client);
    let held = true;
    return {
      held: true,
      release: () => {
        if (held) this.give(client);
        held = false;
      },
    };
  }

  /**
   * One wait of `client` begins (counted until `leave`), or one within a slot already held
   * (counted there). Throws TOO_MANY_WAITERS past the caps, SHUTTING_DOWN once draining.
   */
  enter(client?: WaiterClient | WaiterSlot): void {
    if (isSlot(client)) {
      this.open();
      return;
    }
    const refused = this.refusal(client);
    if (refused) throw refused;
    this.take(client);
  }

  /** The wait `enter` let in has ended. */
  leave(client?: WaiterClient | WaiterSlot): void {
    if (!isSlot(client)) this.give(client);
  }

  /** Throws SHUTTING_DOWN once draining (a stream's next wait, within its slot). */
  open(): void {
    if (this.draining) throw shuttingDown();
  }

  /** New waits are refused (SHUTTING_DOWN) from now on. */
  drain(): void {
    this.draining = true;
  }
}
