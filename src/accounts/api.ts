// The accounts and tokens: sign-up, sign-in, a guest's claim, the caller's tokens, its password,
// its deletion, and the bots online. The use cases are in src/accounts.
import { requirePlayer } from '../platform/auth/middleware.ts';
import { DomainError } from '../platform/errors.ts';
import type { AccountService } from './service.ts';
import { createApi } from '../platform/http/edge.ts';
import type { App } from '../platform/http/env.ts';
import { operation } from '../platform/http/operation.ts';
import { empty, respond, setHeader } from '../platform/http/reply.ts';
import { changePassword, claimAccount, createToken, deleteMe, listTokens, renameToken, revokeAllTokens, revokeToken, signIn, signUp } from './routes.ts';
import { limitSignIns } from './signin-limits.ts';
import type { AccountSettings } from './settings.ts';

/** What the accounts routes are built from. */
export interface AccountsApiDeps {
  accounts: AccountService;
  config: { accounts: AccountSettings };
}

export function accountsApi({ accounts, config }: AccountsApiDeps): App {
  const api = createApi();
  const signIns = limitSignIns(config.accounts);

  operation(api, signUp, async (c) => {
    const account = await accounts.signUp(c.req.valid('json'), c.req.header('User-Agent'));
    await signIns.succeeded(c, account.username);
    setHeader(c, 'Location', `/v1/players/${account.playerId}`);
    return respond(c, account, 201);
  });

  operation(api, signIn, async (c) => {
    const body = c.req.valid('json');
    await signIns.spend(c, body.username);
    try {
      const session = await accounts.signIn(body, c.req.header('User-Agent'));
      await signIns.succeeded(c, session.username);
      return respond(c, session, 201);
    } catch (e) {
      // A 401 names its scheme (RFC 9110 §11.6.1), as the token's refusals do.
      if (e instanceof DomainError && e.code === 'INVALID_CREDENTIALS') setHeader(c, 'WWW-Authenticate', 'Bearer realm="offiziersskat"');
      throw e;
    }
  });

  operation(api, claimAccount, async (c) => {
    const body = c.req.valid('json');
    // On the sign-in budgets: each claim may cost a hash, and a taken username answers 409.
    await signIns.spend(c, body.username);
    const account = await accounts.claim(requirePlayer(c), body, c.req.header('User-Agent'));
    await signIns.succeeded(c, account.username);
    setHeader(c, 'Location', `/v1/players/${account.playerId}`);
    return respond(c, account, 201);
  });

  operation(api, listTokens, async (c) => respond(c, await accounts.listTokens(requirePlayer(c)), 200));
  operation(api, createToken, async (c) => respond(c, await accounts.createToken(requirePlayer(c), c.req.valid('json')), 201));
  operation(api, revokeToken, async (c) => {
    await accounts.revokeToken(requirePlayer(c), c.req.valid('param').tokenId);
    return empty(c, 204);
  });
  operation(api, renameToken, async (c) => respond(c, await accounts.renameToken(requirePlayer(c), c.req.valid('param').tokenId, c.req.valid('json').name), 200));
  operation(api, revokeAllTokens, async (c) => {
    await accounts.revokeAll(requirePlayer(c));
    return empty(c, 204);
  });
  operation(api, changePassword, async (c) => {
    const caller = requirePlayer(c);
    // A guessed current password counts as a sign-in attempt on the account (a guest has none,
    // and is refused without a hash).
    const username = await accounts.usernameOf(caller.playerId);
    if (username !== null) await signIns.spend(c, username);
    await accounts.changePassword(caller, c.req.valid('json'));
    if (username !== null) await signIns.succeeded(c, username);
    return empty(c, 204);
  });
  operation(api, deleteMe, async (c) => {
    await accounts.deleteMe(requirePlayer(c));
    return empty(c, 204);
  });
  return api;
}
