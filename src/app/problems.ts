// The one problem catalogue: the platform's codes and every feature's refusals, composed once, in
// the order the document lists them (by status, then each code's rank, then the code). The edge
// answers through it and the OpenAPI document is made from it (platform/http/problems.ts).
import { ACCOUNT_REFUSALS } from '../accounts/index.ts';
import { ANALYSIS_REFUSALS } from '../analysis/index.ts';
import { EXPORT_REFUSALS } from '../exports/index.ts';
import { ENGINE_PROBLEMS, GAME_PROBLEM_FIELDS, GAME_REFUSALS } from '../games/index.ts';
import { MATCH_REFUSALS } from '../matches/index.ts';
import { OAUTH_PROBLEM_FIELDS, OAUTH_REFUSALS } from '../oauth/index.ts';
import { PLATFORM_PROBLEMS, type ProblemCode, type ProblemEntry, type Problems, useProblems } from '../platform/http/problems.ts';
import { PLAYER_REFUSALS } from '../players/index.ts';
import { SEEK_REFUSALS } from '../seeks/index.ts';
import { TOURNAMENT_REFUSALS } from '../tournaments/index.ts';

/**
 * The parts as one catalogue, ordered by status, then rank, then code. A code declared by two
 * parts is refused (their refusals.ts also fail the type check: `Refusals` would extend two owners).
 */
export function composeProblems<P extends Record<string, Problems>>(parts: P): Problems<CodesOf<P>> {
  const owners = new Map<string, string>();
  const entries: [string, ProblemEntry][] = [];
  for (const [part, problems] of Object.entries(parts)) {
    for (const [code, entry] of Object.entries(problems)) {
      const owner = owners.get(code);
      if (owner !== undefined) throw new Error(`${code} is declared twice: by ${owner} and by ${part} (a code belongs to one feature, or to the platform)`);
      owners.set(code, part);
      entries.push([code, entry]);
    }
  }
  entries.sort(([a, x], [b, y]) => x.status - y.status || x.rank - y.rank || (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries) as Problems<CodesOf<P>>;
}

/** The codes of every part. */
type CodesOf<P extends Record<string, Problems>> = { [K in keyof P]: keyof P[K] & string }[keyof P];

/**
 * Every code the service answers: the platform's, the engine's (answered by the games) and each
 * feature's. Typed as every ProblemCode's entry: a feature's refusals left out here fail the type check.
 */
export const PROBLEMS: Readonly<Problems<ProblemCode>> = composeProblems({
  platform: PLATFORM_PROBLEMS,
  engine: ENGINE_PROBLEMS,
  accounts: ACCOUNT_REFUSALS,
  oauth: OAUTH_REFUSALS,
  games: GAME_REFUSALS,
  analysis: ANALYSIS_REFUSALS,
  matches: MATCH_REFUSALS,
  seeks: SEEK_REFUSALS,
  players: PLAYER_REFUSALS,
  exports: EXPORT_REFUSALS,
  tournaments: TOURNAMENT_REFUSALS,
});

// The edge and the document use it from here on; a problem carries the apps' and the games' fields beside the platform's.
useProblems(PROBLEMS, { ...OAUTH_PROBLEM_FIELDS, ...GAME_PROBLEM_FIELDS });
