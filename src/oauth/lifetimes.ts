// How long each thing of the flows lives (the contract's figures; no settings: an app relies on them).

/** An access token: an hour (RFC 9700 §2.2.2: short, renewed with the refresh token). */
export const ACCESS_TOKEN_SECONDS = 60 * 60;
/** A code: at most 2 minutes between the approval and its exchange. */
export const CODE_SECONDS = 120;
/** A refresh token not used for 30 days ends (each refresh gives one of 30 days again). */
export const REFRESH_TOKEN_SECONDS = 30 * 24 * 60 * 60;
/** A device request: 10 minutes for the person to type the code and approve. */
export const DEVICE_REQUEST_SECONDS = 600;
/** The seconds a device waits between polls (RFC 8628 §3.5: each slow_down adds 5). */
export const DEVICE_INTERVAL_SECONDS = 5;
export const SLOW_DOWN_SECONDS = 5;
