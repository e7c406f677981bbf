// Settings come only from the environment, checked once at start so a typo fails loudly with one
// line naming the variable, instead of surfacing later as odd behaviour. The platform and each
// feature declare their own group of variables (src/<feature>/settings.ts); the app composes the
// groups (src/app/config.ts) and reads them all at once, so every problem is told in one error.
import { z } from 'zod';

export class ConfigError extends Error {
  override name = 'ConfigError';
  constructor(readonly problems: string[]) {
    super(problems.join('; '));
  }
}

/** One environment variable: unset (or empty) gives its default. */
export type Variable<T> = z.ZodType<T, string | undefined>;

type Variables = Record<string, Variable<unknown>>;
type Values<V extends Variables> = { [K in keyof V]: z.output<V[K]> };

/**
 * A group of settings: its variables, what they make (`read`), and the checks that need several
 * of them (a problem as `VARIABLE: what is wrong`; null: none).
 */
export interface SettingsGroup<T, V extends Variables = Variables> {
  variables: V;
  read(values: Values<V>): T;
  check?(values: Values<V>): string | null;
}

export function settings<V extends Variables, T>(variables: V, read: (values: Values<V>) => T, check?: (values: Values<V>) => string | null): SettingsGroup<T, V> {
  return { variables, read, check };
}

/** What a record of groups makes: each group's value under its name. */
// biome-ignore lint/suspicious/noExplicitAny: any group, whatever its variables.
export type SettingsOf<G extends Record<string, SettingsGroup<unknown, any>>> = { [K in keyof G]: G[K] extends SettingsGroup<infer T, any> ? T : never };

/** Every variable the groups read, in their order; a name declared by two groups is refused. */
// biome-ignore lint/suspicious/noExplicitAny: any group, whatever its variables.
export function variablesOf(groups: Record<string, SettingsGroup<unknown, any>>): string[] {
  const owner = new Map<string, string>();
  for (const [group, { variables }] of Object.entries(groups))
    for (const name of Object.keys(variables)) {
      const before = owner.get(name);
      if (before !== undefined) throw new Error(`${name}: declared by both ${before} and ${group}`);
      owner.set(name, group);
    }
  return [...owner.keys()];
}

/** Reads every group from `env`: all of them, or a ConfigError with every problem found. */
// biome-ignore lint/suspicious/noExplicitAny: any group, whatever its variables.
export function readSettings<G extends Record<string, SettingsGroup<unknown, any>>>(groups: G, env: Record<string, string | undefined>): SettingsOf<G> {
  variablesOf(groups);
  const problems: string[] = [];
  const values = new Map<string, Record<string, unknown>>();
  for (const [name, group] of Object.entries(groups)) {
    // An empty variable (`FOO=` in a compose file) means "not set", not "set to nothing".
    const input: Record<string, string | undefined> = {};
    for (const variable of Object.keys(group.variables)) {
      const value = env[variable];
      input[variable] = value === undefined || value.trim() === '' ? undefined : value;
    }
    const parsed = z.object(group.variables).safeParse(input);
    if (parsed.success) values.set(name, parsed.data);
    else problems.push(...parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  if (problems.length > 0) throw new ConfigError(problems);
  const read: Record<string, unknown> = {};
  for (const [name, group] of Object.entries(groups)) {
    const own = values.get(name) ?? {};
    const problem = group.check?.(own);
    if (problem) throw new ConfigError([problem]);
    read[name] = group.read(own);
  }
  return read as SettingsOf<G>;
}

// ------------------------------------------------------------------ the kinds of variable

type Ctx = z.core.$RefinementCtx;
export const fail = (ctx: Ctx, message: string) => {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
};

/** An integer `min..max`. */
export const integer = (min: number, max: number, fallback: number): Variable<number> =>
  z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined) return fallback;
      const n = /^\d+$/.test(raw) ? Number(raw) : NaN;
      if (!Number.isSafeInteger(n) || n < min || n > max) {
        return fail(ctx, `expected an integer ${min}..${max}, got ${JSON.stringify(raw)}`);
      }
      return n;
    });

export const text = (fallback: string): Variable<string> => z.string().optional().default(fallback);

/** One of a few words. */
export const oneOf = <const W extends readonly [string, ...string[]]>(words: W, fallback: W[number]): Variable<W[number]> =>
  z
    .enum(words, { error: (iss) => `expected ${words.slice(0, -1).join(', ')} or ${words.at(-1)}, got ${JSON.stringify(iss.input)}` })
    .optional()
    .default(fallback as never) as Variable<W[number]>;

/** A budget of `points` requests per `seconds`; 0 points: no limit. */
export interface Budget {
  points: number;
  seconds: number;
}

/** A rate limit as `points/seconds` (e.g. `600/60`), or `0` for none. */
export const budget = (fallback: Budget): Variable<Budget> =>
  z
    .string()
    .optional()
    .transform((raw, ctx): Budget => {
      if (raw === undefined) return fallback;
      if (raw.trim() === '0') return { points: 0, seconds: 1 };
      const m = /^(\d{1,9})\/(\d{1,7})$/.exec(raw.trim());
      if (!m || Number(m[2]) < 1) return fail(ctx, `expected points/seconds such as 600/60 (or 0 for no limit), got ${JSON.stringify(raw)}`);
      return { points: Number(m[1]), seconds: Number(m[2]) };
    });
