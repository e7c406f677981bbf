// The form that creates a tournament: every option of POST /v1/tournaments with sane defaults, an
// arena's minutes or a Swiss event's rounds as the system asks, and each field checked as it is
// typed (its message beside it) before anything is sent; the service checks again and its refusal
// is said under the button.
import type { App } from '../../app.ts';
import { h } from '../../dom.ts';
import type { MessageKey } from '../../i18n.ts';
import { VARIANTS } from '../../rated-api.ts';
import { BOTS_RULES, createTournament, defaultFields, GAMES_PER_ROUND, LIMITS, readTournamentForm, type FieldErrors, type TournamentFields } from '../../tournament-api.ts';

type FieldName = keyof TournamentFields;

export function newTournamentForm(app: App): HTMLFormElement {
  const { t, session } = app;
  const defaults = defaultFields(new Date());
  const messages = new Map<FieldName, HTMLElement>();
  const touched = new Set<FieldName>();

  const note = (name: FieldName) => {
    const el = h('small', { class: 'field-error error', id: `tour-${name}-error`, 'data-error-for': name, hidden: true });
    messages.set(name, el);
    return el;
  };
  const field = (name: FieldName, label: string, control: HTMLElement, hint?: HTMLElement) => {
    control.id = `tour-${name}`;
    control.setAttribute('aria-describedby', `tour-${name}-error`);
    return h('div', { class: 'field', 'data-field': name }, h('label', { for: `tour-${name}` }, label), control, hint, note(name));
  };
  const select = (name: FieldName, values: readonly (string | number)[], label: (v: string) => string) =>
    h('select', { name }, values.map((v) => h('option', { value: String(v), selected: String(v) === defaults[name] }, label(String(v)))));
  const number = (name: FieldName, range: { min: number; max: number }, extra: Record<string, unknown> = {}) =>
    h('input', { type: 'number', name, min: range.min, max: range.max, step: 1, inputmode: 'numeric', value: defaults[name] as string, ...extra });
  const check = (name: FieldName, label: string) => h('label', { class: 'check' }, h('input', { type: 'checkbox', name, checked: defaults[name] as boolean }), label);

  const systemHint = h('small', { class: 'muted', 'data-testid': 'tour-system-hint' });
  const arenaPart = h('div', { class: 'system-part', 'data-system': 'arena' }, field('minutes', t('tourMinutes'), number('minutes', LIMITS.minutes)));
  const swissPart = h(
    'div',
    { class: 'system-part', 'data-system': 'swiss' },
    field('rounds', t('tourRounds'), number('rounds', LIMITS.rounds)),
    field('gamesPerRound', t('tourGamesPerRound'), select('gamesPerRound', GAMES_PER_ROUND, (v) => v)),
  );
  const problem = h('p', { class: 'error', role: 'alert', hidden: true, 'data-testid': 'tour-create-problem' });
  const submit = h('button', { type: 'submit', class: 'primary', 'data-testid': 'tour-create' }, t('tourCreate'));

  const form = h(
    'form',
    { class: 'new-tournament', novalidate: true, 'data-testid': 'tour-form' },
    field('name', t('tourName'), h('input', { name: 'name', maxlength: LIMITS.name.max, autocomplete: 'off', value: defaults.name })),
    field('system', t('tourSystem'), select('system', ['arena', 'swiss'], (v) => t(`tourSystem_${v}` as MessageKey)), systemHint),
    arenaPart,
    swissPart,
    field('startsAt', t('tourStartsAt'), h('input', { type: 'datetime-local', name: 'startsAt', value: defaults.startsAt })),
    field('variant', t('variant'), select('variant', VARIANTS, (v) => t(`variant_${v}` as MessageKey))),
    field('turnSeconds', t('tourTurnSeconds'), number('turnSeconds', LIMITS.turnSeconds)),
    field('scoring', t('scoring'), select('scoring', ['standard', 'simple'], (v) => t(`scoring_${v}` as MessageKey))),
    field('ramschTrumps', t('ramschTrumps'), select('ramschTrumps', ['jacks', 'none'], (v) => t(`ramschTrumps_${v}` as MessageKey))),
    check('kontra', t('kontraOption')),
    check('spitzen', t('spitzen')),
    check('rated', t('tourRatedOption')),
    field('maxPlayers', t('tourMaxPlayers'), number('maxPlayers', LIMITS.maxPlayers, { placeholder: t('noLimit') })),
    field('bots', t('tourBots'), select('bots', BOTS_RULES, (v) => t(`tourBots_${v}` as MessageKey))),
    h('div', { class: 'buttons' }, submit),
    problem,
  );

  const fields = (): TournamentFields => {
    const f = new FormData(form);
    const text = (name: FieldName) => String(f.get(name) ?? '');
    return {
      name: text('name'),
      system: text('system'),
      variant: text('variant'),
      scoring: text('scoring'),
      ramschTrumps: text('ramschTrumps'),
      kontra: f.get('kontra') === 'on',
      spitzen: f.get('spitzen') === 'on',
      turnSeconds: text('turnSeconds'),
      rated: f.get('rated') === 'on',
      startsAt: text('startsAt'),
      minutes: text('minutes'),
      rounds: text('rounds'),
      gamesPerRound: text('gamesPerRound'),
      maxPlayers: text('maxPlayers'),
      bots: text('bots'),
    };
  };

  /** Shows the messages of the fields touched (all of them on submit); true when none is wrong. */
  const show = (errors: FieldErrors, all: boolean) => {
    for (const [name, el] of messages) {
      const key = errors[name];
      const shown = key !== undefined && (all || touched.has(name));
      el.hidden = !shown;
      el.textContent = shown ? t(key) : '';
      const control = form.elements.namedItem(name);
      if (!(control instanceof HTMLElement)) continue;
      if (shown) control.setAttribute('aria-invalid', 'true');
      else control.removeAttribute('aria-invalid');
    }
  };
  const validate = (all: boolean) => {
    const read = readTournamentForm(fields(), new Date());
    show('errors' in read ? read.errors : {}, all);
    return read;
  };
  const systemChanged = () => {
    const system = fields().system === 'swiss' ? 'swiss' : 'arena';
    arenaPart.hidden = system !== 'arena';
    swissPart.hidden = system !== 'swiss';
    systemHint.textContent = t(`tourSystemHint_${system}` as MessageKey);
  };

  form.addEventListener('input', (e) => {
    const name = (e.target as HTMLInputElement).name as FieldName;
    if (name) touched.add(name);
    if (name === 'system') systemChanged();
    validate(false);
  });
  form.addEventListener('change', () => validate(false));
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    problem.hidden = true;
    const read = validate(true);
    if ('errors' in read) {
      form.querySelector<HTMLElement>('[aria-invalid]')?.focus();
      return;
    }
    submit.disabled = true;
    try {
      const created = await createTournament(session.client, read.body);
      app.navigate(`/tournaments/${encodeURIComponent(created.id)}`);
    } catch (err) {
      problem.hidden = false;
      problem.textContent = app.describe(err);
      submit.disabled = false;
    }
  });
  systemChanged();
  return form;
}
