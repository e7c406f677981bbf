// The engine's public face: a decider (initialState, decide, evolve) plus views.
export * from './types.ts';
export { DECK, POINTS, isCard, pointsOf, suitOf, rankOf } from './cards.ts';
export { shuffle, cutDeck, seedCommitment, isSeedHex, MIN_CUT, MAX_CUT } from './seed.ts';
export { DEAL_STAGES, STACK_COUNT, TRICK_COUNT } from './deal.ts';
export { BID_VALUES, isBidValue } from './bids.ts';
export { initialState, other, cutDeckOf, type State, type Contract } from './state.ts';
export { decide, timeOut } from './decide.ts';
export { evolve } from './evolve.ts';
export { legalMoves } from './legal.ts';
export { view, viewEvent, visibleCards } from './view.ts';
export { replay } from './replay.ts';
export { finalResult, matadors, BASE_VALUE } from './score.ts';
export { beats, trickRules, trickWinnerIndex } from './trumps.ts';
