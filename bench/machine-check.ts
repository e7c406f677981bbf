// How fast this machine is right now, so a benchmark's numbers can be read against its phase: on
// the VM this project is measured on, the solver runs up to about 1.9 times slower for minutes at
// a time, when the host's other guests take the shared L3 cache (no steal time shows in
// /proc/stat, and register-only work slows far less). Two fixed workloads, CPU time:
// - alu: 10^8 steps of xorshift, the registers only;
// - reads: dependent random reads (each address the value read before) spread over an array of
//   2 MB, the solver's table while a deal's searches are small, and of 8 MB, the grown table.
//   They are what the solver waits on (cache and TLB misses), in nanoseconds a read.

/** CPU milliseconds of this process that `f` takes. */
export const cpuMs = (f: () => unknown): number => {
  const start = process.cpuUsage();
  f();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};

function alu(): number {
  let x = 1;
  for (let i = 0; i < 100_000_000; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
  }
  return x;
}

const READS = 4_000_000;

/** A random cycle through an array of `bytes` (Sattolo's shuffle), and a walk of READS steps along it. */
function readsOver(bytes: number): () => number {
  const cycle = new Int32Array(bytes / 4);
  for (let i = 0; i < cycle.length; i++) cycle[i] = i;
  let s = 12345;
  for (let i = cycle.length - 1; i > 0; i--) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    const j = s % i;
    const t = cycle[i];
    cycle[i] = cycle[j];
    cycle[j] = t;
  }
  return () => {
    let p = 0;
    for (let i = 0; i < READS; i++) p = cycle[p];
    return p;
  };
}

export interface MachineCheck {
  aluMs: number;
  read2MbNs: number;
  read8MbNs: number;
}

/** The machine's speed now (each workload run once to warm up, then measured; about 1 s). */
export function machineCheck(): MachineCheck {
  const small = readsOver(2 << 20);
  const large = readsOver(8 << 20);
  const measure = (f: () => number) => {
    f();
    return cpuMs(f);
  };
  return {
    aluMs: Math.round(measure(alu)),
    read2MbNs: Math.round((measure(small) * 1e6) / READS),
    read8MbNs: Math.round((measure(large) * 1e6) / READS),
  };
}

export const describe = (m: MachineCheck): string =>
  `machine check: alu ${m.aluMs} ms, a random read ${m.read2MbNs} ns over 2 MB and ${m.read8MbNs} ns over 8 MB`;
