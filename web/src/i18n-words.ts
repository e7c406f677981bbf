// Words that kept a German page English (issue: German throughout), in English and German: the
// page for a mistyped address, a sign-in token's device ("Chrome on Linux", stored in these
// English words by the service and said here in the page's language), the seed commitment's
// check in words, a provisional rating explained.

export const wordsEn = {
  notFoundTitle: 'Page not found',
  notFoundText: 'There is no page at this address. Perhaps it was mistyped.',
  notFoundHome: 'To the start page',
  deviceOn: '{browser} on {system}',
  verify_commitment:
    'Before the first card the service published a fingerprint (SHA-256) of the secret number the deck was shuffled from (the seed). Your browser computed the fingerprint of the seed revealed at the end: it is the same, so the deal was fixed before the game began.',
  verify_commitmentFormula: 'The computation:',
  ratingProvisional: '{rating} (provisional)',
  ratingProvisionalWhy: 'Provisional: too few rated games yet for a settled rating.',
};

export const wordsDe: Record<keyof typeof wordsEn, string> = {
  notFoundTitle: 'Seite nicht gefunden',
  notFoundText: 'Unter dieser Adresse gibt es keine Seite. Vielleicht ist sie falsch geschrieben.',
  notFoundHome: 'Zur Startseite',
  deviceOn: '{browser} unter {system}',
  verify_commitment:
    'Vor der ersten Karte hat der Dienst einen Fingerabdruck (SHA-256) der geheimen Zahl veröffentlicht, aus der der Stapel gemischt wurde (des Startwerts). Dein Browser hat den Fingerabdruck des am Ende verratenen Startwerts berechnet: er ist derselbe, also stand das Blatt schon vor Spielbeginn fest.',
  verify_commitmentFormula: 'Die Rechnung:',
  ratingProvisional: '{rating} (vorläufig)',
  ratingProvisionalWhy: 'Vorläufig: noch zu wenige gewertete Spiele für eine gefestigte Wertung.',
};
