// Values made once per version of their key and shared by everyone who asks for that version: a
// commit wakes all of a game's streams at once, and each would otherwise make the same value (a
// view, a stream's round, its JSON) again. Knows nothing of what the values are (games/shared-views.ts).

interface Entry<T> {
  version: number;
  value: Promise<T>;
  /** The value once made (a commit's push to streams takes it without a promise). */
  made?: T;
}

/** Values made once per version of their key, kept for the newest version, at most `max` keys. */
export class SharedByVersion<T> {
  /** Insertion order is recency: the oldest entry goes past `max`. */
  private readonly entries = new Map<string, Entry<T>>();
  /** Values made, and values handed out again (tests, the benchmark). */
  readonly stats = { made: 0, shared: 0 };

  constructor(private readonly max = 4096) {}

  get(key: string, version: number, make: () => Promise<T>): Promise<T> {
    const entry = this.entries.get(key);
    if (entry && entry.version === version) {
      this.stats.shared++;
      return entry.value;
    }
    this.stats.made++;
    const value = make();
    // A stream still on an older version than the one kept (it woke late) gets its own.
    if (entry && entry.version > version) return value;
    const kept: Entry<T> = { version, value };
    this.keep(key, kept);
    value.then(
      (made) => {
        kept.made = made;
      },
      // A failed value is not kept: the next stream makes it again.
      () => {
        if (this.entries.get(key) === kept) this.entries.delete(key);
      },
    );
    return value;
  }

  /**
   * The value of `key` at `version` at once: the one made already, or `make`'s (undefined: it
   * cannot be made without waiting, nor is it made yet; `get` then).
   */
  now(key: string, version: number, make: () => T | undefined): T | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.version === version) {
      if (entry.made === undefined) return undefined;
      this.stats.shared++;
      return entry.made;
    }
    const made = make();
    if (made === undefined) return undefined;
    this.stats.made++;
    if (!entry || entry.version < version) this.keep(key, { version, value: Promise.resolve(made), made });
    return made;
  }

  private keep(key: string, entry: Entry<T>): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    // biome-ignore lint/style/noNonNullAssertion: the map is over its size, so it has a first key
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }
}
