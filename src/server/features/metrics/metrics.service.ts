import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { LEDGER_KINDS } from '@shared/billing';
import type { Db } from '../../db/client';
import { JOB_NAMES } from '../../jobs/job-types';
import type { Logger } from '../../lib/logger';
import { ledgerPostingsByKind, queueBacklog } from './metrics.repository';

/** Outcomes of one try of a generation: its images stored, settled with a refund, or thrown (tried again or given up). */
export type GenerationOutcome = 'succeeded' | 'failed' | 'error';

export interface MetricsSources {
  db: Db;
  logger: Logger;
  /** Event streams open in this process right now. */
  openEventStreams: () => number;
}

/**
 * The Prometheus metrics of one server process (prom-client), on a registry of its own so that
 * several servers in one process (tests) do not mix. Counters and histograms are per process (sum
 * them across instances); the queue backlog and the ledger are read from the database at scrape
 * time, so they are the same on every instance (take the max, not the sum).
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  private readonly generationDuration: Histogram<'engine' | 'outcome'>;
  private readonly generationsGivenUp: Counter<'engine'>;
  private readonly readDatabase: () => Promise<void>;

  constructor(sources: MetricsSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: 'photomuse_' });
    this.httpDuration = new Histogram({
      name: 'photomuse_http_request_duration_seconds',
      help: 'HTTP requests by route pattern and status, until the answer began (event streams: until they opened)',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    });
    this.generationDuration = new Histogram({
      name: 'photomuse_generation_duration_seconds',
      help: 'Tries of the generate job by image engine and outcome (succeeded, failed = settled with a refund, error = tried again or given up)',
      labelNames: ['engine', 'outcome'],
      buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 40, 60, 120, 300],
      registers,
    });
    this.generationsGivenUp = new Counter({
      name: 'photomuse_generations_given_up_total',
      help: 'Generations settled with a refund after their last try failed, by image engine',
      labelNames: ['engine'],
      registers,
    });

    const { db, logger } = sources;
    // Scrape-time reads: a database that does not answer leaves these out, never fails the scrape.
    const fromDatabase = async <T>(what: string, read: () => Promise<T>): Promise<T | undefined> =>
      read().catch((error: unknown) => {
        logger.warn({ err: error, metric: what }, 'metrics: could not read from the database');
        return undefined;
      });

    const queueDepth = new Gauge({
      name: 'photomuse_job_queue_depth',
      help: 'Jobs waiting (queued or to be retried) by kind',
      labelNames: ['kind'],
      registers,
    });
    const queueRunning = new Gauge({ name: 'photomuse_job_queue_running', help: 'Jobs running by kind', labelNames: ['kind'], registers });
    const queueOldest = new Gauge({
      name: 'photomuse_job_queue_oldest_age_seconds',
      help: 'Age of the oldest waiting job by kind (0 when none waits)',
      labelNames: ['kind'],
      registers,
    });
    const ledgerPostings = new Gauge({
      name: 'photomuse_ledger_postings',
      help: 'Postings in the ledger by kind (all processes: read from the database)',
      labelNames: ['kind'],
      registers,
    });
    // Read before the registry renders: one query sets several gauges, whatever order they render in.
    this.readDatabase = async () => {
      const [backlog, postings] = await Promise.all([
        fromDatabase('job queue', () => queueBacklog(db)),
        fromDatabase('ledger', () => ledgerPostingsByKind(db)),
      ]);
      for (const gauge of [queueDepth, queueRunning, queueOldest]) gauge.reset();
      // Every kind has a sample, 0 when nothing waits: a dashboard shows an empty queue as 0, not as
      // "no data", and an alert on depth or age can fire on a kind that was never used. A database
      // that does not answer leaves the series out instead, so a 0 is never a guess.
      if (backlog) {
        for (const kind of JOB_NAMES) {
          queueDepth.set({ kind }, 0);
          queueRunning.set({ kind }, 0);
          queueOldest.set({ kind }, 0);
        }
        for (const row of backlog) {
          queueDepth.set({ kind: row.kind }, row.waiting);
          queueRunning.set({ kind: row.kind }, row.running);
          queueOldest.set({ kind: row.kind }, row.oldestWaitingSeconds);
        }
      }
      ledgerPostings.reset();
      if (postings) {
        for (const kind of LEDGER_KINDS) ledgerPostings.set({ kind }, 0);
        for (const row of postings) ledgerPostings.set({ kind: row.kind }, row.count);
      }
    };
    new Gauge({
      name: 'photomuse_sse_connections',
      help: 'Open event streams (Server-Sent Events) in this process',
      registers,
      collect() {
        this.set(sources.openEventStreams());
      },
    });
    const pool = db.$client;
    new Gauge({
      name: 'photomuse_db_pool_connections',
      help: "This process's database pool: connections in use, idle, and requests waiting for one",
      labelNames: ['state'],
      registers,
      collect() {
        this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
    new Gauge({ name: 'photomuse_db_pool_max', help: "The size limit of this process's database pool", registers }).set(
      pool.options.max ?? 10,
    );
  }

  observeHttpRequest(method: string, route: string, status: number, seconds: number): void {
    this.httpDuration.observe({ method, route, status: String(status) }, seconds);
  }

  observeGeneration(engine: string, outcome: GenerationOutcome, seconds: number): void {
    this.generationDuration.observe({ engine, outcome }, seconds);
  }

  countGenerationGivenUp(engine: string): void {
    this.generationsGivenUp.inc({ engine });
  }

  /** The Prometheus text exposition of every metric. */
  async render(): Promise<string> {
    await this.readDatabase();
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
