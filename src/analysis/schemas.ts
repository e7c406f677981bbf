// API schemas of the computer analysis of a finished game (docs/api.md, "Analysis"): what each
// card played cost, in the solver's units, seen by one of two lenses.
import { z } from '@hono/zod-openapi';
import { CardSchema, GameIdParam, GameTypeSchema, MoveSchema, SeatSchema } from '../games/index.ts';
import { orNull } from '../platform/http/schemas.ts';

export const LENSES = ['open', 'seat'] as const;
export type Lens = (typeof LENSES)[number];
export const ANALYSIS_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

const VALUE_NOTE =
  "in the solver's units: suit and grand, the declarer's final card points (−1: no trick taken, 121: every trick); ramsch, the points of the player who did not choose it (−1, 121: a durchmarsch); null, 1 when the declarer takes no trick, else 0";

export const LensQuery = z.object({
  lens: z
    .enum(LENSES)
    .optional()
    .openapi({
      description:
        "open (default): every card known, both sides playing perfectly from there on (double dummy: it blames an unlucky guess). seat: what the mover could know, its own view only, valued as pimc values it (worlds drawn to fit the view); each lens is computed and kept on its own",
    }),
});

export const AnalysisParams = GameIdParam;

export const PlySchema = z
  .object({
    seq: z.number().int().min(1).openapi({ description: "the `played` event's sequence number in the game's log" }),
    seat: SeatSchema,
    card: CardSchema.openapi({ description: 'the card played' }),
    value: z.number().openapi({ description: `the value after the card played (seat lens: its mean over the worlds), ${VALUE_NOTE}` }),
    best: z.array(CardSchema).min(1).openapi({
      description: 'open lens: every card that keeps the best value; seat lens: the card pimc would have played from the mover’s view',
    }),
    bestValue: z.number().openapi({ description: 'the value after a best card (seat lens: its mean over the worlds)' }),
    loss: z.number().min(0).openapi({ description: 'bestValue − value from the mover’s side, ≥ 0 (seat lens: the expected loss)' }),
    mistake: z.boolean().openapi({
      description: "the card moved the game's outcome band against its player: won ↔ lost, schneider, schwarz (61, 90, 31, a trick taken or not); null: a trick taken",
    }),
  })
  .openapi('AnalysedCard');

export const DecisionSchema = z
  .object({
    seq: z.number().int().min(1).openapi({ description: "the decision's event in the game's log" }),
    seat: SeatSchema,
    move: MoveSchema.openapi({ description: 'the decision, as the move that made it' }),
    value: z
      .number()
      .nullable()
      .openapi({ description: `the declared game's value at its first trick with best play, ${VALUE_NOTE}; null: the game ended before its play` }),
  })
  .openapi('AnalysedDecision');

export const PlayerSummarySchema = z
  .object({
    cards: z.number().int().min(0).openapi({ description: 'cards the player played' }),
    costly: z.number().int().min(0).openapi({ description: 'cards that cost 1 or more (in the solver’s units)' }),
    mistakes: z.number().int().min(0).openapi({ description: "cards that moved the game's outcome band against the player" }),
    loss: z.number().min(0).openapi({ description: 'the sum of its cards’ losses' }),
  })
  .openapi('AnalysisPlayer');

export const AnalysisSchema = z
  .object({
    gameId: z.string(),
    lens: z.enum(LENSES),
    status: z.enum(ANALYSIS_STATUSES).openapi({ description: 'queued, running (see progress), done, or failed (see detail)' }),
    progress: z.number().min(0).max(1).openapi({ description: 'the share of the cards analysed so far, 0..1' }),
    game: orNull(GameTypeSchema).openapi({ description: 'the game played; null when none was declared' }),
    declarer: orNull(SeatSchema).openapi({ description: 'the declarer (ramsch: the player who chose it); null when none' }),
    value: z.number().nullable().openapi({ description: `the game's value at its first trick with best play by both, ${VALUE_NOTE}; null until done, or when the play never began` }),
    decisions: z.array(DecisionSchema).openapi({ description: 'the declaration, kontra and re, and in bidding the bids, the stock and the cards laid away: each with the declared game’s value' }),
    plies: z.array(PlySchema).openapi({ description: 'one entry per card played, in order (empty until done)' }),
    players: z
      .object({ forehand: PlayerSummarySchema, dealer: PlayerSummarySchema })
      .nullable()
      .openapi({ description: 'per seat: cards played, costly cards, mistakes, the total loss; null until done' }),
    samples: z.number().int().nullable().openapi({ description: 'seat lens: worlds drawn per card; open lens: null' }),
    requestedAt: z.string().openapi({ format: 'date-time' }),
    completedAt: z.string().nullable().openapi({ format: 'date-time', description: 'when it was done (or failed); null before' }),
    detail: z.string().optional().openapi({ description: 'failed: what went wrong' }),
  })
  .openapi('Analysis');

export const AnalysisJobSchema = z
  .object({
    gameId: z.string(),
    lens: z.enum(LENSES),
    status: z.enum(['queued', 'running']).openapi({ description: 'queued, or running (see progress)' }),
    progress: z.number().min(0).max(1).openapi({ description: 'the share of the cards analysed so far, 0..1' }),
  })
  .openapi('AnalysisJob');
