// What a sign-in costs: wall and CPU time of one scrypt hash at today's parameters (and a few
// others), one at a time. Run: npm run bench:password. On a shared machine the wall time varies.
import { hashPassword, DEFAULT_SCRYPT, type ScryptParams } from '../src/accounts/password.ts';

async function measure(params: ScryptParams, rounds = 10) {
  await hashPassword('warm up', params);
  const walls: number[] = [];
  const cpus: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const cpu = process.cpuUsage();
    const t = performance.now();
    await hashPassword(`password ${i}`, params);
    walls.push(performance.now() - t);
    const used = process.cpuUsage(cpu);
    cpus.push((used.user + used.system) / 1000);
  }
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(`scrypt ln=${params.logN} r=${params.r} p=${params.p} (${(128 * 2 ** params.logN * params.r) / 2 ** 20} MiB): median ${median(walls).toFixed(1)} ms wall, ${median(cpus).toFixed(1)} ms CPU per hash`);
}

await measure({ logN: 14, r: 8, p: 1 });
await measure(DEFAULT_SCRYPT);
await measure({ logN: 16, r: 8, p: 1 }, 5);
