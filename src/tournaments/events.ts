// The events of a tournament's own log (its stream): what its director wrote, in order, and the
// entries and withdrawals its players made (also before the start). The standings in them are
// named when written, so the stream sends them as stored.
import type { EntrantView, PairingView, StandingView } from './view.ts';

export type TournamentEvent =
  | { type: 'standings'; standings: StandingView[] }
  | { type: 'pairing'; round: number; pairings: PairingView[] }
  | { type: 'roundStart'; round: number }
  | { type: 'roundEnd'; round: number }
  | { type: 'tournamentEnd'; standings: StandingView[]; endedEarly: string | null }
  | { type: 'join'; entrant: EntrantView; players: number }
  | { type: 'withdraw'; playerId: string };
