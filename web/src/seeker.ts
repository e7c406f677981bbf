// One seek of this page at a time: posted (whileConnected: it lasts while the page's player stream
// is open), then followed until it is paired, and the table opened. The player stream's gameStart
// or matchStart says so at once (seekEnded that it left the pool unpaired); GET /v1/seeks/{id} every few seconds is the fallback (a proxy that
// buffers the stream, a dropped connection). Leaving the page's lobby withdraws a seek still waiting.
import { isApiError } from '@offiziersskat/client';
import type { App } from './app.ts';
import { followMyGames } from './mygames.ts';
import type { NewSeek, SeekState } from './rated-api.ts';

const POLL_MS = 2_000;

export type SeekerState = { kind: 'idle' } | { kind: 'posting'; seek: NewSeek } | { kind: 'waiting'; seek: NewSeek; seekId: string } | { kind: 'ended'; reason?: 'withdrawn' | 'expired' | 'disconnected' } | { kind: 'failed'; message: string };

/** Where a paired seek leads: its game's table, or its match's sheet. */
export const tableOf = (s: Pick<SeekState, 'gameId' | 'matchId'>): string | null => (s.matchId ? `/play/match/${s.matchId}` : s.gameId ? `/play/${s.gameId}` : null);

export class Seeker {
  state: SeekerState = { kind: 'idle' };
  #timer: ReturnType<typeof setTimeout> | undefined;
  #looking = false;

  constructor(
    private readonly app: App,
    private readonly signal: AbortSignal,
    private readonly onChange: () => void,
  ) {
    void followMyGames(app.session, (event) => {
      if (this.state.kind !== 'waiting') return;
      // Paired (its table opens), or ended unpaired (withdrawn in another tab, expired): look now.
      if (event.type === 'gameStart' || event.type === 'matchStart' || (event.type === 'seekEnded' && event.seekId === this.state.seekId)) void this.#look();
    }, signal);
    signal.addEventListener('abort', () => {
      clearTimeout(this.#timer);
      // Leaving without a table: the seek goes too (else a game would start that nobody watches).
      if (this.state.kind === 'waiting') void this.app.session.client.withdrawSeek(this.state.seekId).catch(() => {});
    });
  }

  get busy(): boolean {
    return this.state.kind === 'posting' || this.state.kind === 'waiting';
  }

  async seek(body: NewSeek): Promise<void> {
    if (this.busy) return;
    this.#set({ kind: 'posting', seek: body });
    try {
      const answer = await this.app.session.client.createSeek({ ...body, whileConnected: true });
      if (this.signal.aborted) return void this.app.session.client.withdrawSeek(answer.seekId).catch(() => {});
      if (this.#opened(answer)) return;
      this.#set({ kind: 'waiting', seek: body, seekId: answer.seekId });
      this.#schedule();
    } catch (e) {
      this.#set({ kind: 'failed', message: this.app.describe(e) });
    }
  }

  async cancel(): Promise<void> {
    if (this.state.kind !== 'waiting') return;
    const { seekId } = this.state;
    clearTimeout(this.#timer);
    try {
      await this.app.session.client.withdrawSeek(seekId);
      this.#set({ kind: 'idle' });
    } catch (e) {
      // Paired in the meantime: the table, not a refusal.
      await this.#look();
      if (this.state.kind === 'waiting') this.#set({ kind: 'failed', message: this.app.describe(e) });
    }
  }

  /** Back to the grid after a message. */
  reset(): void {
    if (!this.busy) this.#set({ kind: 'idle' });
  }

  #set(state: SeekerState): void {
    this.state = state;
    if (!this.signal.aborted) this.onChange();
  }

  #schedule(): void {
    clearTimeout(this.#timer);
    if (!this.signal.aborted && this.state.kind === 'waiting') this.#timer = setTimeout(() => void this.#look(), POLL_MS);
  }

  /** Asks the service how the seek stands: paired opens the table, ended says so, waiting looks again later. */
  async #look(): Promise<void> {
    if (this.state.kind !== 'waiting' || this.#looking) return;
    const { seekId } = this.state;
    this.#looking = true;
    try {
      const now = await this.app.session.client.getSeek(seekId);
      if (this.signal.aborted) return;
      if (this.#opened(now)) return;
      if (now.status !== 'waiting') this.#set({ kind: 'ended', reason: now.status === 'paired' ? undefined : now.status });
    } catch (e) {
      if (this.signal.aborted) return;
      if (isApiError(e) && e.status === 404) this.#set({ kind: 'ended' });
    } finally {
      this.#looking = false;
      this.#schedule();
    }
  }

  #opened(s: SeekState): boolean {
    const path = s.status === 'paired' ? tableOf(s) : null;
    if (!path) return false;
    if (s.gameId) this.app.session.remember(s.gameId);
    if (s.matchId) this.app.session.remember(s.matchId, 'match');
    this.state = { kind: 'idle' };
    this.app.navigate(path);
    return true;
  }
}
