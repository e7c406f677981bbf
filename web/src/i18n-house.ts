// The labels of the house bots (the service's own bots, one per level), in English and German:
// each level's name in words and a sentence on how it plays, the lobby's note on provisional
// ratings, and the tournament page's control that enters them. i18n.ts takes them into its tables.

export const houseEn = {
  houseLevel_random: 'Computer (beginner)',
  houseLevel_greedy: 'Computer (easy)',
  houseLevel_pimc: 'Computer (strong)',
  houseLevel_star: 'Computer (expert)',
  houseAbout_random: 'Plays any card the rules allow, picked at random: for a first game, to learn the rules.',
  houseAbout_greedy: 'Follows a handful of plain rules: bids on its trumps and takes a trick when it can.',
  houseAbout_pimc: 'Deals the cards it cannot see many times over and plays what does best across those deals.',
  houseAbout_star: 'Plays as the strong level, and late in a game works out every way the hidden cards can fall.',
  houseIntro: 'The computer’s own players, weakest first.',
  provisionalNote: 'A provisional rating can still move a lot: it rests on few rated games.',
  houseBotsTitle: 'House bots',
  houseBotsIntro: 'As the creator you can enter the computer’s players: they play their games like anyone else.',
  houseBotsAdd: 'Enter',
  houseBotsNone: 'No house bot is online to enter.',
  houseBotsAllIn: 'Every house bot online is in.',
} as const;

export const houseDe: Record<keyof typeof houseEn, string> = {
  houseLevel_random: 'Computer (Anfänger)',
  houseLevel_greedy: 'Computer (leicht)',
  houseLevel_pimc: 'Computer (stark)',
  houseLevel_star: 'Computer (Experte)',
  houseAbout_random: 'Spielt irgendeine Karte, die die Regeln erlauben, zufällig gewählt: für das erste Spiel, um die Regeln zu lernen.',
  houseAbout_greedy: 'Folgt ein paar einfachen Regeln: reizt nach seinen Trümpfen und sticht, wann immer es kann.',
  houseAbout_pimc: 'Verteilt die Karten, die es nicht sieht, viele Male neu und spielt, was über all diese Verteilungen am besten abschneidet.',
  houseAbout_star: 'Spielt wie die starke Stufe und rechnet gegen Ende eines Spiels jede mögliche Lage der verdeckten Karten durch.',
  houseIntro: 'Die eigenen Spieler des Computers, der schwächste zuerst.',
  provisionalNote: 'Eine vorläufige Wertung kann sich noch stark ändern: sie beruht auf wenigen gewerteten Spielen.',
  houseBotsTitle: 'Computerspieler',
  houseBotsIntro: 'Als Veranstalter kannst du die Spieler des Computers anmelden: Sie spielen ihre Partien wie alle anderen.',
  houseBotsAdd: 'Anmelden',
  houseBotsNone: 'Gerade ist kein Computerspieler spielbereit, den du anmelden könntest.',
  houseBotsAllIn: 'Alle spielbereiten Computerspieler spielen schon mit.',
};
