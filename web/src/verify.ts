// The fairness proof in the browser: the seed commitment recomputed with WebCrypto's SHA-256, then
// the project's verifier (src/record/verify.ts, pure, on the rules engine) for the deal from
// the seed and the cut, every move's legality and every event, and the result. Its findings are
// grouped into the checks a player reads.
import { isSeedHex, seedCommitment } from '../../src/engine/index.ts';
import { verifyRecord, type Counts, type GameRecord } from '../../src/record/index.ts';
import type { Translate } from './i18n.ts';

export const CHECKS = ['record', 'commitment', 'deal', 'moves', 'result'] as const;
export type CheckName = (typeof CHECKS)[number];

export interface Check {
  name: CheckName;
  ok: boolean;
  /** What held, or every mismatch found (the verifier's sentences). */
  details: string[];
}

export interface Outcome {
  ok: boolean;
  checks: Check[];
  /** Whether the commitment was computed with WebCrypto (it needs a secure context). */
  webCrypto: boolean;
  /** hex(SHA-256(serverSeed)) as computed here. */
  commitment: string | null;
  /** What the verifier counted (packets dealt, the cut, moves), for the page's own words. */
  counts: Counts;
}

/** The verifier's lines start with the part they speak of. */
const PART: Record<string, CheckName> = { 'malformed record': 'record', seed: 'commitment', cut: 'deal', deal: 'deal', moves: 'moves', players: 'moves', result: 'result' };
const partOf = (line: string): CheckName => PART[line.slice(0, line.indexOf(':'))] ?? 'record';

const hex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');
const bytesOf = (h: string) => Uint8Array.from(h.match(/../g) ?? [], (b) => parseInt(b, 16));

export async function verifyInBrowser(record: GameRecord, subtle: SubtleCrypto | null | undefined = globalThis.crypto?.subtle): Promise<Outcome> {
  const v = verifyRecord(record);
  const lines = new Map<CheckName, { passed: string[]; problems: string[] }>(CHECKS.map((c) => [c, { passed: [], problems: [] }]));
  for (const p of v.passed) lines.get(partOf(p))!.passed.push(p);
  for (const p of v.problems) lines.get(partOf(p))!.problems.push(p);

  let commitment: string | null = null;
  const seedOk = typeof record?.serverSeed === 'string' && isSeedHex(record.serverSeed);
  if (seedOk) commitment = subtle ? hex(await subtle.digest('SHA-256', bytesOf(record.serverSeed))) : seedCommitment(record.serverSeed);
  const published = typeof record?.seedCommitment === 'string' ? record.seedCommitment.toLowerCase() : null;
  const own = lines.get('commitment')!;
  // The commitment is this page's own computation; the verifier's seed line is the same check.
  own.passed = [];
  own.problems = [];
  if (commitment !== null && commitment === published) own.passed.push(`SHA-256(serverSeed) = ${commitment} = seedCommitment`);
  else if (commitment !== null) own.problems.push(`SHA-256(serverSeed) = ${commitment}, but the published seedCommitment is ${record.seedCommitment}`);
  else own.problems.push('the record has no server seed of 64 hex digits');

  const checks = CHECKS.map((name): Check => {
    const { passed, problems } = lines.get(name)!;
    if (problems.length > 0) return { name, ok: false, details: problems };
    if (name === 'record' || passed.length > 0) return { name, ok: true, details: passed };
    return { name, ok: false, details: ['not checked: an earlier part of the record failed'] };
  });
  return { ok: v.ok && checks.every((c) => c.ok), checks, webCrypto: Boolean(subtle) && seedOk, commitment, counts: v.counts };
}

/**
 * What a check says on the page: what held, in the reader's language (with the count's plural
 * form); what did not hold, in the verifier's own sentences (they name events, deck positions and
 * cards, for whoever digs in).
 */
export function checkLines(c: Check, o: Outcome, t: Translate): string[] {
  if (!c.ok) return c.details;
  const { dealt, cut, moves } = o.counts;
  if (c.name === 'deal' && dealt !== null && cut !== null) return [t('verify_deal', { n: dealt, cut })];
  if (c.name === 'moves' && moves !== null) return [t('verify_moves', { n: moves })];
  if (c.name === 'result') return [t('verify_result')];
  if (c.name === 'commitment') return [t('verify_commitment')];
  return c.details;
}

/** The commitment's check as the formula it computed (`SHA-256(serverSeed) = … = seedCommitment`), shown beside its words. */
export const commitmentFormula = (c: Check): string | null => (c.name === 'commitment' && c.ok ? (c.details[0] ?? null) : null);
