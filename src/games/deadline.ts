// Turn deadlines, enforced lazily: nothing runs when one passes. The view shows it, and after
// it the waiting player may claim the game (the claimTimeout command). Time comes from the
// service clock.
import type { GameRow } from './tables.ts';

/**
 * When the player to move runs out of time: the time of the game's last event (`updated_at`)
 * plus `turn_seconds`. Null without a deadline option or when nobody is to move.
 */
export function deadlineOf(row: Pick<GameRow, 'turnSeconds' | 'updatedAt'>, someoneToMove: boolean): Date | null {
  if (row.turnSeconds === null || row.turnSeconds === undefined || !someoneToMove) return null;
  return new Date(row.updatedAt.getTime() + row.turnSeconds * 1000);
}
