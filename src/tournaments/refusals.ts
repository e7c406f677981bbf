// What the tournaments refuse: the codes, and their problems.
import type { Problems } from '../platform/http/problems.ts';

/** The refusals of src/tournaments. */
export const TOURNAMENT_REFUSALS = {
  TOURNAMENT_NOT_FOUND: { status: 404, rank: 5, description: 'no tournament with this id' },
  TOURNAMENT_FULL: { status: 409, rank: 9, description: 'the tournament has as many players as its maxPlayers' },
  ALREADY_WITHDRAWN: { status: 409, rank: 10, description: 'you have withdrawn from this tournament already' },
  TOURNAMENT_OPTIONS: { status: 422, rank: 27, description: 'options that do not fit the system: minutes for an arena only, rounds and gamesPerRound for Swiss only, a rated one with bots or a deadline outside 10..300 s' },
  TOURNAMENT_STARTS_AT: { status: 422, rank: 28, description: 'startsAt is in the past or more than 30 days ahead' },
  TOURNAMENT_FINISHED: { status: 422, rank: 29, description: 'the tournament is over: nobody joins or withdraws any more' },
  TOURNAMENT_ENTRY_CLOSED: { status: 422, rank: 30, description: 'a Swiss event takes no entries and no withdrawals once its last round is paired' },
  BOTS_NOT_ALLOWED: { status: 422, rank: 31, description: 'this tournament is for people only (bots: "none")' },
  BOTS_ONLY: { status: 422, rank: 32, description: 'this tournament is a bot league (bots: "only")' },
  NOT_TOURNAMENT_CREATOR: { status: 403, rank: 12, description: 'only the creator of the tournament adds house bots to it' },
  ALREADY_ENTERED: { status: 409, rank: 11, description: 'a house bot asked for is in the tournament already' },
  HOUSE_BOT_NOT_RUNNING: { status: 422, rank: 34, description: 'no house bot of a level asked for plays on this service now (the level is unknown, or HOUSE_BOTS leaves it off)' },
  NOT_IN_TOURNAMENT: { status: 422, rank: 33, description: 'you have not joined this tournament' },
  NOT_AN_ARENA: { status: 422, rank: 34, description: 'a pause is for arenas: a Swiss event pairs everyone present each round (withdraw to leave it)' },
  TOO_MANY_TOURNAMENTS: { status: 429, rank: 1, description: 'you have as many tournaments as one account may (5 upcoming; not finished, 10 by default), or your address as many not finished as one may (20 by default): wait until one starts or ends' },
} satisfies Problems;

declare module '../platform/errors.ts' {
  interface Refusals extends Record<keyof typeof TOURNAMENT_REFUSALS, 'tournaments'> {}
}
