// A refusal or failure as a sentence in the page's language: a refused token says why, a code of
// the problem catalogue its own sentence (i18n-problems.ts), never the raw code or the API's
// English detail; anything else (a network failure) its message.
import { isApiError, tokenRefusal } from '@offiziersskat/client';
import type { Language, Translate } from './i18n.ts';
import { problemsDe, problemsEn } from './i18n-problems.ts';

export const PROBLEM_WORDS: Record<Language, Record<string, string>> = { en: problemsEn, de: problemsDe };

export function problemText(language: Language, t: Translate, e: unknown): string {
  const refusal = tokenRefusal(e);
  if (refusal) return t(`refused_${refusal}`);
  if (isApiError(e)) return PROBLEM_WORDS[language][e.code] ?? t('problemUnknown');
  return e instanceof Error ? e.message : String(e);
}
