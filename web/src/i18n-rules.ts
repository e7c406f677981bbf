// The rules page's words (/rules), in English and German: the terms a game's result uses
// (matadors "with"/"without", the multiplier, hand, schneider, schwarz, announcements, Kontra, Re,
// an overbid, a lost game, Ramsch), each a section the result links to by its anchor. The
// anchors (RULE_TOPICS) are the same in both languages; the reference for developers is
// docs/rules.md.

/** The sections of /rules, in the page's order; each is an anchor (`/rules#kontra`). */
export const RULE_TOPICS = ['matadors', 'multiplier', 'hand', 'schneider', 'schwarz', 'announced', 'kontra', 're', 'overbid', 'lost', 'ramsch', 'simple'] as const;
export type RuleTopic = (typeof RULE_TOPICS)[number];

export const rulesEn = {
  rulesLink: 'Rules',
  rulesTitle: 'How a game is counted',
  rulesIntro: 'The words a game’s result uses, each explained. Offiziersskat is Skat for two: the game’s own words (Kontra, Re, Schneider, Schwarz, Hand, Ramsch) are Skat’s.',
  rulesTermLink: 'What “{term}” means',
  rule_matadors_title: 'With or without (matadors)',
  rule_matadors_text:
    'The declarer’s unbroken run of the top trumps from the club jack down, counted over all the cards it was dealt: holding the club jack, spade jack and heart jack but not the diamond jack is “with 3”; lacking the club jack and the spade jack but holding the heart jack is “without 2”. With or without, the count is added to the multiplier. With “Spitzen” the run goes on through the trump suit.',
  rule_multiplier_title: 'Multiplier and game value',
  rule_multiplier_text:
    'The multiplier adds up: the matadors, 1 for the game, 1 for hand, 1 for schneider, 1 for schneider announced, 1 for schwarz, 1 for schwarz announced. The game value is the multiplier times the base value: clubs 12, spades 11, hearts 10, diamonds 9, grand 24. Null has a fixed value: 23, or 35 as a hand game.',
  rule_hand_title: 'Hand',
  rule_hand_text: 'A hand game is played without picking up the stock (the Skat): one more level for the multiplier. The untouched stock still counts for the declarer at the end.',
  rule_schneider_title: 'Schneider',
  rule_schneider_text: 'The side that lost on card points has at most 30: one more level. It counts whether the declarer wins or loses.',
  rule_schwarz_title: 'Schwarz',
  rule_schwarz_text: 'The side that lost on card points took no trick at all: one more level, on top of schneider.',
  rule_announced_title: 'Announced schneider or schwarz',
  rule_announced_text:
    'In a hand game the declarer may announce schneider or schwarz: each announcement is one more level and counts whether it is reached or not. An announcement the declarer does not reach loses the game.',
  rule_kontra_title: 'Kontra',
  rule_kontra_text: 'The defender doubts the declarer’s game and says Kontra: the written score is doubled (× 2), won or lost. Never in Ramsch.',
  rule_re_title: 'Re',
  rule_re_text: 'The declarer answers a Kontra with Re: the score is doubled once more (× 4 in all).',
  rule_overbid_title: 'Overbid',
  rule_overbid_text:
    'When the game’s value at the end is below the bid, the game is lost, and its value is raised to the smallest multiple of the base value that reaches the bid.',
  rule_lost_title: 'A lost game',
  rule_lost_text: 'A won game is written to the declarer as its value; a lost game counts double against it: minus twice the value. The defender writes nothing.',
  rule_ramsch_title: 'Ramsch and Durchmarsch',
  rule_ramsch_text:
    'In Ramsch whoever takes fewer card points wins; the loser writes minus its own card points. A player who takes every trick (a Durchmarsch) writes 120 instead. No Kontra, no matadors.',
  rule_simple_title: 'Simple scoring',
  rule_simple_text: 'In simple scoring the winner writes 2 points, 3 with schneider, 4 with schwarz; Kontra and Re double them as in the standard scoring.',
};

export const rulesDe: Record<keyof typeof rulesEn, string> = {
  rulesLink: 'Regeln',
  rulesTitle: 'Wie ein Spiel gezählt wird',
  rulesIntro: 'Die Begriffe im Ergebnis eines Spiels, jeder erklärt. Offiziersskat ist Skat zu zweit: es gelten die Wörter des Skats (Kontra, Re, Schneider, Schwarz, Hand, Ramsch).',
  rulesTermLink: 'Was „{term}“ bedeutet',
  rule_matadors_title: 'Mit oder ohne (Spitzen)',
  rule_matadors_text:
    'Die ununterbrochene Folge der höchsten Trümpfe vom Kreuz-Buben abwärts, über alle Karten gezählt, die der Alleinspieler bekam: wer Kreuz-, Pik- und Herz-Buben hält, aber nicht den Karo-Buben, spielt „mit 3“; wem Kreuz- und Pik-Bube fehlen, wer aber den Herz-Buben hat, spielt „ohne 2“. Mit oder ohne: die Zahl kommt zu den Stufen hinzu. Mit „Spitzen laufen durch“ geht die Folge in der Trumpffarbe weiter.',
  rule_multiplier_title: 'Stufen und Spielwert',
  rule_multiplier_text:
    'Die Stufen zählen zusammen: die Spitzen, 1 für das Spiel, 1 für Hand, 1 für Schneider, 1 für Schneider angesagt, 1 für Schwarz, 1 für Schwarz angesagt. Der Spielwert ist die Zahl der Stufen mal dem Grundwert: Kreuz 12, Pik 11, Herz 10, Karo 9, Grand 24. Null hat einen festen Wert: 23, als Handspiel 35.',
  rule_hand_title: 'Hand',
  rule_hand_text: 'Ein Handspiel wird gespielt, ohne den Skat aufzunehmen: eine Stufe mehr. Der liegen gebliebene Skat zählt am Ende trotzdem für den Alleinspieler.',
  rule_schneider_title: 'Schneider',
  rule_schneider_text: 'Die Seite, die nach Augen verloren hat, hat höchstens 30: eine Stufe mehr. Das zählt, ob der Alleinspieler gewinnt oder verliert.',
  rule_schwarz_title: 'Schwarz',
  rule_schwarz_text: 'Die Seite, die nach Augen verloren hat, bekam keinen einzigen Stich: noch eine Stufe, zusätzlich zu Schneider.',
  rule_announced_title: 'Schneider oder Schwarz angesagt',
  rule_announced_text:
    'Bei einem Handspiel darf der Alleinspieler Schneider oder Schwarz ansagen: jede Ansage ist eine Stufe mehr und zählt, ob sie erreicht wird oder nicht. Erreicht der Alleinspieler seine Ansage nicht, ist das Spiel verloren.',
  rule_kontra_title: 'Kontra',
  rule_kontra_text: 'Der Gegenspieler zweifelt am Spiel des Alleinspielers und sagt Kontra: der Wert wird verdoppelt (× 2), ob gewonnen oder verloren. Nie im Ramsch.',
  rule_re_title: 'Re',
  rule_re_text: 'Der Alleinspieler antwortet auf Kontra mit Re: der Wert wird noch einmal verdoppelt (insgesamt × 4).',
  rule_overbid_title: 'Überreizt',
  rule_overbid_text:
    'Liegt der Spielwert am Ende unter dem Gebot, ist das Spiel verloren, und sein Wert wird auf das kleinste Vielfache des Grundwerts angehoben, das das Gebot erreicht.',
  rule_lost_title: 'Ein verlorenes Spiel',
  rule_lost_text: 'Ein gewonnenes Spiel wird dem Alleinspieler mit seinem Wert gutgeschrieben; ein verlorenes zählt doppelt gegen ihn: minus zweimal der Wert. Der Gegenspieler schreibt nichts.',
  rule_ramsch_title: 'Ramsch und Durchmarsch',
  rule_ramsch_text:
    'Im Ramsch gewinnt, wer weniger Augen bekommt; der Verlierer schreibt minus seine eigenen Augen. Wer alle Stiche bekommt (ein Durchmarsch), schreibt stattdessen 120. Kein Kontra, keine Spitzen.',
  rule_simple_title: 'Einfache Abrechnung',
  rule_simple_text: 'Bei der einfachen Abrechnung schreibt der Gewinner 2 Punkte, 3 mit Schneider, 4 mit Schwarz; Kontra und Re verdoppeln sie wie bei der Standardabrechnung.',
};
