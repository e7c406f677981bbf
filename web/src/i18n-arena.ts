// The labels of an arena's rest and pause, in English and German: the countdown to the player's
// next game after a result, waiting for an opponent, Pause and Resume. i18n.ts takes them in.

export const arenaEn = {
  arenaNextIn: 'Next game in {time}',
  arenaWaiting: 'Waiting for a free opponent…',
  arenaPausedNote: 'Paused: you get no new game until you resume.',
  arenaPause: 'Pause',
  arenaResume: 'Resume',
  arenaPausedMark: 'paused',
};

export const arenaDe: Record<keyof typeof arenaEn, string> = {
  arenaNextIn: 'Nächstes Spiel in {time}',
  arenaWaiting: 'Warte auf einen freien Gegner …',
  arenaPausedNote: 'Pausiert: du bekommst kein neues Spiel, bis du weiterspielst.',
  arenaPause: 'Pause',
  arenaResume: 'Weiterspielen',
  arenaPausedMark: 'pausiert',
};
