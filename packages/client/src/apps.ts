// Third-party apps, as the person who approves them calls the service (docs/api.md, "Third-party
// apps"): the consent page's approval, the device page's look-up and approval, the apps approved,
// each revoked. Every call needs the person's own token (scope `account`). An app's side of the
// flows (PKCE, the token endpoint, the device code) is in oauth.ts.
import type { SkatClient } from './client.ts';
import type { components } from './generated/api-types.ts';

type Schemas = components['schemas'];
/** An app the person approved: its client_id, scopes, where its codes went, when approved and last used. */
export type App = Schemas['App'];
/** What the device showing a user code asks for. */
export type DeviceRequest = Schemas['OAuthDeviceRequest'];
export type AppApproval = Schemas['OAuthApproval'];

/** The person's answer to an app's request (the consent page) or to a device (its user code): where the browser goes now. */
export const approveApp = (client: SkatClient, body: AppApproval) => client.request<{ redirectTo: string | null }>('POST', '/v1/oauth/approvals', { body });

/** What the device showing `userCode` asks for; a wrong code counts against a budget. */
export const lookUpUserCode = (client: SkatClient, userCode: string) => client.request<DeviceRequest>('POST', '/v1/oauth/user-codes', { body: { userCode } });

export const listApps = async (client: SkatClient): Promise<App[]> => (await client.request<{ items: App[] }>('GET', '/v1/players/me/apps')).items;

/** Every token of the app's grant ends, on every process within a second. */
export const revokeApp = (client: SkatClient, grantId: string) => client.request<void>('DELETE', `/v1/players/me/apps/${encodeURIComponent(grantId)}`);
