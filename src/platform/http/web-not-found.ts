// A browser that asks for a page the service does not have (a mistyped path) gets the web
// client's own page with status 404, not a JSON problem: the client shows its not-found screen
// in the browser's language, and until its script runs (or without it) the page already says so
// in the language the request's Accept-Language prefers. API clients (no Accept, */*, JSON) keep
// the JSON problem.
import type { Context } from 'hono';
import { accepts } from 'hono/accepts';

/** Paths that are the API's or the service's own: a miss there is always a problem. */
const SERVICE_PATH = /^\/(v1|oauth|\.well-known|assets|docs|openapi\.json|healthz|readyz|metrics)(\/|$)/;

/** Whether this GET is a browser asking for a page: text/html preferred over JSON. */
export function wantsPage(c: Context): boolean {
  if (SERVICE_PATH.test(c.req.path)) return false;
  return accepts(c, { header: 'Accept', supports: ['application/json', 'application/problem+json', 'text/html'], default: 'application/json' }) === 'text/html';
}

const WORDS = {
  en: { title: 'Page not found', text: 'There is no page at this address. Perhaps it was mistyped.', home: 'To the start page' },
  de: { title: 'Seite nicht gefunden', text: 'Unter dieser Adresse gibt es keine Seite. Vielleicht ist sie falsch geschrieben.', home: 'Zur Startseite' },
} as const;
type PageLanguage = keyof typeof WORDS;

/** The first language of Accept-Language (by weight) that the page speaks, by its primary subtag; else English. */
export function pageLanguage(c: Context): PageLanguage {
  return accepts(c, {
    header: 'Accept-Language',
    supports: Object.keys(WORDS),
    default: 'en',
    match: (list, { supports, default: fallback }) =>
      list
        .filter((a) => a.q > 0)
        .sort((a, b) => b.q - a.q)
        .map((a) => a.type.toLowerCase().split(/[-_]/)[0])
        .find((primary) => supports.includes(primary)) ?? fallback,
  }) as PageLanguage;
}

/** The client's index.html with the not-found words in place of its empty main, in `language`. */
export function notFoundPage(index: string, language: PageLanguage): string {
  const w = WORDS[language];
  const main = `<main id="main"><div class="error" role="alert" data-testid="not-found"><h1>${w.title}</h1><p>${w.text}</p><p><a href="/">${w.home}</a></p></div></main>`;
  return index
    .replace(/<html lang="[^"]*">/, `<html lang="${language}">`)
    .replace(/<title>[^<]*<\/title>/, `<title>${w.title} · Offiziersskat</title>`)
    .replace(/<main id="main"><\/main>/, main);
}
