// What every screen is handed: the page's language, the session, navigation. A file of its own so
// the screens need not import the shell (main.ts) that imports them.
import type { Language, Translate } from './i18n.ts';
import type { Session } from './session.ts';

export interface App {
  t: Translate;
  language: Language;
  session: Session;
  navigate: (path: string) => void;
  /** A refusal or failure as a sentence for the page. */
  describe: (e: unknown) => string;
}

export type Screen = (root: HTMLElement, app: App, signal: AbortSignal) => void | Promise<void>;
