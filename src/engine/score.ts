// The result of a game and what is written on the score sheet (RULES.md, "Result and scoring").
import { cardIndex, pointsOf } from './cards.ts';
import { DEAL_STAGES } from './deal.ts';
import { trumpSuitOf } from './trumps.ts';
import { cutDeckCard, other, type Contract, type State } from './state.ts';
import { SUITS, type BySeat, type Card, type Config, type GameType, type Result, type Seat, type Suit } from './types.ts';

export const BASE_VALUE: Record<Exclude<GameType, 'ramsch' | 'null'>, number> = {
  clubs: 12,
  spades: 11,
  hearts: 10,
  diamonds: 9,
  grand: 24,
};
export const NULL_VALUE = 23;
export const NULL_HAND_VALUE = 35;

const JACKS: Card[] = ['CJ', 'SJ', 'HJ', 'DJ'];
const SUIT_TOP_DOWN = ['A', 'T', 'K', 'Q', '9', '8', '7'];

/** The matador order as card indices: the jacks, then (with spitzen) the trump suit top down. */
const JACK_ORDER = JACKS.map(cardIndex);
const SPITZEN_ORDER = Object.fromEntries(
  SUITS.map((suit) => [suit, [...JACKS, ...SUIT_TOP_DOWN.map((r) => `${suit}${r}` as Card)].map(cardIndex)]),
) as Record<Suit, number[]>;

/**
 * Matadors: the unbroken run of trumps from CJ down that `cards` hold ("with", positive) or
 * lack ("without", negative). Jacks only unless `spitzen`, which runs on through the trump suit.
 */
export function matadors(game: GameType, cards: readonly Card[], spitzen: boolean): number {
  const suit = trumpSuitOf(game);
  const order = spitzen && suit ? SPITZEN_ORDER[suit] : JACK_ORDER;
  let held = 0; // bit i: the card of index i is among `cards`
  for (const c of cards) held |= 1 << cardIndex(c);
  const withTop = (held >>> order[0]) & 1;
  let run = 0;
  while (run < order.length && ((held >>> order[run]) & 1) === withTop) run++;
  return withTop ? run : -run;
}

/** Every card the seat received in the deal (plus the stock in the bidding variant). */
export function cardsOfDeal(state: State, seat: Seat): Card[] {
  const out: Card[] = [];
  for (const stage of DEAL_STAGES[state.config.variant])
    for (const b of stage) {
      if (b.seat !== seat && b.seat !== null) continue;
      for (let i = b.from; i < b.from + b.count; i++) out.push(cutDeckCard(state, i));
    }
  return out;
}

/** The declarer's card points: tricks, plus the stock or the discards (bidding). */
export function declarerCardPoints(state: State, declarer: Seat): number {
  return state.points[declarer] + pointsOf(state.stockPickedUp ? state.discards : state.stock);
}

export type Ending =
  | { kind: 'played' }
  | { kind: 'resigned'; seat: Seat }
  | { kind: 'timedOut'; seat: Seat }
  | { kind: 'passedIn' };

const bySeat = (f: (s: Seat) => number): BySeat<number> => ({ forehand: f('forehand'), dealer: f('dealer') });

function emptyResult(state: State): Result {
  return {
    declarer: null,
    game: null,
    won: false,
    declarerPoints: 0,
    defenderPoints: 0,
    schneider: false,
    schwarz: false,
    matadors: 0,
    multiplier: 0,
    value: 0,
    kontra: state.contract?.kontra ?? false,
    re: state.contract?.re ?? false,
    overbid: false,
    durchmarsch: false,
    passedIn: false,
    resigned: null,
    timedOut: null,
    scores: { forehand: 0, dealer: 0 },
  };
}

export function finalResult(state: State, ending: Ending): Result {
  // One result object, filled in (spreading the wide object at each step costs more).
  const result = emptyResult(state);
  const quitter = ending.kind === 'resigned' || ending.kind === 'timedOut' ? ending.seat : null;
  result.resigned = ending.kind === 'resigned' ? ending.seat : null;
  result.timedOut = ending.kind === 'timedOut' ? ending.seat : null;
  if (ending.kind === 'passedIn') {
    result.passedIn = true;
    return result;
  }

  const contract = state.contract;
  if (!contract || contract.game === null) {
    // Nobody fixed a game yet: scored like a lost ramsch of the quitter with 60 points.
    result.scores = quitterScores(state.config, quitter!);
    return result;
  }
  const declarer = contract.declarer;
  const declarerPoints = declarerCardPoints(state, declarer);
  result.declarer = declarer;
  result.game = contract.game;
  result.declarerPoints = declarerPoints;
  result.defenderPoints = 120 - declarerPoints;
  if (contract.game === 'ramsch') return Object.assign(result, ramschResult(state, declarer, quitter));
  if (contract.game === 'null') return Object.assign(result, nullResult(state, contract, quitter));
  return Object.assign(result, suitResult(state, contract, declarerPoints, quitter));
}

function quitterScores(config: Config, loser: Seat): BySeat<number> {
  return config.scoring === 'standard'
    ? bySeat((s) => (s === loser ? -60 : 0))
    : bySeat((s) => (s === loser ? 0 : 2));
}

const kontraFactor = (c: Contract) => (c.re ? 4 : c.kontra ? 2 : 1);

function ramschResult(state: State, chooser: Seat, quitter: Seat | null): Partial<Result> {
  if (quitter) {
    const value = state.config.scoring === 'standard' ? 60 : 2;
    return { won: quitter !== chooser, multiplier: 1, value, scores: quitterScores(state.config, quitter) };
  }
  const pts = state.points;
  const durch = (['forehand', 'dealer'] as const).find((s) => state.tricks[other(s)] === 0 && state.tricks[s] > 0);
  const standard = state.config.scoring === 'standard';
  if (durch) {
    return {
      won: durch === chooser,
      durchmarsch: true,
      schwarz: true,
      multiplier: 1,
      value: standard ? 120 : 4,
      scores: bySeat((s) => (s === durch ? (standard ? 120 : 4) : 0)),
    };
  }
  // Fewer card points wins; 60:60 goes against the player who chose ramsch.
  const loser: Seat =
    pts[chooser] > pts[other(chooser)] || pts[chooser] === pts[other(chooser)] ? chooser : other(chooser);
  return {
    won: loser !== chooser,
    multiplier: 1,
    value: standard ? pts[loser] : 2,
    scores: standard ? bySeat((s) => (s === loser ? -pts[loser] : 0)) : bySeat((s) => (s === loser ? 0 : 2)),
  };
}

function nullResult(state: State, c: Contract, quitter: Seat | null): Partial<Result> {
  const declarer = c.declarer;
  const gameValue = c.hand ? NULL_HAND_VALUE : NULL_VALUE;
  const overbid = c.bid !== null && gameValue < c.bid;
  const value = overbid ? Math.ceil(c.bid! / gameValue) * gameValue : gameValue;
  // A defender who gives up hands the declarer the win, overbid or not.
  const won = quitter === null ? state.tricks[declarer] === 0 && !overbid : quitter !== declarer;
  return {
    won,
    overbid: overbid && !won,
    multiplier: 1,
    value,
    scores: written(state.config, declarer, won, value, kontraFactor(c), 2),
  };
}

function suitResult(state: State, c: Contract, declarerPoints: number, quitter: Seat | null): Partial<Result> {
  const game = c.game as keyof typeof BASE_VALUE;
  const declarer = c.declarer;
  const baseValue = BASE_VALUE[game];
  const mat = matadors(game, cardsOfDeal(state, declarer), state.config.spitzen);
  const madeIt = quitter === null ? declarerPoints >= 61 : quitter !== declarer;
  // Schneider and schwarz are not counted when someone gave up.
  const schneider = quitter === null && (madeIt ? 120 - declarerPoints <= 30 : declarerPoints <= 30);
  const schwarz = quitter === null && state.tricks[madeIt ? other(declarer) : declarer] === 0;
  const multiplier =
    Math.abs(mat) +
    1 +
    (c.hand ? 1 : 0) +
    (schneider ? 1 : 0) +
    (c.schneider ? 1 : 0) +
    (schwarz ? 1 : 0) +
    (c.schwarz ? 1 : 0);
  const announcedMissed = quitter === null && ((c.schneider && !(madeIt && schneider)) || (c.schwarz && !(madeIt && schwarz)));
  let value = multiplier * baseValue;
  const overbid = c.bid !== null && value < c.bid;
  if (overbid) value = Math.ceil(c.bid! / baseValue) * baseValue;
  // A defender who gives up hands the declarer the win (at least the bid): schneider, which
  // is not counted then, must not turn it into an overbid.
  const won = quitter === null ? madeIt && !announcedMissed && !overbid : quitter !== declarer;
  const draw = quitter === null && declarerPoints === 60;
  const simplePoints = schwarz ? 4 : schneider ? 3 : 2;
  const scores =
    state.config.scoring === 'simple' && draw && !overbid && !c.schneider && !c.schwarz
      ? bySeat(() => kontraFactor(c))
      : written(state.config, declarer, won, value, kontraFactor(c), simplePoints);
  return { won, schneider, schwarz, matadors: mat, multiplier, value, overbid: overbid && !won, scores };
}

/** The figures written for a won or lost game of the declarer, in either scoring. */
function written(
  config: Config,
  declarer: Seat,
  won: boolean,
  value: number,
  factor: number,
  simplePoints: number,
): BySeat<number> {
  if (config.scoring === 'standard') {
    const figure = (won ? value : -2 * value) * factor;
    return bySeat((s) => (s === declarer ? figure : 0));
  }
  const winner = won ? declarer : other(declarer);
  return bySeat((s) => (s === winner ? simplePoints * factor : 0));
}
