// Players (guests of this service and identities of an external provider): the players' rows,
// with a per-process copy of those seen. The other features use it as Players (players.ts).

import { and, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { accounts, botPresence, players } from './tables.ts';

export type PlayerRow = typeof players.$inferSelect;
/** How many player rows one process keeps (see PlayerStore.known). */
const KNOWN_PLAYERS_MAX = 10_000;

export class PlayerStore {
  constructor(private readonly db: Db) {}

  async createPlayer(input: { name: string; issuer?: string; subject?: string; id?: string }): Promise<PlayerRow> {
    const [row] = await this.db
      .insert(players)
      .values({ id: input.id ?? crypto.randomUUID(), name: input.name, issuer: input.issuer ?? null, subject: input.subject ?? null })
      .returning();
    // biome-ignore lint/style/noNonNullAssertion: INSERT … RETURNING of one row returns that row
    return row!;
  }

  async getPlayer(id: string): Promise<PlayerRow | null> {
    const known = this.known.get(id);
    if (known) return known;
    const [row] = await this.db.select().from(players).where(eq(players.id, id));
    if (row) this.remember(row);
    return row ?? null;
  }

  async getPlayers(ids: readonly string[]): Promise<PlayerRow[]> {
    if (ids.length === 0) return [];
    const known: PlayerRow[] = [];
    const unknown: string[] = [];
    for (const id of ids) {
      const row = this.known.get(id);
      if (row) known.push(row);
      else unknown.push(id);
    }
    if (unknown.length === 0) return known;
    const rows = await this.db.select().from(players).where(inArray(players.id, unknown));
    for (const row of rows) this.remember(row);
    return [...known, ...rows];
  }

  /** Names (and whether each is a bot) by player id, for views: ids not found are left out. */
  async namesOf(ids: Iterable<string | null>): Promise<Map<string, { name: string; bot: boolean }>> {
    const wanted = new Set<string>();
    for (const id of ids) if (id) wanted.add(id);
    return new Map((await this.getPlayers([...wanted])).map((p) => [p.id, { name: p.name, bot: p.bot }]));
  }

  /** As namesOf, from the rows this process knows already; null when one of them is not known. */
  knownNamesOf(ids: Iterable<string | null>): Map<string, { name: string; bot: boolean }> | null {
    const names = new Map<string, { name: string; bot: boolean }>();
    for (const id of ids) {
      if (!id) continue;
      const row = this.known.get(id);
      if (!row) return null;
      names.set(id, { name: row.name, bot: row.bot });
    }
    return names;
  }

  /**
   * Player rows hardly ever change once written (see forget), so every request (the token's player, the names in
   * a view) need not read them again: a bounded per-process copy of rows seen. Only rows that
   * exist are kept, so it can never answer for a player another process has not created yet.
   */
  private readonly known = new Map<string, PlayerRow>();
  /**
   * A row changed after all (an account's claim made it a bot, a deletion renamed it): the next
   * request reads it again. Every process hears of it through the notifier (accounts/profiles.ts).
   */
  forget(id: string): void {
    this.known.delete(id);
  }
  forgetAll(): void {
    this.known.clear();
  }
  private remember(row: PlayerRow): void {
    // biome-ignore lint/style/noNonNullAssertion: the cache is full, so it has a first key
    if (this.known.size >= KNOWN_PLAYERS_MAX) this.known.delete(this.known.keys().next().value!);
    this.known.set(row.id, row);
  }

  /**
   * Which of these players have an account (rated play is between accounts only). A player being
   * deleted has none any more, even while its account's row is still there.
   */
  async withAccounts(ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .select({ id: accounts.playerId })
      .from(accounts)
      .innerJoin(players, eq(players.id, accounts.playerId))
      .where(and(inArray(accounts.playerId, [...ids]), isNull(players.deletedAt)));
    return new Set(rows.map((r) => r.id));
  }

  /** The player behind an external token; the first sight creates it (racing requests agree). */
  async findOrCreateExternalPlayer(issuer: string, subject: string, name: string): Promise<PlayerRow> {
    const find = async () =>
      (await this.db.select().from(players).where(and(eq(players.issuer, issuer), eq(players.subject, subject))))[0];
    const found = await find();
    if (found) return found;
    const [created] = await this.db
      .insert(players)
      .values({ id: crypto.randomUUID(), name, issuer, subject })
      .onConflictDoNothing({ target: [players.issuer, players.subject] })
      .returning();
    // biome-ignore lint/style/noNonNullAssertion: the insert lost a race on (issuer, subject): the winner's row is there now
    return created ?? (await find())!;
  }

  /**
   * The house bots (src/house: bot accounts with a level), each with whether it plays now (a player
   * stream of it open at `now`: its process runs).
   */
  async houseBots(now: Date): Promise<{ playerId: string; level: string; online: boolean }[]> {
    const open = this.db
      .select({ id: botPresence.id })
      .from(botPresence)
      .where(and(eq(botPresence.playerId, players.id), gt(botPresence.leaseUntil, now)));
    const rows = await this.db
      .select({ playerId: players.id, level: players.houseLevel, online: sql<boolean>`exists (${open})` })
      .from(players)
      .where(and(isNotNull(players.houseLevel), eq(players.bot, true), isNull(players.deletedAt)));
    return rows.map((r) => ({ playerId: r.playerId, level: r.level ?? '', online: Boolean(r.online) }));
  }
}
