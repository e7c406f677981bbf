// The games' API schemas (zod, named OpenAPI components): the vocabulary of cards, seats and game
// types, a move, a game's options, its view, its events and record, the lobby. Separate from the
// database tables: this is the public contract, validated on the way in and documented in /openapi.json.
import { z } from '@hono/zod-openapi';
import {
  BID_VALUES,
  CANCEL_REASONS,
  DECK,
  GAME_ENDS,
  GAME_TYPES,
  MAX_CUT,
  MIN_CUT,
  PHASES,
  RAMSCH_TRUMPS,
  SCORINGS,
  SEATS,
  VARIANTS,
  type Card,
  type DealTarget,
  type EventType,
} from '../engine/index.ts';
import { MAX_SEQUENCE } from '../platform/http/openapi.ts';
import { ID, orNull } from '../platform/http/schemas.ts';
import { RATED_TURN_SECONDS } from './rated.ts';

/** The limits of `turnSeconds`, for games and matches alike (the contract's: the schemas carry them). */
export const MIN_TURN_SECONDS = 5;
export const MAX_TURN_SECONDS = 86_400;

export const CardSchema = z
  .enum(DECK as [Card, ...Card[]])
  .openapi('Card', { description: 'Suit (C S H D) + rank (7 8 9 T J Q K A), as in ISS game records', example: 'CJ' });
export const SeatSchema = z.enum(SEATS).openapi('Seat');
export const GameTypeSchema = z.enum(GAME_TYPES).openapi('GameType');
export const StatusSchema = z.enum(['waiting', ...PHASES]).openapi('GameStatus');
const SeenCardSchema = z
  .union([CardSchema, z.literal('hidden')])
  .openapi('SeenCard', { description: 'A card, or "hidden" where the reader may not see it (yet)' });

// ------------------------------------------------------------------ moves

const move = <K extends string, T extends z.ZodRawShape>(type: K, shape: T, description: string) =>
  z.strictObject({ type: z.literal(type), ...shape }).openapi(`${type[0].toUpperCase()}${type.slice(1)}Move`, { description });

export const MoveSchema = z
  .discriminatedUnion('type', [
    move(
      'cut',
      { at: z.number().int().min(MIN_CUT).max(MAX_CUT).optional().openapi({ description: `${MIN_CUT}..${MAX_CUT}` }) },
      'Forehand lifts `at` cards (4..28); omit `at` and the server cuts at random',
    ),
    move(
      'declare',
      {
        game: GameTypeSchema,
        hand: z.boolean().optional(),
        schneider: z.boolean().optional(),
        schwarz: z.boolean().optional(),
      },
      'Fix the game; hand and announcements only in the bidding variant',
    ),
    move('kontra', {}, 'The defender doubles'),
    move('re', {}, 'The declarer redoubles after a kontra'),
    move('pass', {}, 'Decline kontra or re, or pass in the bidding'),
    // The range in the schema (a client's validator sees it); which values inside it are bids, the engine says (ILLEGAL_BID).
    move('bid', { value: z.number().int().min(BID_VALUES[0]).max(BID_VALUES[BID_VALUES.length - 1]) }, 'Say a Skat bid value (bidding variant)'),
    move('hold', {}, "Forehand holds the dealer's bid"),
    move('pickUpStock', {}, 'The declarer takes the two stock cards into the hand'),
    move('discard', { cards: z.array(CardSchema) }, 'Lay away exactly two hand cards after picking up the stock'),
    move('play', { card: CardSchema }, 'Play an open card from one of your stacks, or a hand card'),
    move('resign', {}, 'Give up: the game ends at once'),
  ])
  .openapi('Move');

// ------------------------------------------------------------------ config

export const ConfigSchema = z
  .object({
    variant: z.enum(VARIANTS),
    scoring: z.enum(SCORINGS),
    spitzen: z.boolean(),
    kontra: z.boolean(),
    ramschTrumps: z.enum(RAMSCH_TRUMPS),
    practice: z.boolean(),
  })
  .openapi('GameConfig');

export const CreateGameSchema = z
  .strictObject({
    variant: z.enum(VARIANTS).optional().openapi({ description: 'default classic' }),
    scoring: z.enum(SCORINGS).optional().openapi({ description: 'default standard' }),
    spitzen: z.boolean().optional().openapi({ description: 'matadors run through the trump suit; default false' }),
    kontra: z.boolean().optional().openapi({ description: 'kontra and re may be said; default true' }),
    ramschTrumps: z.enum(RAMSCH_TRUMPS).optional().openapi({ description: 'default jacks' }),
    opponent: z.string().regex(ID, 'a player id').optional().openapi({ description: 'reserve the other seat for this player id' }),
    seat: SeatSchema.optional().openapi({ description: 'the seat the creator takes; default: drawn at random' }),
    seed: z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/)
      .optional()
      .openapi({ description: '64 hex digits: a reproducible practice deal (marked practice: true)' }),
    turnSeconds: z
      .number()
      .int()
      .min(MIN_TURN_SECONDS)
      .max(MAX_TURN_SECONDS)
      .optional()
      .openapi({
        description: `seconds each player has per move (${MIN_TURN_SECONDS}..${MAX_TURN_SECONDS}); default: no deadline (rated: ${RATED_TURN_SECONDS.min}..${RATED_TURN_SECONDS.max}, default ${RATED_TURN_SECONDS.default})`,
      }),
    rated: z.boolean().optional().openapi({
      description: `a rated game: both players' ratings move when it ends. Between two accounts only (else 422 RATED_NEEDS_ACCOUNT), never with seed, always with a deadline; default false`,
    }),
  })
  .openapi('CreateGame');

// ------------------------------------------------------------------ views

const StackSchema = z
  .object({
    open: orNull(CardSchema).openapi({ description: 'the open card; null once it is played (or before it is dealt)' }),
    covered: orNull(SeenCardSchema).openapi({ description: 'the covered card ("hidden" until it is turned); null once it is turned' }),
  })
  .openapi('Stack');
const CountSchema = z.object({ count: z.number().int() });
const SeatTableSchema = z
  .object({
    stacks: z.array(StackSchema),
    hand: z.union([z.array(CardSchema), CountSchema]),
    tricks: z.number().int(),
    points: z.number().int(),
  })
  .openapi('SeatTable');
const PlayerRefSchema = z.object({ playerId: z.string(), name: z.string(), bot: z.boolean() }).nullable().openapi('PlayerRef');
const TrickCardSchema = z.object({ seat: SeatSchema, card: CardSchema });
const NullableSeat = (description: string) => orNull(SeatSchema).openapi({ description });

export const GameEndSchema = z.enum(GAME_ENDS).openapi('GameEnd', {
  description: 'how the game ended: played out, resigned, timed out (claimed), or passed in (bidding)',
});

export const ResultSchema = z
  .object({
    declarer: NullableSeat('null when the game ended before anyone fixed it (passed in, or resigned early)'),
    game: orNull(GameTypeSchema).openapi({ description: 'null when no game was fixed' }),
    won: z.boolean().nullable().openapi({ description: 'the declarer won (ramsch: the player who chose it); null on a draw' }),
    draw: z.boolean().openapi({ description: 'a 60:60 suit or grand game in simple scoring: 1 point each' }),
    end: GameEndSchema,
    declarerPoints: z.number().int(),
    defenderPoints: z.number().int(),
    schneider: z.boolean(),
    schwarz: z.boolean(),
    matadors: z.number().int().openapi({ description: 'positive: with, negative: without' }),
    multiplier: z.number().int(),
    value: z.number().int(),
    kontra: z.boolean(),
    re: z.boolean(),
    overbid: z.boolean(),
    durchmarsch: z.boolean(),
    passedIn: z.boolean(),
    resigned: NullableSeat('who gave up, if anyone'),
    timedOut: NullableSeat('who let the deadline pass, if anyone'),
    scores: z.object({ forehand: z.number().int(), dealer: z.number().int() }),
  })
  .openapi('Result');

const RatingChangeSchema = z
  .object({ before: z.number().int(), after: z.number().int() })
  .openapi('RatingChange', { description: 'a rating before and after a game, rounded as shown' });

export const RatingChangesSchema = z
  .object({ forehand: RatingChangeSchema, dealer: RatingChangeSchema })
  .openapi('RatingChanges', { description: "how a finished rated game moved each seat's rating in its variant" });

/** The result as a view shows it: a rated game's adds the rating changes. */
const ViewResultSchema = ResultSchema.extend({
  ratingChanges: RatingChangesSchema.optional().openapi({ description: 'a finished rated game: each seat\'s rating before and after it' }),
}).openapi('ViewResult');

export const ViewSchema = z
  .object({
    id: z.string(),
    version: z.number().int(),
    status: StatusSchema,
    config: ConfigSchema,
    you: NullableSeat('your seat; null for a spectator'),
    players: z.object({ forehand: PlayerRefSchema, dealer: PlayerRefSchema }),
    reservedFor: z.string().nullable(),
    contract: z
      .object({
        declarer: SeatSchema,
        game: orNull(GameTypeSchema).openapi({ description: 'null while the declarer of a bidding game has not yet named it' }),
        hand: z.boolean(),
        schneider: z.boolean(),
        schwarz: z.boolean(),
        bid: z.number().int().nullable(),
        kontra: z.boolean(),
        re: z.boolean(),
      })
      .nullable(),
    bidding: z
      .object({
        value: z.number().int(),
        bidder: NullableSeat('who said the highest bid; null before any'),
        held: z.boolean(),
        passed: z.object({ forehand: z.boolean(), dealer: z.boolean() }),
      })
      .nullable(),
    toMove: NullableSeat('who moves now; null while waiting and once finished'),
    legalMoves: z.array(MoveSchema).openapi({ description: 'exactly the moves accepted from you now' }),
    table: z.object({ forehand: SeatTableSchema, dealer: SeatTableSchema }),
    stock: z.union([CountSchema, z.array(CardSchema)]).nullable(),
    discards: z.union([CountSchema, z.array(CardSchema)]).nullable(),
    trick: z.array(TrickCardSchema),
    lastTrick: z.object({ cards: z.array(TrickCardSchema), winner: SeatSchema }).nullable(),
    trickNumber: z.number().int(),
    cut: z.number().int().nullable(),
    seedCommitment: z.string().openapi({ description: 'hex(SHA-256(serverSeed)), published at creation' }),
    serverSeed: z.string().optional().openapi({ description: 'revealed once the game is finished' }),
    result: orNull(ViewResultSchema).openapi({ description: 'once finished' }),
    rated: z.boolean().openapi({ description: "a rated game: its end moves both players' ratings" }),
    createdAt: z.string(),
    updatedAt: z.string(),
    match: z
      .object({ id: z.string(), number: z.number().int() })
      .nullable()
      .openapi({ description: 'the match this game belongs to and its number there; null for a standalone game' }),
    rematchOf: z.string().nullable().openapi({ description: 'the game this one is the rematch of' }),
    turnSeconds: z.number().int().nullable().openapi({ description: 'seconds per move; null: no deadline' }),
    deadline: z.string().optional().openapi({
      description: 'while someone is to move in a game with turnSeconds: updatedAt + turnSeconds; after it the other player may claim the game',
    }),
  })
  .openapi('GameView');

// ------------------------------------------------------------------ events

const int = () => z.number().int();
const event = <K extends EventType, T extends z.ZodRawShape>(type: K, shape: T, description: string) =>
  z.object({ type: z.literal(type), ...shape }).openapi(`${type[0].toUpperCase()}${type.slice(1)}Event`, { description });

/** Every event of the engine (src/engine/types.ts `GameEvent`), each with its fields. */
const EVENTS = [
  event('seated', { seat: SeatSchema, playerId: z.string() }, 'A player took a seat'),
  event('cut', { seat: SeatSchema, at: int() }, 'Forehand cut the deck after `at` cards'),
  event(
    'dealt',
    {
      seat: NullableSeat('whose stacks or hand; null for the stock'),
      to: z.enum(['covered', 'open', 'hand', 'stock'] satisfies readonly DealTarget[]),
      stacks: z.array(int()).openapi({ description: 'stack indices (0-based) for covered/open; empty for hand/stock' }),
      cards: z.array(SeenCardSchema),
    },
    'Cards were dealt onto stacks (covered or open), into a hand or into the stock',
  ),
  event(
    'declared',
    { seat: SeatSchema, game: GameTypeSchema, hand: z.boolean(), schneider: z.boolean(), schwarz: z.boolean() },
    'The declarer fixed the game',
  ),
  event('kontra', { seat: SeatSchema }, 'The defender said kontra'),
  event('re', { seat: SeatSchema }, 'The declarer said re'),
  event('passed', { seat: SeatSchema }, 'A player passed (kontra, re or the bidding)'),
  event('bid', { seat: SeatSchema, value: int() }, 'A bid was said'),
  event('held', { seat: SeatSchema, value: int() }, 'Forehand held the bid'),
  event('stockPickedUp', { seat: SeatSchema, cards: z.array(SeenCardSchema) }, 'The declarer took the stock into the hand'),
  event('discarded', { seat: SeatSchema, cards: z.array(SeenCardSchema) }, 'The declarer laid two cards away'),
  event('played', { seat: SeatSchema, card: CardSchema }, 'A card was played to the trick'),
  event('trickTaken', { winner: SeatSchema, cards: z.array(CardSchema), points: int() }, 'The trick went to its winner'),
  event('turned', { seat: SeatSchema, stack: int(), card: CardSchema }, 'A covered card was turned up'),
  event('resigned', { seat: SeatSchema }, 'A player gave up'),
  event('timedOut', { seat: SeatSchema }, 'The player to move let the deadline pass and the other claimed the game'),
  event('finished', { result: ResultSchema, serverSeed: z.string() }, 'The game ended: its result, and the seed revealed'),
  event(
    'cancelled',
    {
      by: z.string().nullable().openapi({ description: 'the player who called it off or declined; null when nobody joined in time' }),
      reason: z.enum(CANCEL_REASONS),
    },
    'The game was called off before it began: by its creator, declined by the challenged player, or expired',
  ),
] as const;

/** The event types the schema knows; a test compares them with the engine's. */
export const EVENT_TYPES: readonly EventType[] = EVENTS.map((e) => e.shape.type.value);

export const GameEventSchema = z.discriminatedUnion('type', EVENTS).openapi('GameEvent', {
  description:
    'An engine event, redacted for the reader: cards the reader may not see are "hidden" (everything is public once the game is finished)',
});

// Compile-time: every engine event type has its schema.
type Unlisted = Exclude<EventType, z.output<typeof GameEventSchema>['type']>;
const everyEventListed: [Unlisted] extends [never] ? true : Unlisted = true;
void everyEventListed;

export const LoggedEventSchema = z
  .object({ seq: int().openapi({ description: 'the position in the log (1, 2, …): the version after this event' }), event: GameEventSchema })
  .openapi('LoggedEvent');

export const MoveRequestSchema = z
  .strictObject({
    move: MoveSchema,
    expectedVersion: z.number().int().min(0).max(MAX_SEQUENCE).optional().openapi({
      description: 'the version your move was chosen at; a different current version answers 409',
    }),
  })
  .openapi('MoveRequest');

export const MoveResponseSchema = z
  .object({ version: z.number().int(), view: ViewSchema, events: z.array(LoggedEventSchema) })
  .openapi('MoveResponse');

export const EventsResponseSchema = z
  .object({ version: z.number().int(), finished: z.boolean(), events: z.array(LoggedEventSchema) })
  .openapi('EventLog');

export const RecordSchema = z
  .object({
    id: z.string(),
    config: ConfigSchema,
    serverSeed: z.string(),
    seedCommitment: z.string(),
    cut: z.number().int().nullable(),
    players: z.object({ forehand: PlayerRefSchema, dealer: PlayerRefSchema }),
    events: z.array(LoggedEventSchema),
    result: ResultSchema,
    rated: z.boolean(),
    ratingChanges: orNull(RatingChangesSchema).openapi({ description: 'a rated game: how it moved both ratings' }),
    endedAt: z.string().openapi({ description: 'when the game ended' }),
  })
  .openapi('GameRecord');

export const GameSummarySchema = z
  .object({
    id: z.string(),
    status: StatusSchema,
    config: ConfigSchema,
    rated: z.boolean(),
    turnSeconds: z.number().int().nullable(),
    players: z.object({ forehand: PlayerRefSchema, dealer: PlayerRefSchema }),
    reservedFor: z.string().nullable(),
    version: z.number().int(),
    createdAt: z.string(),
  })
  .openapi('GameSummary');

export const LobbySchema = z
  .object({ games: z.array(GameSummarySchema), nextCursor: z.string().nullable() })
  .openapi('GamePage');

export const GameIdParam = z.object({
  gameId: z
    .string()
    .regex(ID, 'an id: letters, digits and dashes')
    .openapi({ param: { name: 'gameId', in: 'path' } }),
});
