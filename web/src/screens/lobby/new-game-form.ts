// The new game form: every option of a game or match, read into the body of a create call.
import type { CreateGame } from '@offiziersskat/client';
import { computerLevel, LEVELS, type Level } from '../../computer.ts';
import { h } from '../../dom.ts';
import type { MessageKey, Translate } from '../../i18n.ts';
import { ratedChosen } from '../../rated-switch.ts';

export interface NewGameForm {
  element: HTMLFormElement;
  /** The game's options as the form says them now. */
  options(): CreateGame;
  /** The computer's level chosen: easy (greedy) or strong (pimc, thinking in a Web Worker). */
  level(): Level;
  /** The number of games of a match. */
  games(): number;
  /** Whether every field is valid (the browser says which is not). */
  valid(): boolean;
  /** Holds the buttons while a create call is on its way. */
  busy(on: boolean): void;
}

/** What the form's buttons start. */
export interface Creations {
  againstComputer(): void;
  openGame(): void;
  openMatch(): void;
}

/** `rated`: the rated switch (rated-switch.ts), placed under the seconds a move. */
export function newGameForm(t: Translate, create: Creations, rated?: HTMLElement): NewGameForm {
  const field = (label: string, control: HTMLElement) => h('label', { class: 'field' }, h('span', null, label), control);
  const select = (name: string, values: string[], label: (v: string) => string, selected?: string) =>
    h('select', { name }, values.map((v) => h('option', { value: v, selected: v === selected }, label(v))));
  const turnSeconds = h('input', { type: 'number', name: 'turnSeconds', min: 5, max: 86400, placeholder: t('noLimit'), inputmode: 'numeric', 'data-testid': 'turn-seconds' });
  // A rated game always has a clock (10–300 s, 60 unless set): "no limit" is not offered then.
  const clockFor = (rated: boolean) => {
    turnSeconds.min = rated ? '10' : '5';
    turnSeconds.max = rated ? '300' : '86400';
    turnSeconds.placeholder = rated ? t('ratedDefaultSeconds') : t('noLimit');
  };
  const form = h(
    'form',
    {
      class: 'new-game',
      onsubmit: (e: Event) => e.preventDefault(),
      onchange: (e: Event) => {
        if ((e.target as HTMLInputElement).name === 'rated') clockFor((e.target as HTMLInputElement).checked);
      },
    },
    field(t('variant'), select('variant', ['classic', 'halfOpen', 'bidding'], (v) => t(`variant_${v}` as MessageKey))),
    field(t('scoring'), select('scoring', ['standard', 'simple'], (v) => t(`scoring_${v}` as MessageKey))),
    field(t('seat'), select('seat', ['random', 'forehand', 'dealer'], (v) => (v === 'random' ? t('seat_random') : t(v as 'forehand')))),
    field(t('ramschTrumps'), select('ramschTrumps', ['jacks', 'none'], (v) => t(`ramschTrumps_${v}` as MessageKey))),
    h('label', { class: 'check' }, h('input', { type: 'checkbox', name: 'kontra', checked: true }), t('kontraOption')),
    h('label', { class: 'check' }, h('input', { type: 'checkbox', name: 'spitzen' }), t('spitzen')),
    field(t('turnSeconds'), turnSeconds),
    rated,
    h('details', null, h('summary', null, `${t('opponent')} / ${t('practiceSeed')}`),
      field(t('opponent'), h('input', { name: 'opponent', pattern: '[A-Za-z0-9\\-]{1,64}', autocomplete: 'off' })),
      field(t('practiceSeed'), h('input', { name: 'seed', pattern: '[0-9a-fA-F]{64}', autocomplete: 'off' })),
    ),
  );
  const games = h('input', { type: 'number', name: 'games', min: 1, max: 100, value: '6', 'aria-label': t('matchGames'), class: 'games-count' });
  const level = h('select', { name: 'level', 'aria-label': t('computerLevel'), 'data-testid': 'computer-level' }, LEVELS.map((v) => h('option', { value: v, selected: v === computerLevel() }, t(`level_${v}` as MessageKey))));
  form.append(
    h(
      'div',
      { class: 'buttons' },
      level,
      h('button', { type: 'button', class: 'primary', 'data-testid': 'play-computer', onclick: () => create.againstComputer() }, t('playComputer')),
      h('button', { type: 'button', 'data-testid': 'open-game', onclick: () => create.openGame() }, t('createGame')),
    ),
    h('div', { class: 'buttons' }, h('label', { class: 'field inline-field' }, h('span', null, t('matchGames')), games), h('button', { type: 'button', 'data-testid': 'open-match', onclick: () => create.openMatch() }, t('createMatch'))),
  );

  return {
    element: form,
    options: () => {
      const f = new FormData(form);
      const body: CreateGame = {
        variant: f.get('variant') as CreateGame['variant'],
        scoring: f.get('scoring') as CreateGame['scoring'],
        ramschTrumps: f.get('ramschTrumps') as CreateGame['ramschTrumps'],
        kontra: f.get('kontra') === 'on',
        spitzen: f.get('spitzen') === 'on',
      };
      if (f.get('seat') !== 'random') body.seat = f.get('seat') as CreateGame['seat'];
      const seconds = String(f.get('turnSeconds') ?? '').trim();
      if (seconds) body.turnSeconds = Number(seconds);
      const opponent = String(f.get('opponent') ?? '').trim();
      if (opponent) body.opponent = opponent;
      const seed = String(f.get('seed') ?? '').trim();
      if (seed) body.seed = seed.toLowerCase();
      if (ratedChosen(form)) body.rated = true;
      return body;
    },
    level: () => level.value as Level,
    games: () => Number(games.value) || 6,
    valid: () => form.reportValidity(),
    busy: (on) => form.querySelectorAll('button').forEach((b) => (b.disabled = on)),
  };
}
