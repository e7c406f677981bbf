// The service's configuration: the platform's settings and every feature's, read from the
// environment once at start (src/platform/settings.ts). A feature's settings sit under its name.
import { accountSettings } from '../accounts/index.ts';
import { analysisSettings } from '../analysis/index.ts';
import { exportSettings } from '../exports/index.ts';
import { gameSettings } from '../games/index.ts';
import { houseSettings } from '../house/settings.ts';
import { oauthSettings } from '../oauth/index.ts';
import { platformSettings, type PlatformConfig } from '../platform/config.ts';
import { readSettings, type SettingsOf } from '../platform/settings.ts';
import { ratingSettings } from '../ratings/index.ts';
import { seekSettings } from '../seeks/index.ts';
import { tournamentSettings } from '../tournaments/index.ts';

/** Every group of settings, by the name its values go under (the platform's at the top). */
export const SETTINGS = {
  platform: platformSettings,
  accounts: accountSettings,
  oauth: oauthSettings,
  games: gameSettings,
  analysis: analysisSettings,
  ratings: ratingSettings,
  seeks: seekSettings,
  exports: exportSettings,
  tournaments: tournamentSettings,
  house: houseSettings,
};

type FeatureSettings = Omit<SettingsOf<typeof SETTINGS>, 'platform'>;

export type AppConfig = PlatformConfig & FeatureSettings;

export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const { platform, ...features } = readSettings(SETTINGS, env);
  return { ...platform, ...features };
}
