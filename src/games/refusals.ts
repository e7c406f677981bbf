// What the games refuse, and the engine's refusals of a move they answer: the codes, their
// problems, and the fields a game's problem carries beside the platform's.
import { z } from '@hono/zod-openapi';
import type { EngineErrorCode } from '../engine/index.ts';
import type { Problems } from '../platform/http/problems.ts';
import { gameExamples } from './examples.ts';
import { ViewSchema } from './schemas.ts';

/** The refusals of src/games, and the cap on the games one player leaves waiting (open-caps.ts). */
export const GAME_REFUSALS = {
  NOT_A_PLAYER: { status: 403, rank: 1, description: 'you do not sit at this game' },
  NOT_YOUR_GAME: { status: 403, rank: 2, description: 'only the creator of a game calls it off' },
  NOT_YOUR_CHALLENGE: { status: 403, rank: 5, description: 'only the player a game or match is reserved for declines it' },
  SEAT_RESERVED: { status: 403, rank: 6, description: 'the free seat is reserved for another player' },
  GAME_NOT_FOUND: { status: 404, rank: 2, description: 'no game with this id', example: { detail: `there is no game ${gameExamples.gameId}` } },
  RECORD_NOT_AVAILABLE: { status: 404, rank: 9, description: 'the record is published when the game is finished' },
  VERSION_CONFLICT: {
    status: 409,
    rank: 1,
    description: 'the game is not at the version the request was made for (with the current `version` and `view`)',
    example: { detail: 'the game is at version 6, not 5', extra: gameExamples.conflict },
  },
  SEAT_TAKEN: { status: 409, rank: 2, description: 'both seats are taken' },
  ALREADY_SEATED: { status: 409, rank: 3, description: 'you already sit at this game' },
  GAME_NOT_FINISHED: { status: 409, rank: 11, description: 'the game is not finished: a rematch and an analysis follow a finished game' },
  GAME_NOT_STARTED: { status: 422, rank: 12, description: 'the game starts when the second player joins' },
  INVALID_OPPONENT: { status: 422, rank: 14, description: 'the opponent is yourself, no known player, or a deleted one' },
  NO_DEADLINE: { status: 422, rank: 15, description: 'the game was created without turnSeconds' },
  DEADLINE_NOT_REACHED: {
    status: 422,
    rank: 16,
    description: 'the player to move still has time (with `deadline`)',
    example: { detail: `the player to move has until ${gameExamples.deadline}`, extra: { deadline: gameExamples.deadline } },
  },
  YOUR_TURN: { status: 422, rank: 17, description: 'you are the player to move: only the waiting player can claim a timeout' },
  GAME_STARTED: { status: 422, rank: 18, description: 'the game has begun: it can no longer be called off or declined' },
  GAME_CANCELLED: { status: 422, rank: 19, description: 'the game was called off before it began' },
  MATCH_GAME: { status: 422, rank: 23, description: 'the game belongs to a match, which goes on by itself' },
  RATED_NEEDS_ACCOUNT: { status: 422, rank: 24, description: 'rated play is between two accounts: a guest can neither create nor join a rated game or match' },
  RATED_WITH_SEED: { status: 422, rank: 25, description: 'a rated game is never a practice deal: leave out seed' },
  RATED_TURN_SECONDS: { status: 422, rank: 26, description: 'a rated game or match gives 10..300 seconds per move (default 60)' },
  TOO_MANY_WAITING_GAMES: { status: 429, rank: 2, description: 'you have as many games waiting for a second player as one player may (10): call one off, or wait until one starts' },
} satisfies Problems;

declare module '../platform/errors.ts' {
  interface Refusals extends Record<keyof typeof GAME_REFUSALS, 'games'> {}
}

/** The engine's refusals of a move (src/engine ERROR_CODES), every one of them, as the games answer them. */
export const ENGINE_PROBLEMS = {
  INVALID_MOVE: { status: 422, rank: 1, description: 'not a move the engine knows, or a malformed one' },
  WRONG_PHASE: { status: 422, rank: 2, description: 'a move of a kind the game is not at now' },
  NOT_YOUR_TURN: { status: 422, rank: 3, description: 'it is the other player’s turn', example: { detail: "it is forehand's turn" } },
  GAME_FINISHED: { status: 422, rank: 4, description: 'the game is over' },
  ILLEGAL_CARD: { status: 422, rank: 5, description: 'a card that is neither open on one of your stacks nor in your hand' },
  MUST_FOLLOW_SUIT: { status: 422, rank: 6, description: 'a card that does not follow suit while you can' },
  ILLEGAL_CUT: { status: 422, rank: 7, description: 'a cut outside 4..28', example: { detail: 'cut with "at" an integer from 4 to 28' } },
  ILLEGAL_GAME: { status: 422, rank: 8, description: 'a game or an announcement not allowed here' },
  ILLEGAL_BID: { status: 422, rank: 9, description: 'a bid that is no Skat value, not higher than the last, or not yours to make' },
  ILLEGAL_DISCARD: { status: 422, rank: 10, description: 'not exactly two different cards of your hand' },
} satisfies Problems<EngineErrorCode>;

/** What a game's problem carries beside the platform's fields (the document's Problem has them). */
export const GAME_PROBLEM_FIELDS = {
  version: z.number().int().optional().openapi({ description: "on VERSION_CONFLICT: the game's current version" }),
  view: ViewSchema.optional().openapi({ description: 'on VERSION_CONFLICT: the current view' }),
  deadline: z.string().optional().openapi({ description: 'on DEADLINE_NOT_REACHED: when the player to move runs out of time' }),
};
