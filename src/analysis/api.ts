// The analysis's operations: each handler translates a request into a use case of src/analysis.
import type { PlatformDeps } from '../platform/http/deps.ts';
import { createApi } from '../platform/http/edge.ts';
import type { App } from '../platform/http/env.ts';
import { clientAddress } from '../platform/http/limits.ts';
import { operation } from '../platform/http/operation.ts';
import { respond, setHeader } from '../platform/http/reply.ts';
import type { AnalysisService } from './service.ts';
import { getAnalysis, requestAnalysis } from './routes.ts';

/** What the analysis routes are built from. */
export interface AnalysisApiDeps extends Pick<PlatformDeps, 'log'> {
  analysis: AnalysisService;
}

export function analysisApi({ analysis }: AnalysisApiDeps): App {
  const api = createApi();

  operation(api, requestAnalysis, async (c) => {
    const { gameId } = c.req.valid('param');
    const answer = await analysis.request(gameId, c.req.valid('query').lens ?? 'open', clientAddress(c));
    setHeader(c, 'Cache-Control', 'no-cache');
    if (answer.done) return respond(c, answer.analysis, 200);
    return respond(c, answer.job, 202);
  });

  operation(api, getAnalysis, async (c) => {
    const { gameId } = c.req.valid('param');
    setHeader(c, 'Cache-Control', 'no-cache');
    return respond(c, await analysis.get(gameId, c.req.valid('query').lens ?? 'open'), 200);
  });

  return api;
}
