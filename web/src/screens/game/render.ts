// Draws the table screen from its state: the status bar, the notice line, the table with the
// player's decision in its middle, the player's other actions, and once over the result and sheet.
import { decisionPanel } from '../../dialogs.ts';
import { h, replaceContent } from '../../dom.ts';
import { describeEvent } from '../../event-text.ts';
import { modelFromView, other } from '../../model.ts';
import { ratedBadge } from '../../rating-changes.ts';
import { describeResult } from '../../result.ts';
import { sheetTable } from '../../sheet.ts';
import { renderTable } from '../../table.ts';
import type { GameActions } from './actions.ts';
import { type GameContext, seatLabel, seatNames } from './context.ts';
import type { DeadlineClock } from './deadline.ts';
import { resultPanel } from './result-panel.ts';

/** Whose turn it is, or how the game ended, in a line. */
export function statusText(ctx: GameContext): string {
  const { t } = ctx.app;
  const { view } = ctx.state;
  if (view.status === 'waiting') return t('waitingForOpponent');
  if (view.status === 'finished') return view.result ? describeResult(view.result as never, view.contract as never, view.config, seatNames(ctx), t).headline : t('ev_finished');
  const seat = view.toMove;
  if (!seat) return t(`status_${view.status}`);
  if (seat === view.you) return t('yourTurn');
  return t('theirTurn', { name: seatNames(ctx)[seat] });
}

/** The table's middle while nobody plays a card: the player's decision, the invitation, or the phase. */
function middleOf(ctx: GameContext, actions: GameActions, decision: HTMLElement | null): HTMLElement | undefined {
  const { t, session } = ctx.app;
  const { view } = ctx.state;
  if (decision) return decision;
  if (view.status === 'waiting') {
    const waitingSeat = !view.you && session.player && (!view.reservedFor || view.reservedFor === session.player.playerId);
    return h('div', { class: 'waiting' }, h('p', null, t('waitingForOpponent')), h('code', { class: 'link-text' }, location.href), waitingSeat ? h('button', { type: 'button', class: 'primary', 'data-testid': 'join', onclick: () => void actions.join() }, t('join')) : null);
  }
  return view.status !== 'playing' && view.status !== 'finished' ? h('p', { class: 'note' }, statusText(ctx)) : undefined;
}

/** A seated player's actions besides the cards: claim a passed deadline, resign (armed first). */
function actionsBar(ctx: GameContext, actions: GameActions): HTMLElement | null {
  const { t } = ctx.app;
  const { state } = ctx;
  const { view } = state;
  if (!view.you || view.status === 'finished' || view.status === 'waiting') return null;
  const deadlinePassed = Boolean(view.deadline) && Date.parse(view.deadline!) <= Date.now();
  const canClaim = deadlinePassed && view.toMove === other(view.you);
  return h(
    'div',
    { class: 'actions' },
    canClaim ? h('button', { type: 'button', class: 'primary', onclick: () => void actions.claim() }, t('claimTimeout')) : null,
    state.resignArmed
      ? [
          h('button', { type: 'button', class: 'danger', 'data-focus': 'resign-confirm', 'data-testid': 'resign-confirm', onclick: () => ((state.resignArmed = false), void actions.act({ type: 'resign' })) }, t('resignConfirm')),
          h('button', { type: 'button', class: 'link', 'data-focus': 'resign-cancel', onclick: () => ((state.resignArmed = false), ctx.render()) }, t('cancel')),
        ]
      : h('button', { type: 'button', class: 'link', 'data-focus': 'resign', 'data-testid': 'resign', onclick: () => ((state.resignArmed = true), ctx.render()) }, t('resign')),
    h('span', { class: 'muted hint' }, t('keysHint')),
  );
}

/** The drawing function of the screen. */
export function gameRenderer(ctx: GameContext, actions: GameActions, clock: DeadlineClock): () => void {
  const { root, state } = ctx;
  const { t } = ctx.app;
  return () => {
    const { view, busy, chosen, match, problem, latest } = state;
    const model = modelFromView(view, seatLabel(ctx));
    const mine = view.you !== null && view.toMove === view.you;
    const decision = mine ? decisionPanel(view, { t, act: (m) => void actions.act(m), busy, chosen }) : null;
    const discarding = mine && view.status === 'stock' && view.legalMoves.some((m) => m.type === 'discard');
    const table = renderTable(model, {
      t,
      busy,
      onPlay: mine && view.status === 'playing' ? (card) => void actions.act({ type: 'play', card }) : undefined,
      selecting: discarding ? { chosen, toggle: actions.toggle } : undefined,
      middle: middleOf(ctx, actions, decision),
    });

    replaceContent(
      root,
      h(
        'div',
        { class: 'game', 'data-game-id': view.id, 'data-status': view.status, 'data-version': view.version, 'data-you': view.you ?? 'spectator' },
        h(
          'div',
          { class: 'status-bar' },
          h('span', { class: `status${mine ? ' mine' : ''}`, 'data-testid': 'status' }, statusText(ctx)),
          view.match ? h('a', { href: `/play/match/${view.match.id}`, class: 'badge' }, `${t('match')} · ${view.match.number}`) : null,
          view.config.practice ? h('span', { class: 'badge' }, t('practice')) : null,
          ratedBadge(view, t),
          view.you ? null : h('span', { class: 'badge' }, t('spectator')),
          clock.element,
        ),
        h('p', { class: 'notice', 'data-testid': 'notice' }, problem ? h('span', { class: 'error' }, problem) : latest ? describeEvent(latest, seatNames(ctx), t) : ''),
        table,
        actionsBar(ctx, actions),
        view.status === 'finished' ? resultPanel(ctx, actions) : null,
        match ? sheetTable(match, t) : null,
      ),
    );
    clock.tick();
    // The keyboard nowhere (a new decision; or the control it was on played, or disabled while the
    // move went): on the decision's first control, or on the first card to play. Never taken from
    // where it is.
    const nowhere = document.activeElement === document.body || !document.activeElement;
    if (nowhere && decision) root.querySelector<HTMLElement>('.decision input, .decision select, .decision button:not([disabled])')?.focus();
    else if (nowhere && mine && view.status === 'playing') root.querySelector<HTMLElement>('button.card[data-legal]')?.focus();
  };
}
