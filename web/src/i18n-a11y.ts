// Words for assistive technology: names of parts of the page and the charts' tables of values.
export const a11yEn = {
  gameTable: 'Game table',
  cardWithKey: '{card}, key {key}',
  valuesOf: '{name}: the values',
  colCard: 'Card',
  colValue: 'Value',
  colDate: 'Date',
  beforeFirstCard: 'Before the first card',
};

export const a11yDe: Record<keyof typeof a11yEn, string> = {
  gameTable: 'Spieltisch',
  cardWithKey: '{card}, Taste {key}',
  valuesOf: '{name}: die Werte',
  colCard: 'Karte',
  colValue: 'Wert',
  colDate: 'Datum',
  beforeFirstCard: 'Vor der ersten Karte',
};
