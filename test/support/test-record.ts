// For the web modules' tests: a finished game's record as the service publishes it, played
// in-process through the engine with random legal moves (reproducible from a seed).
import { decide, evolve, initialState, legalMoves, seedCommitment, type Config, type GameEvent, type Move } from '../../src/engine/index.ts';
import { rng } from '../../src/bots/rng.ts';
import type { GameRecord } from '../../src/record/index.ts';

export function playedRecord(variant: Config['variant'] = 'classic', seed = 7): GameRecord {
  const config: Config = { variant, scoring: 'standard', spitzen: false, kontra: true, ramschTrumps: 'jacks', practice: true };
  const serverSeed = seed.toString(16).padStart(64, '0');
  const pick = rng(seed);
  const events: GameEvent[] = [
    { type: 'seated', seat: 'forehand', playerId: 'p-anna' },
    { type: 'seated', seat: 'dealer', playerId: 'p-bert' },
  ];
  let state = events.reduce(evolve, initialState(config, serverSeed));
  while (state.phase !== 'finished') {
    const seat = state.toMove!;
    const moves = legalMoves(state, seat);
    const move: Move = moves[pick(moves.length)];
    const decision = decide(state, seat, move);
    if (!decision.ok) throw new Error(decision.error.detail);
    for (const e of decision.events) {
      events.push(e);
      state = evolve(state, e);
    }
  }
  const cut = events.find((e) => e.type === 'cut');
  return {
    id: `game-${seed}`,
    config,
    serverSeed,
    seedCommitment: seedCommitment(serverSeed),
    cut: cut?.type === 'cut' ? cut.at : null,
    players: { forehand: { playerId: 'p-anna', name: 'Anna' }, dealer: { playerId: 'p-bert', name: 'Bert' } },
    events: events.map((event, i) => ({ seq: i + 1, event })),
    result: state.result,
  };
}
