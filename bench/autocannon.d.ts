// The part of autocannon@9's programmatic API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
  }
  export interface Result {
    requests: Histogram & { sent: number };
    latency: Histogram;
    throughput: Histogram;
    /** Seconds. */
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
  }
  /** One request of a run; setupRequest, when given, makes each request anew from it (its headers are the run's plus its own). */
  export interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    setupRequest?: (request: Request, context: Record<string, unknown>) => Request | undefined;
  }
  export interface Options {
    url: string;
    /** Sent in turn over each connection instead of a GET of url (whose origin they are sent to). */
    requests?: Request[];
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** Seconds to wait for a response before counting a timeout (default 10). */
    timeout?: number;
    headers?: Record<string, string>;
  }
  /** Without a callback, the returned tracker is also a promise of the result. */
  export default function autocannon(options: Options): Promise<Result>;
}
