// The vocabulary of the game: every other engine file speaks in these words.

export const SUITS = ['C', 'S', 'H', 'D'] as const;
export type Suit = (typeof SUITS)[number];

export const RANKS = ['7', '8', '9', 'T', 'J', 'Q', 'K', 'A'] as const;
export type Rank = (typeof RANKS)[number];

/** A card in ISS notation: suit + rank, e.g. `CJ`, `HT`, `D7`. */
export type Card = `${Suit}${Rank}`;

export const SEATS = ['forehand', 'dealer'] as const;
export type Seat = (typeof SEATS)[number];
export type Viewer = Seat | 'spectator';
export type BySeat<T> = { forehand: T; dealer: T };

export const VARIANTS = ['classic', 'halfOpen', 'bidding'] as const;
export type Variant = (typeof VARIANTS)[number];

export const SCORINGS = ['standard', 'simple'] as const;
export type Scoring = (typeof SCORINGS)[number];

export const RAMSCH_TRUMPS = ['jacks', 'none'] as const;
export type RamschTrumps = (typeof RAMSCH_TRUMPS)[number];

export const GAME_TYPES = ['clubs', 'spades', 'hearts', 'diamonds', 'grand', 'ramsch', 'null'] as const;
export type GameType = (typeof GAME_TYPES)[number];

export interface Config {
  variant: Variant;
  scoring: Scoring;
  /** Matadors run on through the trump suit (Skat's "Spitzen"). */
  spitzen: boolean;
  /** Kontra and re may be said. */
  kontra: boolean;
  ramschTrumps: RamschTrumps;
  /** A reproducible deal from a client-chosen seed: never a rated game. */
  practice: boolean;
}

export const DEFAULT_CONFIG: Config = {
  variant: 'classic',
  scoring: 'standard',
  spitzen: false,
  kontra: true,
  ramschTrumps: 'jacks',
  practice: false,
};

export const PHASES = [
  'cutting',
  'bidding',
  'stock',
  'declaring',
  'kontra',
  're',
  'playing',
  'finished',
  /** Called off while it waited for its second player: it never began, and has no result. */
  'cancelled',
] as const;
export type Phase = (typeof PHASES)[number];

/** Why a game that never began was called off: by its creator, by the challenged player, or by time. */
export const CANCEL_REASONS = ['cancelled', 'declined', 'expired'] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

// ---------------------------------------------------------------- moves

export type Move =
  | { type: 'cut'; at: number }
  | { type: 'declare'; game: GameType; hand?: boolean; schneider?: boolean; schwarz?: boolean }
  | { type: 'kontra' }
  | { type: 're' }
  | { type: 'pass' }
  | { type: 'bid'; value: number }
  | { type: 'hold' }
  | { type: 'pickUpStock' }
  | { type: 'discard'; cards: Card[] }
  | { type: 'play'; card: Card }
  | { type: 'resign' };

// ---------------------------------------------------------------- events

/** Where dealt cards go: onto stacks (covered / open) or into the hand or the stock. */
export type DealTarget = 'covered' | 'open' | 'hand' | 'stock';

/**
 * Facts. `decide` emits them, `evolve` folds them; the log of events is the truth.
 * Cards a viewer may not see are replaced by `'hidden'` in `viewEvent`.
 */
export type GameEvent =
  /** A player took a seat (the service's fact; the rules ignore it). */
  | { type: 'seated'; seat: Seat; playerId: string }
  /** The game was called off before it began (the service's fact): by a player, or by time (null). */
  | { type: 'cancelled'; by: string | null; reason: CancelReason }
  | { type: 'cut'; seat: Seat; at: number }
  | {
      type: 'dealt';
      /** null for the stock. */
      seat: Seat | null;
      to: DealTarget;
      /** Stack indices (0-based) for covered/open; empty for hand/stock. */
      stacks: number[];
      cards: (Card | 'hidden')[];
    }
  | { type: 'declared'; seat: Seat; game: GameType; hand: boolean; schneider: boolean; schwarz: boolean }
  | { type: 'kontra'; seat: Seat }
  | { type: 're'; seat: Seat }
  | { type: 'passed'; seat: Seat }
  | { type: 'bid'; seat: Seat; value: number }
  | { type: 'held'; seat: Seat; value: number }
  | { type: 'stockPickedUp'; seat: Seat; cards: (Card | 'hidden')[] }
  | { type: 'discarded'; seat: Seat; cards: (Card | 'hidden')[] }
  | { type: 'played'; seat: Seat; card: Card }
  | { type: 'trickTaken'; winner: Seat; cards: Card[]; points: number }
  | { type: 'turned'; seat: Seat; stack: number; card: Card }
  | { type: 'resigned'; seat: Seat }
  | { type: 'timedOut'; seat: Seat }
  | { type: 'finished'; result: Result; serverSeed: string };
export type EventType = GameEvent['type'];

// ---------------------------------------------------------------- errors

export const ERROR_CODES = [
  'INVALID_MOVE', // not a move object at all, or a malformed one
  'WRONG_PHASE', // a move of a kind the game is not at now
  'NOT_YOUR_TURN',
  'GAME_FINISHED',
  'ILLEGAL_CARD', // a card the player cannot play (not on top of a stack / not in hand)
  'MUST_FOLLOW_SUIT',
  'ILLEGAL_CUT',
  'ILLEGAL_GAME', // a game or announcement not allowed here
  'ILLEGAL_BID',
  'ILLEGAL_DISCARD',
] as const;
export type EngineErrorCode = (typeof ERROR_CODES)[number];
export interface EngineError {
  code: EngineErrorCode;
  detail: string;
}
export type Decision = { ok: true; events: GameEvent[] } | { ok: false; error: EngineError };

// ---------------------------------------------------------------- result

/** How a game ended: played to its end, given up, out of time, or passed in (bidding). */
export const GAME_ENDS = ['played', 'resigned', 'timedOut', 'passedIn'] as const;
export type GameEnd = (typeof GAME_ENDS)[number];

export interface Result {
  /** null when the game ended before anyone fixed it (passed in, or resigned early). */
  declarer: Seat | null;
  game: GameType | null;
  /**
   * The declarer won (ramsch: the player who chose it). null on a draw; false when no game was
   * fixed (passed in, or given up before).
   */
  won: boolean | null;
  /** A 60:60 suit or grand game in simple scoring: one point each, nobody won. */
  draw: boolean;
  /** How the game ended; who resigned or ran out of time is in `resigned` / `timedOut`. */
  end: GameEnd;
  declarerPoints: number;
  defenderPoints: number;
  schneider: boolean;
  schwarz: boolean;
  /** Positive: "with", negative: "without". 0 where matadors don't count (null, ramsch). */
  matadors: number;
  multiplier: number;
  /**
   * The game's value: multiplier × base value (null: 23 / 35). For an overbid, the smallest
   * multiple of the base value that reaches the bid. The signed figures are in `scores`.
   */
  value: number;
  kontra: boolean;
  re: boolean;
  overbid: boolean;
  durchmarsch: boolean;
  passedIn: boolean;
  /** Who ended the game early, and how. */
  resigned: Seat | null;
  timedOut: Seat | null;
  /** The points written on the score sheet for each player. */
  scores: BySeat<number>;
}

// ---------------------------------------------------------------- views

export type SeenCard = Card | 'hidden';
export interface StackView {
  open: Card | null;
  covered: SeenCard | null;
}
export interface SeatTableView {
  stacks: StackView[];
  hand: Card[] | { count: number };
  tricks: number;
  points: number;
}
export interface ContractView {
  declarer: Seat;
  /** null while the declarer of a bidding game has not yet named it. */
  game: GameType | null;
  hand: boolean;
  schneider: boolean;
  schwarz: boolean;
  bid: number | null;
  kontra: boolean;
  re: boolean;
}
export interface BiddingView {
  /** The highest bid said so far (0 before any). */
  value: number;
  /** Who said it, or null. */
  bidder: Seat | null;
  held: boolean;
  passed: BySeat<boolean>;
}
export interface EngineView {
  phase: Phase;
  config: Config;
  you: Seat | null;
  contract: ContractView | null;
  bidding: BiddingView | null;
  toMove: Seat | null;
  legalMoves: Move[];
  table: BySeat<SeatTableView>;
  stock: { count: number } | Card[] | null;
  /** The declarer's discards: to the declarer (and everyone after the end) cards, else a count. */
  discards: { count: number } | Card[] | null;
  trick: { seat: Seat; card: Card }[];
  lastTrick: { cards: { seat: Seat; card: Card }[]; winner: Seat } | null;
  trickNumber: number;
  cut: number | null;
  result: Result | null;
}
