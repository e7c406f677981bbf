import { describe, expect, it } from 'vitest';
import { countdown, countdownTarget, currentGames, defaultFields, entrantState, getTournament, localInputValue, readTournamentForm, rereadTournament, shownScore, type Standing, type Tournament, type TournamentFields } from './tournament-api.ts';

const now = new Date('2026-12-03T16:00:00');
const fields = (over: Partial<TournamentFields> = {}): TournamentFields => ({ ...defaultFields(now), name: 'Friday arena', ...over });

describe('the new tournament form', () => {
  it('its defaults make a valid arena: an hour, classic, 30 s a move, ten minutes from now', () => {
    const read = readTournamentForm(fields(), now);
    expect(read).toEqual({
      body: {
        name: 'Friday arena',
        system: 'arena',
        variant: 'classic',
        scoring: 'standard',
        ramschTrumps: 'jacks',
        kontra: true,
        spitzen: false,
        turnSeconds: 30,
        rated: false,
        startsAt: new Date('2026-12-03T16:10:00').toISOString(),
        minutes: 60,
        bots: 'allow',
      },
    });
  });

  it('a Swiss event sends rounds and games a pairing, never minutes; an arena the reverse', () => {
    const read = readTournamentForm(fields({ system: 'swiss', rounds: '3', gamesPerRound: '4', maxPlayers: '5', bots: 'none', rated: true }), now);
    expect('body' in read && read.body).toMatchObject({ system: 'swiss', rounds: 3, gamesPerRound: 4, maxPlayers: 5, bots: 'none', rated: true });
    expect('body' in read && read.body.minutes).toBeUndefined();
    const arena = readTournamentForm(fields({ rounds: '99', gamesPerRound: '3' }), now);
    expect('body' in arena && arena.body.rounds).toBeUndefined();
  });

  it('says which field is wrong, each with its message, outside the contract’s ranges', () => {
    const wrong = (over: Partial<TournamentFields>) => {
      const read = readTournamentForm(fields(over), now);
      return 'errors' in read ? read.errors : {};
    };
    expect(wrong({ name: '   ' })).toEqual({ name: 'tourErrName' });
    expect(wrong({ name: 'x'.repeat(41) })).toEqual({ name: 'tourErrName' });
    expect(wrong({ minutes: '9' })).toEqual({ minutes: 'tourErrMinutes' });
    expect(wrong({ minutes: '721' })).toEqual({ minutes: 'tourErrMinutes' });
    expect(wrong({ minutes: '10.5' })).toEqual({ minutes: 'tourErrMinutes' });
    expect(wrong({ system: 'swiss', rounds: '2' })).toEqual({ rounds: 'tourErrRounds' });
    expect(wrong({ system: 'swiss', rounds: '16', gamesPerRound: '3' })).toEqual({ rounds: 'tourErrRounds', gamesPerRound: 'tourErrGamesPerRound' });
    expect(wrong({ maxPlayers: '1' })).toEqual({ maxPlayers: 'tourErrMaxPlayers' });
    expect(wrong({ maxPlayers: '1001' })).toEqual({ maxPlayers: 'tourErrMaxPlayers' });
    expect(wrong({ turnSeconds: '' })).toEqual({ turnSeconds: 'tourErrTurnSeconds' });
    expect(wrong({ turnSeconds: '4' })).toEqual({ turnSeconds: 'tourErrTurnSeconds' });
    expect(wrong({ turnSeconds: '301', rated: true })).toEqual({ turnSeconds: 'tourErrRatedTurnSeconds' });
    expect(wrong({ turnSeconds: '301' })).toEqual({});
    expect(wrong({ startsAt: '' })).toEqual({ startsAt: 'tourErrStartsAt' });
    expect(wrong({ startsAt: localInputValue(new Date(now.getTime() - 60_000)) })).toEqual({ startsAt: 'tourErrStartsPast' });
    expect(wrong({ startsAt: localInputValue(new Date(now.getTime() + 31 * 86_400_000)) })).toEqual({ startsAt: 'tourErrStartsFar' });
  });
});

describe('what the pages show', () => {
  it('the countdown: minutes and seconds, hours when there are, days beyond', () => {
    expect(countdown(0)).toBe('00:00');
    expect(countdown(-5000)).toBe('00:00');
    expect(countdown(61_000)).toBe('01:01');
    expect(countdown(1500)).toBe('00:02');
    expect(countdown(3_600_000 + 62_000)).toBe('01:01:02');
    expect(countdown(2 * 86_400_000 + 5000)).toBe('2 d 00:00:05');
  });

  it('counts to the start while upcoming, to an arena’s end while running, to nothing after', () => {
    const startsAt = '2026-12-03T16:10:00Z';
    const endsAt = '2026-12-03T17:10:00Z';
    expect(countdownTarget({ status: 'upcoming', startsAt, endsAt, system: 'arena' })).toEqual({ to: 'start', at: Date.parse(startsAt) });
    expect(countdownTarget({ status: 'running', startsAt, endsAt, system: 'arena' })).toEqual({ to: 'end', at: Date.parse(endsAt) });
    expect(countdownTarget({ status: 'running', startsAt, system: 'swiss' })).toBeNull();
    expect(countdownTarget({ status: 'finished', startsAt, endsAt, system: 'arena' })).toBeNull();
  });

  it('scores with Swiss halves', () => {
    expect(shownScore(0)).toBe('0');
    expect(shownScore(0.5)).toBe('½');
    expect(shownScore(2.5)).toBe('2½');
    expect(shownScore(3)).toBe('3');
    expect(shownScore(-1.5)).toBe('−1½');
    expect(shownScore(-192)).toBe('−192');
    expect(shownScore(-0.5)).toBe('−½');
  });

  it('the games of the moment, the players named from the standings; a bye has one', () => {
    const standing = (playerId: string, name: string, bot = false) => ({ rank: 1, playerId, name, bot, score: 0, games: 0, tiebreaks: {}, withdrawn: false });
    const pairing = { round: 2, first: 'a', second: 'b', gameId: 'g1', matchId: 'm1', finished: true, firstPoints: 30, secondPoints: -12, winner: 'a' };
    const games = currentGames({ standings: [standing('a', 'Anna'), standing('b', 'Bot', true), standing('c', 'Cleo')], pairings: [pairing, { ...pairing, first: 'c', second: null, gameId: null, matchId: null, winner: null }] });
    expect(games).toEqual([
      { players: [{ playerId: 'a', name: 'Anna', bot: false }, { playerId: 'b', name: 'Bot', bot: true }], gameId: 'g1', matchId: 'm1', finished: true, winner: 'a' },
      { players: [{ playerId: 'c', name: 'Cleo', bot: false }, null], gameId: null, matchId: null, finished: true, winner: null },
    ]);
    expect(currentGames({ standings: [] })).toEqual([]);
  });

  it('the player in, out or withdrawn', () => {
    const standings = [{ rank: 1, playerId: 'a', name: 'A', bot: false, score: 0, games: 0, tiebreaks: {}, withdrawn: false }, { rank: 2, playerId: 'b', name: 'B', bot: true, score: 0, games: 0, tiebreaks: {}, withdrawn: true }];
    expect(entrantState({ standings }, 'a')).toBe('in');
    expect(entrantState({ standings }, 'b')).toBe('withdrawn');
    expect(entrantState({ standings }, 'c')).toBe('out');
    expect(entrantState({ standings }, undefined)).toBe('out');
  });
});

describe('the standings read whole', () => {
  const row = (playerId: string, rank: number): Standing => ({ rank, playerId, name: playerId.toUpperCase(), bot: false, score: 0, games: 0, tiebreaks: {}, withdrawn: false });
  const table = Array.from({ length: 5 }, (_, i) => row(`p${i}`, i + 1));
  /** A service answering pages of two rows (the last page's cursor null), the head of one; `moved` shows p2 again on the second page. */
  function service(moved = false) {
    const asked: string[] = [];
    const head = { id: 't', status: 'running', players: table.length, pairings: [] } as unknown as Tournament;
    return {
      asked,
      request: async <T>(_method: string, path: string): Promise<T> => {
        asked.push(path);
        const query = new URLSearchParams(path.split('?')[1] ?? '');
        if (query.get('standingsLimit') === '1') return { ...head, standings: table.slice(0, 1), standingsNextCursor: 'c1' } as T;
        const from = Number(query.get('standingsCursor') ?? 0);
        const rows = moved && from === 2 ? [table[1], table[2]] : table.slice(from, from + 2);
        return { ...head, standings: rows, standingsNextCursor: from + 2 < table.length ? String(from + 2) : null } as T;
      },
    };
  }

  it('follows the pages to the last, each player once', async () => {
    const c = service();
    const t = await getTournament(c, 't');
    expect(t.standings).toEqual(table);
    expect(t.standingsNextCursor).toBeNull();
    expect(c.asked).toEqual(['/v1/tournaments/t', '/v1/tournaments/t?standingsCursor=2', '/v1/tournaments/t?standingsCursor=4']);
    // A ranking that moved between two pages shows nobody twice.
    expect((await getTournament(service(true), 't')).standings.map((s) => s.playerId)).toEqual(['p0', 'p1', 'p2', 'p4']);
  });

  it('after a stream event, reads the head only while the stream\'s table has every player; else all again', async () => {
    const c = service();
    const fromStream = table.map((s) => ({ ...s, score: 1 }));
    expect((await rereadTournament(c, 't', fromStream)).standings).toBe(fromStream);
    expect(c.asked).toEqual(['/v1/tournaments/t?standingsLimit=1']);
    // A player more (someone joined): the whole table read.
    const again = service();
    expect((await rereadTournament(again, 't', fromStream.slice(1))).standings).toEqual(table);
    expect(again.asked).toHaveLength(4);
  });
});
