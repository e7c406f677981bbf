// `random`: a uniformly random legal move (the floor every other strategy is measured from).
import type { Strategy } from './strategy.ts';

export const random: Strategy = (view, _memory, pick) => {
  if (view.legalMoves.length === 0) throw new Error('no legal move');
  return view.legalMoves[pick(view.legalMoves.length)];
};
