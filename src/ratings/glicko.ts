// The rating math (docs/api.md, "Rated play"): Glicko-2 as Glickman's paper of 2013 gives it, through
// the npm package glicko2 (its "newprocedure": the paper's Illinois iteration for the volatility,
// with the paper's update of 2022). Start 1500 / RD 350 / volatility 0.06, τ = 0.5. Each rated
// game is one rating period of one game for both players, computed from both players' values
// before it; no decay between games (the RD only grows by the volatility inside a period). Pure.
import glicko2 from 'glicko2';

/** Where Glicko-2 starts (docs/api.md, "Rated play"): also the rating of a player not yet rated in a variant. */
export const STARTING_RATING = 1500;

export const GLICKO2 = { rating: STARTING_RATING, rd: 350, volatility: 0.06, tau: 0.5 } as const;

/** A player's rating in one variant. */
export interface Rating {
  rating: number;
  rd: number;
  volatility: number;
  /** Rated games played. */
  games: number;
}

/** A player's score in a game: 1 won, 0 lost, 0.5 a draw. */
export type Score = 0 | 0.5 | 1;

/** Where everyone starts. */
export const initialRating = (): Rating => ({ rating: GLICKO2.rating, rd: GLICKO2.rd, volatility: GLICKO2.volatility, games: 0 });

const system = () => new glicko2.Glicko2({ tau: GLICKO2.tau, rating: GLICKO2.rating, rd: GLICKO2.rd, vol: GLICKO2.volatility, volatility_algorithm: 'newprocedure' });

/**
 * One rating period: `player` against each opponent, with the player's score in each. The
 * opponents' values are as they were before the period. The paper's worked example is one.
 */
export function ratePeriod(player: Rating, results: readonly { opponent: Rating; score: Score }[]): Rating {
  const g = system();
  const me = g.makePlayer(player.rating, player.rd, player.volatility);
  g.updateRatings(results.map(({ opponent, score }) => [me, g.makePlayer(opponent.rating, opponent.rd, opponent.volatility), score]));
  return { rating: me.getRating(), rd: me.getRd(), volatility: me.getVol(), games: player.games + results.length };
}

/** A rated game between `a` and `b` (a's score `scoreA`): both new ratings, from both values before it. */
export function rateGame(a: Rating, b: Rating, scoreA: Score): [Rating, Rating] {
  const scoreB = (1 - scoreA) as Score;
  return [ratePeriod(a, [{ opponent: b, score: scoreA }]), ratePeriod(b, [{ opponent: a, score: scoreB }])];
}

/** A rating as shown (and in ratingChanges): the nearest whole number. */
export const shown = (rating: number) => Math.round(rating);

/** Provisional while the RD is above the threshold (docs/api.md: 110, configurable). */
export const isProvisional = (rating: Pick<Rating, 'rd'>, threshold: number) => rating.rd > threshold;
