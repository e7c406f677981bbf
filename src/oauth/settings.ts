// The apps' settings: the budgets of the endpoints public clients call (src/oauth/limits.ts).
import { type Budget, budget, settings } from '../platform/settings.ts';

export interface OAuthSettings {
  /**
   * Requests to the token, revocation and device endpoints per client address: they take no
   * bearer token, so no player's budget counts them. A device polls every 5 seconds (12 a minute).
   */
  endpoints: Budget;
  /** Wrong user codes typed on /device, per player and per address (a user code has about 34 bits). */
  userCodes: Budget;
}

export const oauthSettings = settings(
  {
    RATE_LIMIT_OAUTH: budget({ points: 60, seconds: 60 }),
    RATE_LIMIT_USER_CODES: budget({ points: 5, seconds: 60 }),
  },
  (e): OAuthSettings => ({ endpoints: e.RATE_LIMIT_OAUTH, userCodes: e.RATE_LIMIT_USER_CODES }),
);
