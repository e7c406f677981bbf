// The pairing pool's settings.
import { integer, settings } from '../platform/settings.ts';

export interface SeekSettings {
  /** How long a seek waits in the pool at most; the sweeper ends it after. */
  ttlSeconds: number;
}

export const seekSettings = settings({ SEEK_TTL_SECONDS: integer(10, 24 * 60 * 60, 15 * 60) }, (e): SeekSettings => ({ ttlSeconds: e.SEEK_TTL_SECONDS }));
