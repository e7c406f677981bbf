// What the apps' calls under /v1 refuse: the codes, their problems, and the field an app's refused
// request carries beside the platform's. The endpoints of OAuth clients (/oauth/token, /oauth/revoke,
// /oauth/device/code) answer RFC 6749 errors instead (errors.ts).
import { z } from '@hono/zod-openapi';
import type { Problems } from '../platform/http/problems.ts';

/** The refusals of src/oauth. */
export const OAUTH_REFUSALS = {
  AUTHORIZATION_REQUEST_INVALID: {
    status: 400,
    rank: 5,
    description:
      'the app’s request breaks a rule of the consent (no S256 challenge, an unknown or the account scope, a redirect neither https nor http on loopback, a fragment, a malformed client_id): nothing is approved',
    example: { detail: 'code_challenge_method plain is refused: use S256', extra: { refusal: 'challenge_plain' } },
  },
  USER_CODE_NOT_FOUND: { status: 404, rank: 11, description: 'no device waits for this user code (mistyped, expired or used): wrong codes count against a budget' },
  GRANT_NOT_FOUND: { status: 404, rank: 12, description: 'you have approved no app with this grant id (or it was revoked)' },
} satisfies Problems;

declare module '../platform/errors.ts' {
  interface Refusals extends Record<keyof typeof OAUTH_REFUSALS, 'oauth'> {}
}

/** What a refused app's request carries beside the platform's fields (the document's Problem has it). */
export const OAUTH_PROBLEM_FIELDS = {
  refusal: z.string().optional().openapi({
    description:
      'on AUTHORIZATION_REQUEST_INVALID: the rule the app’s request breaks (response_type, client_id, redirect_uri, redirect_fragment, redirect_http, challenge_missing, challenge_plain, challenge_method, challenge_malformed, scope_missing, scope_account, scope_unknown, state)',
  }),
};
