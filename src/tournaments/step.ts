// The director's step: given a tournament as the database holds it (under its row's lock) and
// the time, what happens now. Pure: ids and seeds are drawn by the caller (`draw`), so every
// process computes the same kind of step, and the one holding the lock writes it.
//   upcoming, its start reached → running (an arena: roundStart 1)
//   pairings whose game or match ended → their results, timeouts counted (two: withdrawn), standings
//   arena, in its window → the free, connected players paired in a wave: not paused, rested
//     since their last game (rest.ts), and no two bots together unless it is a bot league; a
//     back-to-back rematch waits a while for others coming free (rematch-hold.ts)
//   arena, past its end → roundEnd; once no game runs, the end
//   swiss, every pairing of the round ended → roundEnd, then the next round paired (or the end);
//     a player in a game of another tournament then is absent from the round (0 for it: never
//     waited for); the round waits only when the free players alone cannot make one
import type { Config } from '../engine/index.ts';
import { seedCommitment } from '../engine/index.ts';
import { bothSeated, gameStartNotices, type NewGame } from '../games/index.ts';
import { decideJoin, firstDealerIndex, type MatchRow, type MatchStep } from '../matches/index.ts';
import type { PlayerNotice } from '../platform/streams/player-events.ts';
import type { DomainError } from '../platform/errors.ts';
import { type ArenaWaiter, pairArenaWave, type WaveRules } from './arena-pairing.ts';
import { restEnds, resting } from './rest.ts';
import { heldRematches, holdEnds } from './rematch-hold.ts';
import { arenaResults, arenaWaiters, outcomeOf, swissEntrants, swissResults, type Outcome, type PairingGame } from './decide.ts';
import { MAX_TIMEOUTS } from './limits.ts';
import { arenaStandings, swissStandings, type Standing } from './standings.ts';
import { pairSwissRound, type Pair } from './swiss-pairing.ts';
import { namedStandings, pairingView, type Names, type PairingRow, type StandingView, type TournamentRow } from './view.ts';
import type { TournamentEvent } from './events.ts';

export interface Entrant {
  playerId: string;
  withdrawn: boolean;
  timeouts: number;
  /** Deleted players are withdrawn and never paired. */
  deleted: boolean;
  /** Arena: paused by the player (not paired until it comes back). */
  paused: boolean;
}

/** What the step is decided on. */
export interface Snapshot {
  tournament: TournamentRow;
  entrants: readonly Entrant[];
  pairings: readonly PairingRow[];
  /** Of each pairing being played: whether it is over, and its games. */
  playing: ReadonlyMap<string, { over: boolean; games: PairingGame[] }>;
  /** Arena: entrants free to play now (a player stream open, in no game of another tournament: this one's pairings are judged here). */
  free: readonly string[];
  ratings: ReadonlyMap<string, number>;
  /** Swiss: present entrants in a game of another tournament now (absent from a round paired now). */
  busyElsewhere: readonly string[];
  /** Whether the arena's roundEnd was written already. */
  arenaClosed: boolean;
  /** Who the entrants are (the standings in events are named). */
  names: Names;
  /** Arena: how long a player rests after a game before it is paired again (TOURNAMENT_REST_MS). */
  restMs: number;
}

/** A new pairing with what it starts: a game (arena), a match (swiss) or nothing (a bye). */
export interface NewPairing {
  row: Omit<PairingRow, 'createdAt'> & { createdAt: Date };
  game?: NewGame & { createdAt: Date };
  match?: { row: MatchRow; step: MatchStep };
  notices: PlayerNotice[];
}

export interface Step {
  tournament: Pick<TournamentRow, 'status' | 'round' | 'endsAt' | 'endedEarly' | 'finishedAt'> & { standings: StandingView[] | null };
  recorded: Array<{ pairingId: string; outcome: Outcome }>;
  /** Players' timeouts to add, and those withdrawn for them. */
  timeouts: Map<string, number>;
  withdrawn: string[];
  pairings: NewPairing[];
  events: TournamentEvent[];
}

export type Draw = () => { id: string; serverSeed: string };

/** The standings from the entrants and the finished pairings (the pure functions of standings.ts). */
export function standingsOf(t: Pick<TournamentRow, 'system'>, entrants: readonly Pick<Entrant, 'playerId' | 'withdrawn'>[], pairings: readonly PairingRow[]): Standing[] {
  const players = entrants.map((e) => ({ playerId: e.playerId, withdrawn: e.withdrawn }));
  return t.system === 'swiss' ? swissStandings(players, swissResults(pairings)) : arenaStandings(players, arenaResults(pairings));
}

/** The step due at `now`; null when nothing is. */
export function decideStep(s: Snapshot, now: Date, draw: Draw): Step | null {
  const t = s.tournament;
  if (t.status === 'finished') return null;
  if (t.status === 'upcoming' && now < t.startsAt) return null;
  const step: Step = {
    tournament: { status: 'running', round: t.round, endsAt: t.endsAt, endedEarly: t.endedEarly, standings: null, finishedAt: t.finishedAt },
    recorded: [],
    timeouts: new Map(),
    withdrawn: [],
    pairings: [],
    events: [],
  };
  let changed = t.status === 'upcoming';
  if (t.status === 'upcoming' && t.system === 'arena') step.events.push({ type: 'roundStart', round: 1 });

  // Results of the pairings whose game or match is over.
  const pairings = s.pairings.map((p) => ({ ...p }));
  const entrants = s.entrants.map((e) => ({ ...e, withdrawn: e.withdrawn || e.deleted }));
  for (const p of pairings) {
    const playing = s.playing.get(p.id);
    if (p.endedAt !== null || !playing?.over) continue;
    const outcome = outcomeOf(p, playing.games);
    step.recorded.push({ pairingId: p.id, outcome });
    Object.assign(p, { endedAt: now, firstPoints: outcome.firstPoints, secondPoints: outcome.secondPoints, winner: outcome.winner, passedIn: outcome.passedIn });
    for (const id of outcome.timedOut) step.timeouts.set(id, (step.timeouts.get(id) ?? 0) + 1);
  }
  for (const e of entrants) {
    const n = step.timeouts.get(e.playerId) ?? 0;
    if (n > 0 && !e.withdrawn && e.timeouts + n >= MAX_TIMEOUTS) {
      e.withdrawn = true;
      step.withdrawn.push(e.playerId);
    }
  }
  const standings = () => namedStandings(standingsOf(t, entrants, pairings), s.names);
  if (step.recorded.length > 0) {
    changed = true;
    step.events.push({ type: 'standings', standings: standings() });
  }
  const running = pairings.filter((p) => p.endedAt === null);
  const finish = (endedEarly: string | null) => {
    const final = standings();
    step.tournament = { ...step.tournament, status: 'finished', standings: final, finishedAt: now, endedEarly, endsAt: t.endsAt ?? now };
    step.events.push({ type: 'tournamentEnd', standings: final, endedEarly });
    changed = true;
  };

  if (t.system === 'arena') {
    // biome-ignore lint/style/noNonNullAssertion: an arena's end is set when it is created
    const over = now >= t.endsAt!;
    if (over) {
      if (!s.arenaClosed) {
        step.events.push({ type: 'roundEnd', round: 1 });
        changed = true;
      }
      if (running.length === 0) finish(null);
    } else {
      const scores = new Map(standingsOf(t, entrants, pairings).map((x) => [x.playerId, x.score]));
      const present = new Set(entrants.filter((e) => !e.withdrawn).map((e) => e.playerId));
      const busy = new Set(running.flatMap((p) => [p.firstPlayerId, p.secondPlayerId]));
      const paused = new Set(entrants.filter((e) => e.paused).map((e) => e.playerId));
      // The rest counts from the pairings' ends, those recorded in this step too.
      const rests = restEnds(pairings, s.restMs);
      const free = s.free.filter((id) => present.has(id) && !busy.has(id) && !paused.has(id) && !resting(rests, id, now));
      const bots = new Set([...s.names].filter(([, n]) => n.bot).map(([id]) => id));
      // Coming free soon: those playing, and those resting with a stream open (not paused, not withdrawn).
      const open = new Set(s.free);
      const coming = new Set([...present].filter((id) => !paused.has(id) && (busy.has(id) || (resting(rests, id, now) && open.has(id)))));
      const pairs = free.length >= 2 ? arenaWave(arenaWaiters(free, scores, s.ratings, pairings, bots), { botsMeet: t.bots === 'only' }, holdEnds(pairings, s.restMs), coming, now) : [];
      if (pairs.length > 0) {
        const wave = t.round + 1;
        step.tournament.round = wave;
        for (const pair of pairs) step.pairings.push(arenaPairing(t, wave, pair, draw, now));
        step.events.push({ type: 'pairing', round: wave, pairings: step.pairings.map((p) => pairingView(p.row)) });
        changed = true;
      }
    }
  } else if (running.length === 0) {
    const rounds = t.rounds ?? 0;
    const present = entrants.filter((e) => !e.withdrawn).map((e) => e.playerId);
    // Absent: in a game of another tournament now. The round starts without them (0 for it).
    const busy = new Set(s.busyElsewhere);
    const free = present.filter((id) => !busy.has(id));
    const scores = new Map(standingsOf(t, entrants, pairings).map((x) => [x.playerId, x.score]));
    const paired = t.round < rounds && free.length >= 2 ? pairSwissRound(swissEntrants(free, scores, s.ratings, pairings)) : null;
    // The free players alone cannot make the round (too few, or only repeats among them) but all
    // present ones might: it waits for a game elsewhere to end, as no round could be played now.
    const waiting = t.round < rounds && present.length >= 2 && free.length < present.length && !paired;
    if (!waiting) {
      if (t.round > 0) step.events.push({ type: 'roundEnd', round: t.round });
      if (t.round >= rounds) finish(null);
      else if (!paired) finish(present.length < 2 ? 'fewer than two players left' : 'no legal pairing left: every remaining pairing would repeat one');
      else {
        const round = t.round + 1;
        step.tournament.round = round;
        for (const pair of paired.pairs) step.pairings.push(swissPairing(t, round, pair, draw, now));
        if (paired.bye) step.pairings.push(byeOf(t, round, paired.bye, draw, now));
        step.events.push({ type: 'roundStart', round }, { type: 'pairing', round, pairings: step.pairings.map((p) => pairingView(p.row)) });
        // A bye counts at once.
        if (paired.bye) step.events.push({ type: 'standings', standings: namedStandings(standingsOf(t, entrants, [...pairings, ...step.pairings.map((p) => p.row)]), s.names) });
      }
      changed = true;
    }
  }
  return changed ? step : null;
}

/**
 * An arena's wave with its back-to-back rematches held: a held pair is kept apart and the wave
 * paired again, so that a third player free meets one of the two; again until none is held (each
 * pass keeps one more pair apart, so it ends).
 */
function arenaWave(waiters: readonly ArenaWaiter[], rules: WaveRules, ends: ReadonlyMap<string, Date>, coming: ReadonlySet<string>, now: Date): Pair[] {
  const apart: Pair[] = [];
  for (;;) {
    const pairs = pairArenaWave(waiters, { ...rules, apart });
    const held = heldRematches(pairs, waiters, ends, coming, now);
    if (held.length === 0) return pairs;
    apart.push(...held);
  }
}

const baseRow = (t: TournamentRow, round: number, id: string, first: string, second: string | null, now: Date): NewPairing['row'] => ({
  id,
  tournamentId: t.id,
  round,
  firstPlayerId: first,
  secondPlayerId: second,
  gameId: null,
  matchId: null,
  firstPoints: null,
  secondPoints: null,
  winner: null,
  passedIn: false,
  createdAt: now,
  endedAt: null,
});

const told = (t: TournamentRow, pair: Pair, gameId: string, matchId: string | null): PlayerNotice[] => [
  { playerId: pair.first, event: { type: 'tournamentGame', tournamentId: t.id, gameId, matchId, opponent: pair.second } },
  { playerId: pair.second, event: { type: 'tournamentGame', tournamentId: t.id, gameId, matchId, opponent: pair.first } },
];

/** An arena pairing: one game, `first` forehand. */
function arenaPairing(t: TournamentRow, wave: number, pair: Pair, draw: Draw, now: Date): NewPairing {
  const { id, serverSeed } = draw();
  const ids = { id, forehandPlayerId: pair.first, dealerPlayerId: pair.second, matchId: null, number: null };
  const game: NewGame & { createdAt: Date } = {
    ...ids,
    config: t.config as Config,
    status: 'cutting',
    serverSeed,
    seedCommitment: seedCommitment(serverSeed),
    reservedPlayerId: null,
    turnSeconds: t.turnSeconds,
    rated: t.rated,
    createdAt: now,
    updatedAt: now,
    events: bothSeated(pair.first, pair.second),
  };
  // Written with the pairing's own notices (the store writes those only), as a Swiss match's are.
  const notices = [...gameStartNotices(ids), ...told(t, pair, id, null)];
  return { row: { ...baseRow(t, wave, draw().id, pair.first, pair.second, now), gameId: id }, game, notices };
}

/**
 * A Swiss pairing: a match of gamesPerRound games, dealers alternating, made as a match created
 * and joined at once; who creates it is chosen from its seed so that `first` is forehand in game 1.
 */
function swissPairing(t: TournamentRow, round: number, pair: Pair, draw: Draw, now: Date): NewPairing {
  const { id, serverSeed } = draw();
  // 0: the creator deals game 1, so the creator is the second player.
  const creator = firstDealerIndex(serverSeed) === 0 ? pair.second : pair.first;
  const opponent = creator === pair.first ? pair.second : pair.first;
  const waiting: MatchRow = {
    id,
    config: t.config,
    games: t.gamesPerRound ?? 1,
    turnSeconds: t.turnSeconds,
    rated: t.rated,
    status: 'waiting',
    version: 0,
    creatorPlayerId: creator,
    opponentPlayerId: null,
    reservedPlayerId: null,
    matchSeed: serverSeed,
    seedCommitment: seedCommitment(serverSeed),
    createdAt: now,
    updatedAt: now,
  };
  const step = decideJoin(waiting, opponent, draw()) as MatchStep | DomainError;
  if (!('events' in step) || !step.game) throw step; // two different players, a fresh match: never refused
  const row = { ...waiting, status: step.status, version: step.events.length, opponentPlayerId: opponent };
  return {
    row: { ...baseRow(t, round, draw().id, pair.first, pair.second, now), matchId: id, gameId: step.game.id },
    match: { row, step },
    notices: [...step.notices, ...told(t, pair, step.game.id, id)],
  };
}

/** A bye: scored as a win at once. */
function byeOf(t: TournamentRow, round: number, playerId: string, draw: Draw, now: Date): NewPairing {
  return { row: { ...baseRow(t, round, draw().id, playerId, null, now), firstPoints: 0, secondPoints: 0, endedAt: now }, notices: [] };
}
