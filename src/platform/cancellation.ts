// Ending a wait early (a long poll or a stream whose client went away, a wait that is over).
// An AbortController is a web EventTarget: making one, and adding and removing its listeners,
// cost a long poll ~15 µs of the server's time in `npm run bench:http` (two per poll, linked).
// This is the little of it that the waits use.

export class Cancellation {
  #cancelled = false;
  #listeners: (() => void)[] = [];

  get cancelled(): boolean {
    return this.#cancelled;
  }

  /** Cancels, once: every listener runs (in the order added). */
  cancel(): void {
    if (this.#cancelled) return;
    this.#cancelled = true;
    const listeners = this.#listeners;
    this.#listeners = [];
    for (const fn of listeners) fn();
  }

  /** Runs `fn` on cancelling (at once if cancelled already); the returned function takes it back. */
  onCancel(fn: () => void): () => void {
    if (this.#cancelled) {
      fn();
      return () => {};
    }
    this.#listeners.push(fn);
    return () => {
      const i = this.#listeners.indexOf(fn);
      if (i >= 0) this.#listeners.splice(i, 1);
    };
  }

  /** A new cancellation that is cancelled with `parent` too; `off` unlinks it. */
  static linkedTo(parent: Cancellation | undefined): { cancellation: Cancellation; off: () => void } {
    const cancellation = new Cancellation();
    const off = parent ? parent.onCancel(() => cancellation.cancel()) : () => {};
    return { cancellation, off };
  }
}
