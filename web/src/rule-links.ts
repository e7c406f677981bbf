// The result's words of the rules ("without 1", Kontra, Re, Schneider, …) as links to their
// explanation on /rules, in the page's language: a line split at the terms describeResult used.
import { h, type Child } from './dom.ts';
import type { Translate } from './i18n.ts';
import type { RuleTopic } from './i18n-rules.ts';

export type Part = string | { text: string; topic: RuleTopic };

/** `line` cut into plain text and the terms in it, each term once per occurrence, left to right. */
export function splitTerms(line: string, terms: readonly [string, RuleTopic][]): Part[] {
  const parts: Part[] = [];
  let rest = line;
  for (;;) {
    // The earliest term in what is left; of two starting there, the longer ("schneider announced" over "schneider").
    let at = -1;
    let found: [string, RuleTopic] | null = null;
    for (const entry of terms) {
      const i = rest.indexOf(entry[0]);
      if (i >= 0 && (at < 0 || i < at || (i === at && entry[0].length > found![0].length))) [at, found] = [i, entry];
    }
    if (!found) break;
    if (at > 0) parts.push(rest.slice(0, at));
    parts.push({ text: found[0], topic: found[1] });
    rest = rest.slice(at + found[0].length);
  }
  if (rest) parts.push(rest);
  return parts;
}

/** The line with its terms as links to /rules#topic. */
export function linkedLine(line: string, terms: readonly [string, RuleTopic][], t: Translate): Child[] {
  return splitTerms(line, terms).map((p) =>
    typeof p === 'string' ? p : h('a', { href: `/rules#${p.topic}`, class: 'rule-term', 'data-rule': p.topic, title: t('rulesTermLink', { term: p.text }) }, p.text),
  );
}
