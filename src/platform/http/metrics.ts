// The service's metrics in Prometheus's text format (prom-client), at GET /metrics: requests by
// route and status with their latency, moves by variant, group-commit batch sizes, game-cache
// hits and misses, waiters and streams open, database connections in use, the revoked tokens
// list's failed refreshes and age, and Node's own (event-loop lag among them). Each process has
// its own registry; with several workers a scrape answers for all of them (cluster-metrics.ts).
import type { MiddlewareHandler } from 'hono';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { clusterMetrics } from './cluster-metrics.ts';
import type { AppEnv } from './env.ts';

/** What the metrics read from the rest of the service when they are scraped. */
export interface MetricSources {
  cache: { stats: { hits: number; misses: number } };
  notifier: { waiting(): number };
  database: { connections(): Promise<{ busy: number; idle: number } | null> };
  /** The revoked tokens' list (accounts/revocations.ts): its failed refreshes so far, and its age. */
  revocations: { failures(): number; ageMs(): number };
}

/** A counter that shows a running total kept elsewhere. */
function totalOf(registry: Registry, name: string, help: string, read: () => number) {
  let shown = 0;
  return new Counter({
    name,
    help,
    registers: [registry],
    collect() {
      const now = read();
      if (now > shown) this.inc(now - shown);
      shown = now;
    },
  });
}

export class ServiceMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly latency: Histogram<'method' | 'route'>;
  private readonly moves: Counter<'variant'>;
  private readonly batches: Histogram;
  private readonly streams: Gauge;

  constructor(sources: MetricSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Counter({ name: 'http_requests_total', help: 'Requests answered, by route and status', labelNames: ['method', 'route', 'status'], registers });
    this.latency = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer (a long poll or a stream: until it ended)',
      labelNames: ['method', 'route'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10, 30],
      registers,
    });
    this.moves = new Counter({ name: 'skat_moves_total', help: 'Moves made, by variant', labelNames: ['variant'], registers });
    this.batches = new Histogram({
      name: 'skat_group_commit_batch_size',
      help: 'Moves per group-commit statement',
      buckets: [1, 2, 4, 8, 16, 32, 64],
      registers,
    });
    this.streams = new Gauge({ name: 'skat_streams_open', help: 'Server-Sent Event streams open now', registers });
    totalOf(this.registry, 'skat_game_cache_hits_total', 'Commands and long polls served from a copy of the game', () => sources.cache.stats.hits);
    totalOf(this.registry, 'skat_game_cache_misses_total', 'Times no current copy of the game was kept', () => sources.cache.stats.misses);
    new Gauge({
      name: 'skat_waiters',
      help: 'Long polls and streams waiting for a change now',
      registers,
      collect() {
        this.set(sources.notifier.waiting());
      },
    });
    new Gauge({
      name: 'skat_db_connections',
      help: "This process's connections to the database server, by state (absent: the embedded database)",
      labelNames: ['state'],
      registers,
      async collect() {
        // The database away: the scrape answers without this gauge (GET /readyz says it is away).
        const c = await sources.database.connections().catch(() => null);
        if (!c) return;
        this.set({ state: 'busy' }, c.busy);
        this.set({ state: 'idle' }, c.idle);
      },
    });
    totalOf(this.registry, 'skat_revocations_refresh_failures_total', 'Reads of the revoked tokens list that failed', () => sources.revocations.failures());
    new Gauge({
      name: 'skat_revocations_last_refresh_age_seconds',
      help: 'Seconds since the revoked tokens list was last read (past 3 refresh intervals the process is not ready)',
      registers,
      // Several workers: the oldest list counts, not the sum of their ages.
      aggregator: 'max',
      collect() {
        this.set(sources.revocations.ageMs() / 1000);
      },
    });
  }

  /** Counts and times every request by its route (the path pattern: no ids in the labels). */
  middleware(): MiddlewareHandler<AppEnv> {
    return async (c, next) => {
      const start = performance.now();
      await next();
      const route = c.req.routePath || 'unmatched';
      this.requests.inc({ method: c.req.method, route, status: String(c.res.status) });
      this.latency.observe({ method: c.req.method, route }, (performance.now() - start) / 1000);
    };
  }

  moved(variant: string): void {
    this.moves.inc({ variant });
  }

  batched(size: number): void {
    this.batches.observe(size);
  }

  /** A stream opened; the function returned says it closed (once, however often it is called). */
  streamOpened(): () => void {
    this.streams.inc();
    let open = true;
    return () => {
      if (open) this.streams.dec();
      open = false;
    };
  }

  /** This process's metrics, or, in a worker of a primary, every worker's summed (cluster-metrics.ts). */
  render(): Promise<string> {
    return clusterMetrics() ?? this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
