// A quick valuation of a position with every card known, for early in the play, where solving
// costs too much to be repeated over many worlds: both sides play it out with plain rules that
// see every card (win a trick cheaply, throw the cheapest card, lead a sure winner; duck in
// ramsch and null). Its value is the solver's kind of value (see src/bots/solver/value.ts).
import { POINTS, trickRules, type Card, type Seat } from '../../engine/index.ts';
import { afterCard, finalValue, legalCards, type Position } from '../solver/index.ts';

const otherSeat = (s: Seat): Seat => (s === 'forehand' ? 'dealer' : 'forehand');

function playable(p: Position, seat: Seat): Card[] {
  const s = p.seats[seat];
  const out: Card[] = [];
  for (const st of s.stacks) if (st.open) out.push(st.open);
  return out.concat(s.hand);
}

const byMin = (xs: readonly Card[], key: (c: Card) => number): Card => {
  let best = xs[0];
  let k = key(best);
  for (let i = 1; i < xs.length; i++) {
    const kx = key(xs[i]);
    if (kx < k) [best, k] = [xs[i], kx];
  }
  return best;
};

/** The card the plain rules play for the side to move. */
export function ruleCard(p: Position): Card {
  const legal = legalCards(p);
  if (legal.length === 1) return legal[0];
  const rules = trickRules(p.game, p.ramschTrumps);
  const me = p.toMove;
  const declarer = p.declarer === me;
  const trump = (c: Card) => rules.cls[c] === 'trump';
  const power = (c: Card) => rules.power[c];
  const cheap = (c: Card) => POINTS[c] * 10 + (trump(c) ? 100 : 0) + power(c);
  const beats = (led: Card, c: Card) => (rules.cls[c] === rules.cls[led] ? power(c) > power(led) : trump(c));
  const avoid = p.game === 'ramsch' || (p.game === 'null' && declarer);

  if (p.trick.length === 1) {
    const led = p.trick[0].card;
    const winners = legal.filter((c) => beats(led, c));
    const losers = legal.filter((c) => !beats(led, c));
    if (avoid) {
      if (losers.length) return byMin(losers, (c) => (p.game === 'null' ? -power(c) : -POINTS[c] * 100 - power(c)));
      return byMin(winners, (c) => POINTS[c] * 100 - power(c));
    }
    // The null defender lets the declarer's card win, keeping its own low cards.
    if (p.game === 'null') return losers.length ? byMin(losers, (c) => -power(c)) : byMin(winners, power);
    const plainWinners = winners.filter((c) => !trump(c));
    if (plainWinners.length) return byMin(plainWinners, (c) => -POINTS[c] * 100 + power(c));
    if (winners.length && POINTS[led] >= 3) return byMin(winners, power);
    return byMin(legal, cheap);
  }

  if (avoid || p.game === 'null') return byMin(legal, (c) => power(c) + (trump(c) ? 100 : 0));
  // A sure winner: the other side can neither beat it in its class nor ruff it now.
  const theirs = playable(p, otherSeat(me));
  const sure = legal.filter((c) => {
    const same = theirs.filter((x) => rules.cls[x] === rules.cls[c]);
    if (same.some((x) => power(x) > power(c))) return false;
    return same.length > 0 || trump(c) || !theirs.some(trump);
  });
  if (sure.length) {
    const pool = declarer && sure.some(trump) ? sure.filter(trump) : sure;
    return byMin(pool, (c) => -POINTS[c] * 100 - power(c));
  }
  return byMin(legal, cheap);
}

/** The value of the position played out by the plain rules. */
export function rolloutValue(position: Position): number {
  let p = position;
  for (;;) {
    if (legalCards(p).length === 0) return finalValue(p);
    const { next, over } = afterCard(p, ruleCard(p));
    if (over) return finalValue(next);
    p = next;
  }
}
