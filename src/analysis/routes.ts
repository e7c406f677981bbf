// The computer analysis's operations, as OpenAPI definitions; the handlers are in api.ts beside.
import { createRoute } from '@hono/zod-openapi';
import { json, publicAccess } from '../platform/http/openapi.ts';
import { problemResponses } from '../platform/http/problems.ts';
import { analysisExamples } from './examples.ts';
import { AnalysisJobSchema, AnalysisParams, AnalysisSchema, LensQuery } from './schemas.ts';

const LENS_NOTE =
  ' Two lenses (`lens`), each computed and kept on its own: `open` (default) sees every card and both sides playing perfectly from each card on, so it blames a card that lost to an unlucky guess; `seat` judges each card from its player’s own view, as the strong computer player pimc would have (worlds drawn to fit that view), so a reasonable guess that went wrong costs little there.';

export const requestAnalysis = createRoute({
  method: 'post',
  path: '/v1/games/{gameId}/analysis',
  operationId: 'requestAnalysis',
  tags: ['analysis'],
  summary: "Ask for the computer analysis of a finished game: what each card cost, and the best card",
  description:
    'A finished game only (409 GAME_NOT_FINISHED before its end: no solver output is given for a game still being played). The first request queues the analysis (202 with its status and progress); it runs off the request path, in a bounded pool of worker threads, and is kept once per game and lens for every process; asking again is the same job (202 while it runs, 200 with the analysis once done; a failed one is queued again). Anyone may ask; an address may have ANALYSIS_MAX_PER_ADDRESS analyses queued or running at once (429 TOO_MANY_ANALYSES with Retry-After), and a full queue answers 503 ANALYSIS_QUEUE_FULL.' +
    LENS_NOTE,
  security: publicAccess,
  request: { params: AnalysisParams, query: LensQuery },
  responses: {
    200: json(AnalysisSchema, 'The analysis, done', analysisExamples.done),
    202: json(AnalysisJobSchema, 'Queued or running: GET the same path for its progress and result', analysisExamples.queued),
    ...problemResponses('GAME_NOT_FOUND', 'GAME_NOT_FINISHED', 'TOO_MANY_ANALYSES', 'ANALYSIS_QUEUE_FULL'),
  },
});

export const getAnalysis = createRoute({
  method: 'get',
  path: '/v1/games/{gameId}/analysis',
  operationId: 'getAnalysis',
  tags: ['analysis'],
  summary: 'Read a finished game’s computer analysis: its progress, then each card’s value and loss',
  description:
    'Per card played: the value after it and after the best card (in the solver’s units), the best cards, the loss from the mover’s side and whether it was a mistake (it moved the outcome band: won ↔ lost, schneider, schwarz; null: a trick taken); the declaration and the other decisions with the declared game’s value; per player the costly cards (loss ≥ 1), the mistakes and the total loss. 404 ANALYSIS_NOT_FOUND before anybody asked for it (POST); 409 GAME_NOT_FINISHED while the game is still being played (there is nothing to ask for yet).' +
    LENS_NOTE,
  security: publicAccess,
  request: { params: AnalysisParams, query: LensQuery },
  responses: {
    200: json(AnalysisSchema, 'The analysis: queued, running (with progress), done or failed', analysisExamples.done),
    ...problemResponses('GAME_NOT_FOUND', 'GAME_NOT_FINISHED', 'ANALYSIS_NOT_FOUND'),
  },
});
