// A sign-in token's name as the account page lists it, in the page's language. The service names
// a sign-in's token after the browser and system it came from in fixed English words ("Chrome on
// Linux", src/accounts/user-agent.ts): the stored name stays the API's, neutral and parseable,
// and the page says it from its parts ("Chrome unter Linux"). A nameless sign-in ("sign-in") gets
// the page's own word; a name the person gave stays as written.
import type { Translate } from './i18n.ts';

/** The browsers and systems src/accounts/user-agent.ts names (brand names: the same in every language). */
const DEVICE = /^(Edge|Opera|Samsung Internet|Vivaldi|Firefox|Chrome|Safari) on (Android|iOS|ChromeOS|Windows|macOS|Linux)$/;

export function tokenName(t: Translate, name: string): string {
  if (name === 'sign-in') return t('tokenSignIn');
  const device = DEVICE.exec(name);
  return device ? t('deviceOn', { browser: device[1], system: device[2] }) : name;
}
