// The accounts' settings: the sign-in budgets (src/accounts/signin-limits.ts).
import { type Budget, budget, settings } from '../platform/settings.ts';

export interface AccountSettings {
  /**
   * Sign-in attempts (a sign-in, a claim, a password change) per username from the addresses it
   * is not known at (where it was not made, claimed, signed in or changed its password lately):
   * many addresses guessing one password; the owner's own addresses are not held to it.
   */
  signin: Budget;
  /** Sign-in attempts per client address, whatever the username. */
  signinAddress: Budget;
  /** Sign-in attempts per username and client address, known or not: one address guessing one password. */
  signinUsernameAddress: Budget;
}

export const accountSettings = settings(
  {
    RATE_LIMIT_SIGNIN: budget({ points: 10, seconds: 900 }),
    RATE_LIMIT_SIGNIN_ADDRESS: budget({ points: 50, seconds: 900 }),
    RATE_LIMIT_SIGNIN_USERNAME_ADDRESS: budget({ points: 10, seconds: 900 }),
  },
  (e): AccountSettings => ({ signin: e.RATE_LIMIT_SIGNIN, signinAddress: e.RATE_LIMIT_SIGNIN_ADDRESS, signinUsernameAddress: e.RATE_LIMIT_SIGNIN_USERNAME_ADDRESS }),
);
