// The strong computer's decision time in the browser: `npm run bench:browser-computer -- [--games N]
// [--variant V] [--time-ms T] [--strategy star|pimc]`. The web client built, a test service, Debian's
// Chromium: N games (default 6) against the web client's strong level in its Web Worker, the
// person's side played by clicks, each of the computer's decisions timed by the page itself (the
// User Timing measure `computer-move`: from the question to the worker's answer). Prints the
// median, p95 and the longest per variant, with the machine's load average.
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { startTestService } from '../test/support/service.ts';
import { DESKTOP, launchBrowser } from '../test/web/support/browser.ts';
import { ensureWebBuild } from '../test/web/support/build.ts';
import { playToTheEnd } from '../test/web/support/play.ts';

const { values } = parseArgs({ options: { games: { type: 'string' }, variant: { type: 'string' }, 'time-ms': { type: 'string' }, strategy: { type: 'string' } } });
const games = Number(values.games ?? 6);
const variants = values.variant ? [values.variant] : ['classic', 'halfOpen', 'bidding'];
const strategy = values.strategy === 'pimc' ? 'pimc' : 'star';
const timeMs = values['time-ms'];

const load = () => `load ${loadavg().map((x) => x.toFixed(2)).join(' ')}`;
const q = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
const line = (label: string, xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `${label.padEnd(10)} ${String(s.length).padStart(4)} decisions  median ${q(s, 0.5).toFixed(0).padStart(5)} ms  p95 ${q(s, 0.95).toFixed(0).padStart(5)} ms  max ${(s.at(-1) ?? 0).toFixed(0).padStart(5)} ms`;
};

console.log(`bench:browser-computer — ${strategy} at ${timeMs ?? 'its default'} ms a card, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${load()}, ${new Date().toISOString()}`);
await ensureWebBuild();
const service = await startTestService();
const browser = await launchBrowser();
const byVariant = new Map<string, number[]>();
try {
  for (let g = 0; g < games; g++) {
    const variant = variants[g % variants.length]!;
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    await page.goto(`${service.url}/`);
    await page.evaluate(
      ([s, t]) => {
        localStorage.setItem('offiziersskat:computer-strategy', s!);
        if (t) localStorage.setItem('offiziersskat:computer-time-ms', t);
      },
      [strategy, timeMs] as const,
    );
    await page.locator('#name').fill(`Bench ${g + 1}`);
    await page.keyboard.press('Enter');
    await page.locator('[data-testid=play-computer]').waitFor();
    await page.locator('select[name=variant]').selectOption(variant);
    await page.locator('select[name=seat]').selectOption(g % 2 === 0 ? 'dealer' : 'forehand');
    await page.locator('[data-testid=computer-level]').selectOption('strong');
    await page.locator('[data-testid=play-computer]').click();
    await page.locator('.game').waitFor();
    await playToTheEnd([page], { cards: 'clicks' });
    const decisions = await page.evaluate(() => performance.getEntriesByName('computer-move').map((e) => e.duration));
    byVariant.set(variant, [...(byVariant.get(variant) ?? []), ...decisions]);
    console.log(line(`game ${g + 1}`, decisions), variant, load());
    await context.close();
  }
} finally {
  await browser.close();
  await service.close();
}
for (const [variant, xs] of byVariant) console.log(line(variant, xs));
console.log(line('all', [...byVariant.values()].flat()), load());
