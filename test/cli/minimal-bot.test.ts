// The example bot of docs/bots.md really plays: two of them meet in the lobby and finish a game.
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playOneGame } from '../../examples/minimal-bot.ts';
import { verifyRecord } from '../../src/record/index.ts';
import { startTestService, type TestService } from '../support/service.ts';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(async () => {
  await service?.close();
});

async function waitForOpenGame() {
  for (;;) {
    const res = await service.http.get('/v1/games?status=waiting').expect(200);
    if (res.body.games.length > 0) return res.body.games[0].id as string;
    await new Promise((r) => setTimeout(r, 20)); // the test's own polling, not the bot's
  }
}

describe('examples/minimal-bot.ts', () => {
  it('is under 60 lines and uses nothing but the client module', async () => {
    const source = await readFile(join(import.meta.dirname, '../../examples/minimal-bot.ts'), 'utf8');
    expect(source.trimEnd().split('\n').length).toBeLessThan(60);
    expect(source.match(/^import .*/gm)).toEqual([
      `import { pathToFileURL } from 'node:url';`,
      `import { createClient, playGame, type GameView } from '@offiziersskat/client';`,
    ]);
    // docs/bots.md shows the whole file.
    const guide = await readFile(join(import.meta.dirname, '../../docs/bots.md'), 'utf8');
    expect(guide).toContain(`\`\`\`ts\n${source}\`\`\``);
  });

  it('two instances find each other through the lobby and play a game to the end', async () => {
    const first = playOneGame(service.url, 'first');
    const gameId = await waitForOpenGame();
    const second = playOneGame(service.url, 'second');
    const [a, b] = await Promise.all([first, second]);
    expect(a.id).toBe(gameId);
    expect(b.id).toBe(gameId);
    expect(a.status).toBe('finished');
    expect(a.result).toEqual(b.result);
    const record = await service.http.get(`/v1/games/${gameId}/record`).expect(200);
    expect(verifyRecord(record.body).problems).toEqual([]);
  });

  it('runs as a script', async () => {
    const first = playOneGame(service.url, 'in-process');
    await waitForOpenGame();
    const script = promisify(execFile)(process.execPath, ['--import', 'tsx', 'examples/minimal-bot.ts', service.url], {
      cwd: join(import.meta.dirname, '../..'),
    });
    const [{ stdout }, view] = await Promise.all([script, first]);
    const printed = /^game (\S+) finished: (.*)\n$/.exec(stdout);
    expect(printed?.[1]).toBe(view.id);
    expect(JSON.parse(printed![2])).toEqual(view.result!.scores);
  });
});
