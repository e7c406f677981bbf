// The ratings' application layer: rating a finished rated game (handed to the games' command
// handler, which writes it with the game's end), a player's ratings and history, the
// leaderboards, and a player's rating for the pairing pool.
import type { PlayerNotice } from '../platform/streams/player-events.ts';
import { writeRatedEnd, type RatingsEnd, type StoredRating } from './rated-end.ts';
import type { BotFilter, RatingStore } from './store.ts';
import type { Seat, Variant } from '../engine/index.ts';
import type { Game, Rated, Rater } from '../games/index.ts';
import { initialRating, isProvisional, rateGame, shown } from './glicko.ts';
import { scoresOf } from './outcome.ts';

export interface RatingServiceDeps {
  store: RatingStore;
  /** A rating is provisional while its RD is above this (docs/api.md: 110; RATING_PROVISIONAL_RD). */
  provisionalRd: number;
}


/** A rating as shown on a player. */
export interface ShownRating {
  rating: number;
  rd: number;
  volatility: number;
  games: number;
  provisional: boolean;
}

const SEATS: Seat[] = ['forehand', 'dealer'];

export class RatingService implements Rater {
  constructor(private readonly deps: RatingServiceDeps) {}

  /**
   * How a game just finished moves the ratings, from its players' ratings as they are now; null
   * when it does not (an unrated game, or a passed-in one). Written with the game's end, which
   * refuses it if a rating moved meanwhile (then this is asked again).
   */
  async rate(game: Game, at: Date): Promise<Rated | null> {
    const { row, state } = game;
    if (!row.rated || !state.result) return null;
    const scores = scoresOf(state.result);
    const forehand = row.forehandPlayerId;
    const dealer = row.dealerPlayerId;
    if (!scores || !forehand || !dealer) return null;
    const variant = row.config.variant;
    const known = await this.deps.store.ratingsOf([forehand, dealer], variant);
    const before: Record<Seat, StoredRating> = { forehand: known.get(forehand) ?? initialRating(), dealer: known.get(dealer) ?? initialRating() };
    const [f, d] = rateGame(before.forehand, before.dealer, scores.forehand);
    const after: Record<Seat, StoredRating> = { forehand: f, dealer: d };
    const ids: Record<Seat, string> = { forehand, dealer };
    const end: RatingsEnd = {
      gameId: row.id,
      variant,
      players: SEATS.map((seat) => ({ playerId: ids[seat], seat, before: before[seat], after: after[seat] })),
      changes: {
        forehand: { before: shown(before.forehand.rating), after: shown(f.rating) },
        dealer: { before: shown(before.dealer.rating), after: shown(d.rating) },
      },
      at,
    };
    const notices = SEATS.map(
      (seat): PlayerNotice => ({
        playerId: ids[seat],
        event: {
          type: 'ratingChanged',
          gameId: row.id,
          variant,
          before: shown(before[seat].rating),
          after: shown(after[seat].rating),
          rd: after[seat].rd,
          games: after[seat].games,
          provisional: isProvisional(after[seat], this.deps.provisionalRd),
        },
      }),
    );
    return { end: { changes: end.changes, write: (query, guarded) => writeRatedEnd(query, end, guarded) }, notices };
  }

  /** The player's ratings by variant (a variant appears once the player is rated there). */
  async ratingsOf(playerId: string): Promise<Partial<Record<Variant, ShownRating>>> {
    const out: Partial<Record<Variant, ShownRating>> = {};
    for (const r of await this.deps.store.ofPlayer(playerId))
      out[r.variant] = { rating: r.rating, rd: r.rd, volatility: r.volatility, games: r.games, provisional: isProvisional(r, this.deps.provisionalRd) };
    return out;
  }

  /** One point per rated game, oldest first. */
  async history(playerId: string, variant: Variant) {
    const points = await this.deps.store.history(playerId, variant);
    return { items: points.map((p) => ({ gameId: p.gameId, at: p.at.toISOString(), rating: p.rating, rd: p.rd, volatility: p.volatility })) };
  }

  /** Non-provisional players of `variant`, highest first. */
  async leaderboard(variant: Variant, query: { bots: BotFilter; limit: number; cursor?: string }) {
    const page = await this.deps.store.leaderboard({ variant, maxRd: this.deps.provisionalRd, ...query });
    return {
      items: page.rows.map((r) => ({ rank: r.rank, playerId: r.playerId, name: r.name, bot: r.bot, rating: r.rating, rd: r.rd, games: r.games })),
      nextCursor: page.nextCursor,
    };
  }
}
