import type { FailedModel, FallbackModelName } from '@parley/schema';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { TokenUsage } from '../services/providers/provider.ts';

/** How a generation ended, as the generation job reports it. */
export type GenerationEnd = 'done' | 'stopped' | 'aborted' | 'lost' | 'error';

/** What the generation manager tells the metrics about each job. */
export interface GenerationObserver {
  started(labels: ModelLabels): GenerationTrack;
}

export interface ModelLabels {
  endpoint: string;
  model: string;
}

/** One running generation: its first token and its end. */
export interface GenerationTrack {
  firstToken(): void;
  finished(outcome: GenerationEnd, usage: TokenUsage | undefined): void;
  /**
   * It never became a generation: its request message could not be saved (a message id found
   * taken, whose request is planned again and counted then). No longer active, not counted.
   */
  discarded(): void;
}

/** Seconds: short API calls up to slow generations. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const GENERATION_BUCKETS = [0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300];
const FIRST_TOKEN_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30];
const PROBE_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1];

/**
 * The server's Prometheus metrics (`GET /metrics`): HTTP requests by route and status,
 * generations (count by outcome, duration, time to first token, tokens, running now), the
 * latency of the database and the Bus, and Node.js's own figures (event-loop delay, memory, GC,
 * CPU). Labels are bounded: routes are Fastify's route templates, endpoints and models only those
 * configured.
 */
export class PrometheusMetrics implements GenerationObserver {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly requestSeconds: Histogram<'method' | 'route'>;
  private readonly generations: Counter<'endpoint' | 'model' | 'outcome'>;
  private readonly generationSeconds: Histogram<'endpoint' | 'model'>;
  private readonly firstTokenSeconds: Histogram<'endpoint' | 'model'>;
  private readonly tokens: Counter<'endpoint' | 'model' | 'kind'>;
  private readonly fallbacks: Counter<'from' | 'to' | 'reason'>;
  private readonly activeStreams: Gauge;
  readonly databaseSeconds: Histogram;
  readonly busSeconds: Histogram;

  constructor() {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Counter({
      name: 'parley_http_requests_total',
      help: 'HTTP requests answered, by method, route template and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.requestSeconds = new Histogram({
      name: 'parley_http_request_duration_seconds',
      help: 'Time to answer an HTTP request (a stream counts until it ends)',
      labelNames: ['method', 'route'],
      buckets: REQUEST_BUCKETS,
      registers,
    });
    this.generations = new Counter({
      name: 'parley_generations_total',
      help: 'Generations ended, by endpoint, model and outcome (done, stopped, aborted, lost, error)',
      labelNames: ['endpoint', 'model', 'outcome'],
      registers,
    });
    this.generationSeconds = new Histogram({
      name: 'parley_generation_duration_seconds',
      help: 'Time from the start of a generation to its end',
      labelNames: ['endpoint', 'model'],
      buckets: GENERATION_BUCKETS,
      registers,
    });
    this.firstTokenSeconds = new Histogram({
      name: 'parley_generation_time_to_first_token_seconds',
      help: 'Time from the start of a generation to its first streamed output',
      labelNames: ['endpoint', 'model'],
      buckets: FIRST_TOKEN_BUCKETS,
      registers,
    });
    this.tokens = new Counter({
      name: 'parley_tokens_total',
      help: 'Tokens the providers reported, by endpoint, model and kind (input, output)',
      labelNames: ['endpoint', 'model', 'kind'],
      registers,
    });
    this.fallbacks = new Counter({
      name: 'parley_fallbacks_total',
      help: 'Requests handed to a fallback model (parley.yaml fallbacks), by failed model, fallback model and reason',
      labelNames: ['from', 'to', 'reason'],
      registers,
    });
    this.activeStreams = new Gauge({
      name: 'parley_active_generations',
      help: 'Generations streaming on this instance now',
      registers,
    });
    this.databaseSeconds = new Histogram({
      name: 'parley_database_probe_seconds',
      help: 'Round trip of a trivial statement to the database (measured at each scrape and readiness check)',
      buckets: PROBE_BUCKETS,
      registers,
    });
    this.busSeconds = new Histogram({
      name: 'parley_bus_probe_seconds',
      help: 'Round trip of a read from the Bus (memory or Redis; measured at each scrape and readiness check)',
      buckets: PROBE_BUCKETS,
      registers,
    });
  }

  /** A model failed before its first token and `to` answers in its place. */
  fallback(from: FailedModel, to: FallbackModelName): void {
    this.fallbacks.inc({
      from: `${from.endpoint}/${from.model}`,
      to: `${to.endpoint}/${to.model}`,
      reason: from.reason,
    });
  }

  request(method: string, route: string, status: number, seconds: number): void {
    this.requests.inc({ method, route, status: String(status) });
    this.requestSeconds.observe({ method, route }, seconds);
  }

  started(labels: ModelLabels): GenerationTrack {
    const began = performance.now();
    let sawFirstToken = false;
    this.activeStreams.inc();
    return {
      firstToken: () => {
        if (sawFirstToken) return;
        sawFirstToken = true;
        this.firstTokenSeconds.observe(labels, (performance.now() - began) / 1000);
      },
      discarded: () => this.activeStreams.dec(),
      finished: (outcome, usage) => {
        this.activeStreams.dec();
        this.generations.inc({ ...labels, outcome });
        this.generationSeconds.observe(labels, (performance.now() - began) / 1000);
        if (usage?.inputTokens) this.tokens.inc({ ...labels, kind: 'input' }, usage.inputTokens);
        if (usage?.outputTokens) this.tokens.inc({ ...labels, kind: 'output' }, usage.outputTokens);
      },
    };
  }
}
