// The calls of tournaments the web client makes (docs/api.md, "Tournaments"), through the client
// module's raw layer, and the pure helpers its pages share: the options a new tournament takes
// (with their ranges, checked before sending), the countdown, the current games.
import type { components, SkatClient } from '@offiziersskat/client';
import type { MessageKey } from './i18n.ts';
import { VARIANTS, type Variant } from './rated-api.ts';

export type TournamentSystem = 'arena' | 'swiss';
export type TournamentStatus = 'upcoming' | 'running' | 'finished';
export const TOURNAMENT_STATUSES: readonly TournamentStatus[] = ['upcoming', 'running', 'finished'];
export type BotsRule = 'allow' | 'none' | 'only';
export const BOTS_RULES: readonly BotsRule[] = ['allow', 'none', 'only'];

type Schemas = components['schemas'];
/** A tournament as anyone sees it (GET /v1/tournaments/{id}): options, standings, the current pairings. */
export type Tournament = Schemas['Tournament'];
/** A tournament as the list gives it (no standings, no pairings). */
export type TournamentSummary = Schemas['TournamentSummary'];
export type Standing = Schemas['Standing'];
/** What POST /v1/tournaments takes. */
export type NewTournament = Schemas['CreateTournament'];

interface PlayerRef {
  playerId: string;
  name: string;
  bot: boolean;
}

/** A pairing of the moment with its players named. */
export interface CurrentGame {
  /** The two players, or one and null for a bye. */
  players: [PlayerRef, PlayerRef | null];
  gameId: string | null;
  matchId: string | null;
  finished: boolean;
  winner: string | null;
}

const seg = encodeURIComponent;
const base = (id: string) => `/v1/tournaments/${seg(id)}`;

export const listTournaments = (c: SkatClient, status: TournamentStatus, q: { limit?: number; cursor?: string } = {}, signal?: AbortSignal) => {
  const query = new URLSearchParams({ status, limit: String(q.limit ?? 30), ...(q.cursor ? { cursor: q.cursor } : {}) });
  return c.request<Schemas['TournamentPage']>('GET', `/v1/tournaments?${query}`, { signal });
};
type Reader = Pick<SkatClient, 'request'>;

/** A tournament with its whole standings: the read's pages one after another (100 rows a page). */
export async function getTournament(c: Reader, id: string, signal?: AbortSignal): Promise<Tournament> {
  const first = await c.request<Tournament>('GET', base(id), { signal });
  const standings = [...first.standings];
  // A running event's ranking may move between two pages: a player shown already is not shown twice.
  const shown = new Set(standings.map((s) => s.playerId));
  for (let cursor = first.standingsNextCursor; cursor; ) {
    const page = await c.request<Tournament>('GET', `${base(id)}?standingsCursor=${seg(cursor)}`, { signal });
    for (const s of page.standings) if (!shown.has(s.playerId)) shown.add(s.playerId), standings.push(s);
    cursor = page.standingsNextCursor;
  }
  return { ...first, standings, standingsNextCursor: null };
}

/**
 * The tournament again after an event of its stream: its head (a read of one row of standings)
 * with `standings`, the newest whole table the stream gave (or the one shown); read whole again
 * when that table lacks a player (someone joined, or a pairing names a newcomer).
 */
export async function rereadTournament(c: Reader, id: string, standings: Standing[], signal?: AbortSignal): Promise<Tournament> {
  const head = await c.request<Tournament>('GET', `${base(id)}?standingsLimit=1`, { signal });
  const known = new Set(standings.map((s) => s.playerId));
  const lacking = head.players !== standings.length || (head.pairings ?? []).some((p) => !known.has(p.first) || (p.second !== null && !known.has(p.second)));
  return lacking ? getTournament(c, id, signal) : { ...head, standings, standingsNextCursor: null };
}
export const createTournament = (c: SkatClient, body: NewTournament) => c.request<Tournament>('POST', '/v1/tournaments', { body });
export const joinTournament = (c: SkatClient, id: string) => c.request<Tournament>('POST', `${base(id)}/join`);
export const withdrawFromTournament = (c: SkatClient, id: string) => c.request<void>('POST', `${base(id)}/withdraw`);
/** The tournament's stream (standings, pairing, roundStart, roundEnd, tournamentEnd), resumable after `after`. */
export const tournamentStream = (c: SkatClient, id: string, options: { after?: number; signal?: AbortSignal }) =>
  c.stream(`${base(id)}/stream`, options, (m) => m.event === 'tournamentEnd');

// ------------------------------------------------------------------ the new tournament's options

/** The ranges of the contract (docs/api.md, "Tournaments"). */
export const LIMITS = {
  name: { min: 1, max: 40 },
  minutes: { min: 10, max: 720 },
  rounds: { min: 3, max: 15 },
  maxPlayers: { min: 2, max: 1000 },
  turnSeconds: { min: 5, max: 86_400 },
  /** A rated tournament's games have a clock of 10–300 s a move, as every rated game. */
  ratedTurnSeconds: { min: 10, max: 300 },
  /** startsAt: in the future, at most 30 days ahead. */
  aheadDays: 30,
} as const;
export const GAMES_PER_ROUND = [1, 2, 4] as const;

/** The form's fields as typed (strings and checkboxes), before they are read into a body. */
export interface TournamentFields {
  name: string;
  system: string;
  variant: string;
  scoring: string;
  ramschTrumps: string;
  kontra: boolean;
  spitzen: boolean;
  turnSeconds: string;
  rated: boolean;
  /** A local date and time, as <input type=datetime-local> gives it (YYYY-MM-DDTHH:mm). */
  startsAt: string;
  minutes: string;
  rounds: string;
  gamesPerRound: string;
  maxPlayers: string;
  bots: string;
}

export type FieldErrors = Partial<Record<keyof TournamentFields, MessageKey>>;

/** A date as <input type=datetime-local> shows it, in this browser's time zone. */
export function localInputValue(at: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${p(at.getMonth() + 1)}-${p(at.getDate())}T${p(at.getHours())}:${p(at.getMinutes())}`;
}

/** Sane defaults: an arena of an hour, classic, 30 s a move, starting in ten minutes. */
export function defaultFields(now: Date): TournamentFields {
  const start = new Date(now.getTime() + 10 * 60_000);
  start.setSeconds(0, 0);
  return {
    name: '',
    system: 'arena',
    variant: 'classic',
    scoring: 'standard',
    ramschTrumps: 'jacks',
    kontra: true,
    spitzen: false,
    turnSeconds: '30',
    rated: false,
    startsAt: localInputValue(start),
    minutes: '60',
    rounds: '5',
    gamesPerRound: '2',
    maxPlayers: '',
    bots: 'allow',
  };
}

const whole = (s: string): number | null => (/^\s*\d+\s*$/.test(s) ? Number(s) : null);
const within = (n: number | null, r: { min: number; max: number }) => n !== null && n >= r.min && n <= r.max;

/**
 * Reads the form into POST /v1/tournaments's body, or says which fields are wrong (each with the
 * message to show beside it). `now` is the page's clock: the service checks startsAt again.
 */
export function readTournamentForm(f: TournamentFields, now: Date): { body: NewTournament } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  const name = f.name.trim();
  const length = [...name].length;
  if (length < LIMITS.name.min || length > LIMITS.name.max) errors.name = 'tourErrName';
  const system: TournamentSystem = f.system === 'swiss' ? 'swiss' : 'arena';
  const variant = (VARIANTS as readonly string[]).includes(f.variant) ? (f.variant as Variant) : 'classic';
  const turnSeconds = whole(f.turnSeconds);
  if (!within(turnSeconds, LIMITS.turnSeconds)) errors.turnSeconds = 'tourErrTurnSeconds';
  else if (f.rated && !within(turnSeconds, LIMITS.ratedTurnSeconds)) errors.turnSeconds = 'tourErrRatedTurnSeconds';
  const start = /^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(f.startsAt) ? new Date(f.startsAt) : null;
  if (!start || Number.isNaN(start.getTime())) errors.startsAt = 'tourErrStartsAt';
  else if (start.getTime() <= now.getTime()) errors.startsAt = 'tourErrStartsPast';
  else if (start.getTime() > now.getTime() + LIMITS.aheadDays * 86_400_000) errors.startsAt = 'tourErrStartsFar';
  const minutes = whole(f.minutes);
  const rounds = whole(f.rounds);
  const gamesPerRound = whole(f.gamesPerRound);
  if (system === 'arena' && !within(minutes, LIMITS.minutes)) errors.minutes = 'tourErrMinutes';
  if (system === 'swiss' && !within(rounds, LIMITS.rounds)) errors.rounds = 'tourErrRounds';
  if (system === 'swiss' && !(GAMES_PER_ROUND as readonly (number | null)[]).includes(gamesPerRound)) errors.gamesPerRound = 'tourErrGamesPerRound';
  const maxPlayers = f.maxPlayers.trim() === '' ? undefined : whole(f.maxPlayers);
  if (maxPlayers !== undefined && !within(maxPlayers, LIMITS.maxPlayers)) errors.maxPlayers = 'tourErrMaxPlayers';
  if (Object.keys(errors).length > 0) return { errors };
  const body: NewTournament = {
    name,
    system,
    variant,
    scoring: f.scoring === 'simple' ? 'simple' : 'standard',
    ramschTrumps: f.ramschTrumps === 'none' ? 'none' : 'jacks',
    kontra: f.kontra,
    spitzen: f.spitzen,
    turnSeconds: turnSeconds!,
    rated: f.rated,
    startsAt: start!.toISOString(),
    bots: (BOTS_RULES as readonly string[]).includes(f.bots) ? (f.bots as BotsRule) : 'allow',
  };
  if (system === 'arena') body.minutes = minutes!;
  else {
    body.rounds = rounds!;
    body.gamesPerRound = gamesPerRound as 1 | 2 | 4;
  }
  if (maxPlayers !== undefined && maxPlayers !== null) body.maxPlayers = maxPlayers;
  return { body };
}

// ------------------------------------------------------------------ what the pages show

/** Time left as the countdown shows it: "1 d 02:03:04", "02:03:04", "03:04"; nothing left: "00:00". */
export function countdown(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const p = (n: number) => String(n).padStart(2, '0');
  const days = Math.floor(s / 86_400);
  const hours = Math.floor((s % 86_400) / 3600);
  const clock = hours > 0 || days > 0 ? `${p(hours)}:${p(Math.floor((s % 3600) / 60))}:${p(s % 60)}` : `${p(Math.floor(s / 60))}:${p(s % 60)}`;
  return days > 0 ? `${days} d ${clock}` : clock;
}

/** What the countdown counts to: the start while upcoming, an arena's end while running. */
export function countdownTarget(t: Pick<Tournament, 'status' | 'startsAt' | 'endsAt' | 'system'>): { to: 'start' | 'end'; at: number } | null {
  if (t.status === 'upcoming') return { to: 'start', at: Date.parse(t.startsAt) };
  if (t.status === 'running' && t.endsAt) return { to: 'end', at: Date.parse(t.endsAt) };
  return null;
}

/** A score as the standings show it: Swiss halves as ½ (a tiebreak may be a half too). */
export const shownScore = (n: number): string => {
  const sign = n < 0 ? '−' : '';
  const size = Math.abs(n);
  const whole = Math.trunc(size);
  const half = size - whole >= 0.25 && size - whole < 0.75;
  if (!half) return `${sign}${Math.round(size)}`;
  return `${sign}${whole === 0 ? '' : whole}½`;
};

/**
 * The games of the moment (a Swiss round's pairings, an arena's running games), each with its
 * players named from the standings; a bye has one player.
 */
export function currentGames(t: Pick<Tournament, 'pairings' | 'standings'>): CurrentGame[] {
  const names = new Map(t.standings.map((s) => [s.playerId, s]));
  const ref = (playerId: string): PlayerRef => {
    const s = names.get(playerId);
    return { playerId, name: s?.name ?? '?', bot: s?.bot ?? false };
  };
  return (t.pairings ?? []).map((p) => ({
    players: [ref(p.first), p.second === null ? null : ref(p.second)],
    gameId: p.gameId,
    matchId: p.matchId,
    finished: p.finished,
    winner: p.winner,
  }));
}

/** The signed-in player's place in the standings: absent, in, or withdrawn. */
export function entrantState(t: Pick<Tournament, 'standings'>, playerId: string | undefined): 'out' | 'in' | 'withdrawn' {
  const s = playerId ? t.standings.find((e) => e.playerId === playerId) : undefined;
  return !s ? 'out' : s.withdrawn ? 'withdrawn' : 'in';
}
