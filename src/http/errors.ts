// The engine's rule errors as HTTP answers. The engine knows nothing of HTTP; this is the edge.
import type { EngineError, EngineErrorCode } from '../engine/index.ts';
import { ProblemError } from './problem.ts';

const STATUS: Record<EngineErrorCode, 400 | 409 | 422> = {
  INVALID_MOVE: 422,
  WRONG_PHASE: 422,
  NOT_YOUR_TURN: 422,
  GAME_FINISHED: 422,
  ILLEGAL_CARD: 422,
  MUST_FOLLOW_SUIT: 422,
  ILLEGAL_CUT: 422,
  ILLEGAL_GAME: 422,
  ILLEGAL_BID: 422,
  ILLEGAL_DISCARD: 422,
};

export function engineProblem(error: EngineError, extra: Record<string, unknown> = {}): ProblemError {
  return new ProblemError(STATUS[error.code], error.code, error.detail, extra);
}
