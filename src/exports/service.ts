// The exports (docs/api.md, "Export"): finished games as ndjson, one record a line (each exactly the
// record of GET /v1/games/{gameId}/record, which `npm run verify` checks), newest end first. Read
// in batches, each handed on as text before the next is read: memory stays that of one batch,
// however many games there are; the caller writes each batch before asking for the next.
import type { ExportFilter, ExportStore } from './store.ts';
import type { Players } from '../accounts/index.ts';
import type { AnalysisService } from '../analysis/index.ts';
import { gameOf, gameRecord, playerIdsOf } from '../games/index.ts';

/** Games per batch (one statement, one text handed on). */
const BATCH = 200;

export class ExportService {
  constructor(private readonly deps: { store: ExportStore; players: Players; analysis: Pick<AnalysisService, 'doneOf'>; batch?: number }) {}

  /**
   * The records as ndjson text, one batch's lines at a time; stops when `stopped()` says so.
   * `withAnalysis`: each record carries its game's open-lens analysis (`analysis`) where one is done.
   */
  async *lines(filter: ExportFilter, stopped: () => boolean = () => false, withAnalysis = false): AsyncGenerator<string> {
    const size = this.deps.batch ?? BATCH;
    let after: { updatedAt: Date; id: string } | undefined;
    while (!stopped()) {
      const batch = await this.deps.store.batch(filter, after, size);
      if (batch.length === 0) return;
      const names = await this.deps.players.namesOf(playerIdsOf(batch.map((b) => b.row)));
      const analyses = withAnalysis ? await this.deps.analysis.doneOf(batch.map((b) => b.row.id)) : null;
      let text = '';
      for (const { row, events } of batch) {
        const game = gameOf(row, events);
        const result = game.state.result;
        const analysis = analyses?.get(row.id);
        if (result) text += `${JSON.stringify(analysis ? { ...gameRecord(game, result, names), analysis } : gameRecord(game, result, names))}\n`;
      }
      if (text) yield text;
      if (batch.length < size) return;
      // biome-ignore lint/style/noNonNullAssertion: a full batch has a last game
      const last = batch.at(-1)!.row;
      after = { updatedAt: last.updatedAt, id: last.id };
    }
  }
}
