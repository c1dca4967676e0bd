// The only module that reads the environment. Everything else receives a frozen Config.
import {
  ConfigError,
  type Env,
  bool,
  cidrList,
  executable,
  int,
  list,
  oneOf,
  pick,
  proxy,
  proxyList,
  hostList,
  redis,
} from './env-readers.js';

import { defaultConfig } from './defaults.js';

export { PROJECT_URL, VERSION, defaultConfig } from './defaults.js';

export type ProxyMode = 'never' | 'always' | 'fallback';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface Config {
  /** Interface to bind; any other than loopback without API keys logs a warning at start. @default 127.0.0.1 */
  host: string;
  /** TCP port (0 picks a free one). @default 8080 */
  port: number;
  /** Log level (pino). @default info */
  logLevel: LogLevel;
  /**
   * Bearer keys for the tool routes (`Authorization: Bearer <key>`); unset: the API is open. A
   * value with no key in it (`","`) is refused.
   */
  apiKeys: readonly string[];
  /** Largest accepted request body (bytes); over MCP stdio, the longest message line. @default 1 MiB */
  bodyLimitBytes: number;
  /**
   * Tool calls per client per window; 0 disables rate limiting; null (unset) follows the ruling:
   * off while the server binds a loopback address and has no API keys, else 600 (see
   * http/rate-limit-policy.ts). @default null
   */
  rateLimitMax: number | null;
  /** Rate-limit window (ms). @default 60000 */
  rateLimitWindowMs: number;
  /**
   * Whole-request bound for one API call (batches included). The request itself (headers and body)
   * must also arrive within it, or its connection is closed. @default 120000
   */
  requestTimeoutMs: number;
  /**
   * A client's time to send a request's headers, counted from its connection or the request's
   * first byte; past it the connection is closed (capped at URLKIT_REQUEST_TIMEOUT_MS). @default 10000
   */
  requestHeadersTimeoutMs: number;
  /**
   * Open connections one client address may hold (idle, sending or waiting for answers); one more
   * is answered `429 rate_limited` and closed before its request is read. 0: no cap. @default 1024
   */
  maxConnectionsPerClient: number;
  /**
   * Open connections the API server holds in all; one more is answered `503 overloaded` and closed
   * before its request is read. 0: no cap. @default 4096
   */
  maxConnections: number;
  /**
   * Reverse proxies in front of the API. A call through one is its client's, the nearest address
   * in `X-Forwarded-For` that is not a listed proxy, for the rate limit and every per-caller share;
   * a listed proxy's connections are held to URLKIT_MAX_CONNECTIONS only. Unset: `X-Forwarded-For`
   * is ignored, a call is its connection's peer's. @default none
   */
  trustedProxies: readonly string[];
  /**
   * Host names and addresses the API answers to (`*`: any). A request whose `Host` header, or
   * `Origin` when it has one, names another is refused `403 host_not_allowed`: a web page that
   * rebinds its own DNS name to this server's address is not served. Loopback names and addresses
   * are always answered. Unset: only those while the server binds a loopback address, any otherwise.
   * @default null
   */
  allowedHosts: readonly string[] | null;
  /**
   * Request bodies of the calls in progress, most bytes in all, from their first byte to their
   * answer; one caller's hold at most a quarter. A body past it is refused before it is read
   * (`429 rate_limited` past the caller's quarter, `503 overloaded` past the whole); a caller's
   * first body always fits. 0 turns the bound off. @default 32 MiB
   */
  requestBodyMemoryBytes: number;
  /**
   * Answers a caller has not yet read, most bytes: while the caller's unsent answers (HTTP and
   * MCP) hold more, its new tool calls are refused (`429 rate_limited`) until it reads them. A
   * large answer must also be read at URLKIT_MIN_BODY_RATE over each URLKIT_MIN_BODY_RATE_WINDOW_MS,
   * or its connection is closed. 0 turns the bound off. @default 32 MiB
   */
  maxUnreadAnswerBytes: number;
  /**
   * Answers not yet read, most bytes in all callers' (HTTP and MCP): while they hold more, the new
   * tool calls of a caller holding any are refused (`429 rate_limited`) until it reads them; a
   * caller holding none goes on. 0 turns the bound off. @default 64 MiB
   */
  unreadAnswerMemoryBytes: number;
  /**
   * Last-resort guard: shed new calls (503) while the event loop's mean delay from the main
   * thread's own work (not from waiting for a CPU other processes hold) is over this, until it
   * falls below half of it; 0 disables. @default 1000
   */
  maxEventLoopDelayMs: number;
  /**
   * Ceiling of the adaptive concurrency limit (tool calls running at once; more wait in the
   * admission queue); 0 turns admission off: every call starts at once. @default 256
   */
  maxInFlight: number;
  /** Calls that may wait for admission; one more is shed at once (503). @default 1024 */
  admissionQueueMax: number;
  /** Longest a call waits for admission before it is shed (503). @default 10000 */
  admissionQueueTimeoutMs: number;
  /**
   * How long SIGTERM waits for in-flight work before aborting it: the API's calls, `urlkit worker`'s
   * running jobs. @default 10000
   */
  shutdownGraceMs: number;
  /**
   * Memory that response bodies of running tool calls may hold at once (bytes and decoded text,
   * from the first byte read until the page is parsed); a body that does not fit waits within
   * its deadline. 0 turns the budget off. @default 67108864 (64 MiB)
   */
  bodyMemoryBytes: number;
  /**
   * Memory the results of batches may hold at once (a batch keeps each finished URL's result until
   * its last one is in, and its answer is made of them until it has been sent): before a chunk of
   * URLs starts, the most its results may hold is reserved, and a chunk that finds no room waits
   * within its URLs' timeout. Shared fairly between callers, a quarter always kept for others; the
   * oldest running batch always goes on. 0 turns the budget off.
   * @default 33554432 (32 MiB)
   */
  resultMemoryBytes: number;

  /** Lets every private/reserved address except cloud metadata through the egress guard. @default false */
  allowPrivateNetworks: boolean;
  /** Address ranges opened in the egress guard (e.g. 127.0.0.2/32); never a cloud metadata address. */
  allowCidrs: readonly string[];
  /** Operator proxy (`http://[user:pass@]host:port` or `https://...`); unset (null): none. */
  proxyUrl: string | null;
  /**
   * When fetches go through the proxy: never, always, or fallback (retried through it after a
   * 403/429, a reset or an anti-bot page). Needs URLKIT_PROXY. @default never
   */
  proxyMode: ProxyMode;
  /**
   * User-Agent sent to targets; its product token (before the first "/") is the name looked up
   * in robots.txt. @default urlkit/<version> (+https://github.com/urlkit/urlkit#readme)
   */
  userAgent: string;
  /**
   * Default of the `respect_robots` request field: check the origin's robots.txt before each
   * requested URL and answer `blocked_by_robots` where it disallows it. @default false
   */
  respectRobots: boolean;
  /** Redirect hops followed. @default 10 */
  maxRedirects: number;
  /** Cap on decoded body bytes read from a target. @default 5 MiB */
  maxBodyBytes: number;
  /**
   * Minimum transfer rate of a response body (bytes/s): once a body has been read for the window
   * below (URLKIT_MIN_BODY_RATE_WINDOW_MS), each following window must bring this rate on average,
   * or the body is cut off (`timeout`); time spent waiting for body memory does not count. The
   * same floor holds for a caller reading a large answer of ours (its connection is closed). 0
   * turns it off. @default 4096
   */
  minBodyRate: number;
  /** Grace before the minimum body rate is first judged, and the window it is averaged over (ms). @default 5000 */
  minBodyRateWindowMs: number;
  /** Cap on the bytes of a PDF (application/pdf) read from a target; PDFs run larger than pages. @default 50 MiB */
  maxPdfBytes: number;
  /** Pages of a PDF read for text; later pages are left out (meta.truncated). @default 500 */
  maxPdfPages: number;
  /**
   * Memory one PDF may take while it is read, in MiB: the data-segment limit (Linux) of the
   * process that reads it, which covers its heap and pdf.js's decoded streams (its resident
   * memory peaks 20 to 35 MiB above, with node's code). A 500-page book at the largest max_chars
   * needs 64. A PDF that needs more is answered response_too_large. @default 80
   */
  pdfMaxMemoryMb: number;
  /**
   * PDF reading processes alive at once (reading or idle), each under URLKIT_PDF_MAX_MEMORY_MB:
   * together they take at most this many times that memory beside the service's own. Other PDFs
   * wait for one (the wait is part of their task time budget). @default 1
   */
  pdfProcesses: number;
  /** Cap on a target's response header bytes. @default 16384 */
  maxHeaderBytes: number;
  /** TCP/TLS connect timeout per attempt (ms). @default 5000 */
  connectTimeoutMs: number;
  /** Time to first response headers, per attempt. @default 10000 */
  headersTimeoutMs: number;
  /** DNS lookup timeout (ms). @default 3000 */
  dnsTimeoutMs: number;
  /** Extra attempts after the first on retryable failures. @default 2 */
  maxRetries: number;
  /**
   * Simultaneous connections to one host of one caller. Other callers' idle connections (no body bytes for a
   * second) do not count, nor, for a request that reads no body (a status probe), their bodies being read
   * (admission.md). @default 4
   */
  perHostConcurrency: number;

  /** Items per batch chunk (get_url_metadata). @default 10 */
  batchChunkSize: number;
  /** Chunks of one request processed at once. @default 4 */
  batchConcurrency: number;
  /**
   * Worker threads for parsing and extraction. Each holds about 57 MiB at rest and up to 100 MiB more on a
   * 5 MiB page: more threads, more throughput and a higher peak (docs/admission.md, "Memory"). @default min(2, cpus)
   */
  workerThreads: number;
  /**
   * Worker threads kept started while the service is idle (at most URLKIT_WORKER_THREADS); the
   * others stop after 10 s idle and the next call that needs one waits 0.5 to 1 s for it
   * to start. Each kept thread holds 32 to 85 MiB at rest (docs/admission.md, "Cold workers"). Unset (null):
   * one thread plus the workers' reserve for other callers (a quarter, at least one of two or more).
   * @default null
   */
  workerWarmThreads: number | null;
  /** Time budget of one parse/extract task in a worker. @default 10000 */
  workerTaskTimeoutMs: number;
  /** Old-generation heap cap of one worker. @default 512 */
  workerMaxMemoryMb: number;
  /**
   * Processes that parse pages of 1 MiB or more at a lower OS priority instead of the worker
   * threads (docs/admission.md, "Large pages"), shared round robin between callers; 0 parses
   * them in the worker threads. 1 keeps other callers' latency lower while one caller sends
   * large pages, for about 100 MiB more memory under that load. @default 0
   */
  largePageProcesses: number;

  /**
   * Chromium executable for rendering script-built hubs (clean_web_index, `render` field), e.g.
   * /usr/bin/chromium. Unset (null): rendering is off and no browser code is loaded.
   * @default null
   */
  browserPath: string | null;
  /** Pages rendered at once (one browser, one fresh context per page). @default 2 */
  browserConcurrency: number;
  /** Time budget of one render, also capped by the item's own timeout. @default 10000 */
  browserPageTimeoutMs: number;
  /** Requests one rendered page may make (document, scripts, XHR...) before the rest are refused. @default 100 */
  browserMaxRequests: number;
  /** Response bytes one rendered page may receive in all, document included. @default 10 MiB */
  browserMaxBytes: number;
  /**
   * Memory one rendered page may take, in MiB: the data-segment limit (Linux) of its renderer
   * process, set with prlimit (util-linux), which covers its JavaScript heap, typed arrays and
   * DOM; past it an allocation fails or the renderer crashes (response_too_large). A renderer
   * needs about 250 MiB for an ordinary page. 0 renders without a cap. @default 512
   */
  browserMaxMemoryMb: number;
  /**
   * Added to the browser's nice value, every process and thread of it, and to its session's
   * autogroup's (Linux). 5 or 10: a page whose scripts spin gets a quarter or a tenth of a CPU
   * against each busy thread of the service, and other callers keep their latency; but renders
   * then get only the CPU the service leaves (twice as long while it is busy), and beside other
   * programs that fill the machine they run out of time. 0: the browser competes as the
   * service's equal. Either way no page's thread runs above the service's.
   * @default 0
   */
  browserNice: number;

  /**
   * Redis for scale-out (BullMQ job queue) and the shared fetch cache, e.g. redis://host:6379.
   * Unset (null): one process, jobs in process, cache in memory. @default null
   */
  redisUrl: string | null;
  /**
   * With URLKIT_REDIS_URL: 'api' serves HTTP and enqueues, 'worker' runs jobs, 'all' does both.
   * 'api' and 'worker' without URLKIT_REDIS_URL are refused. @default all
   */
  role: 'api' | 'worker' | 'all';
  /** The `max_age` (seconds) a request to the cleaners or the metadata fetcher gets when it sends none. @default 0 */
  cacheMaxAgeS: number;
  /**
   * Bytes the fetch cache may hold, in memory, or in Redis with URLKIT_REDIS_URL (entries, keys
   * and index, as Redis counts them); least recently used out first; an entry over an eighth of
   * it is not stored; one caller's entries hold at most three quarters of it; 0 turns
   * the cache off. @default 33554432 (32 MiB)
   */
  cacheMaxBytes: number;
  /**
   * Lock of a running queue job (ms): a worker that stops renewing it (killed, stalled) has
   * its job failed after at most about 1.5x this. @default 15000
   */
  queueStallMs: number;
  /**
   * Queue jobs one worker process runs at once. A job mostly waits on its sites, and the
   * process shares its workers, body memory and host connections fairly between callers, so
   * this is set high, like the admission floor in process. One caller may have at most the
   * workers' slots less a quarter queued or running, counted over every API process, so another caller's
   * job finds a slot free however slow the first caller's sites are. @default 32
   */
  queueConcurrency: number;
}

export { ConfigError };

/** Reads HOST, PORT and URLKIT_* once; throws ConfigError with a one-line message on a bad value. */
export function loadConfig(env: Env = process.env): Config {
  const overrides = pick<Partial<Config>>({
    host: env.HOST?.trim() || undefined,
    port: int(env, 'PORT', 0, 65535),
    logLevel: oneOf(env, 'URLKIT_LOG_LEVEL', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const),
    apiKeys: list(env, 'URLKIT_API_KEYS'),
    bodyLimitBytes: int(env, 'URLKIT_BODY_LIMIT_BYTES', 1024, 64 * 1024 * 1024),
    rateLimitMax: int(env, 'URLKIT_RATE_LIMIT_MAX', 0, 1_000_000),
    rateLimitWindowMs: int(env, 'URLKIT_RATE_LIMIT_WINDOW_MS', 1000, 3_600_000),
    requestTimeoutMs: int(env, 'URLKIT_REQUEST_TIMEOUT_MS', 1000, 600_000),
    requestHeadersTimeoutMs: int(env, 'URLKIT_REQUEST_HEADERS_TIMEOUT_MS', 100, 600_000),
    maxConnectionsPerClient: int(env, 'URLKIT_MAX_CONNECTIONS_PER_CLIENT', 0, 1_000_000),
    maxConnections: int(env, 'URLKIT_MAX_CONNECTIONS', 0, 1_000_000),
    trustedProxies: proxyList(env, 'URLKIT_TRUSTED_PROXIES'),
    allowedHosts: hostList(env, 'URLKIT_ALLOWED_HOSTS'),
    requestBodyMemoryBytes: int(env, 'URLKIT_REQUEST_BODY_MEMORY_BYTES', 0, 64 * 1024 * 1024 * 1024),
    maxUnreadAnswerBytes: int(env, 'URLKIT_MAX_UNREAD_ANSWER_BYTES', 0, 64 * 1024 * 1024 * 1024),
    unreadAnswerMemoryBytes: int(env, 'URLKIT_UNREAD_ANSWER_MEMORY_BYTES', 0, 64 * 1024 * 1024 * 1024),
    maxEventLoopDelayMs: int(env, 'URLKIT_MAX_EVENT_LOOP_DELAY_MS', 0, 60_000),
    maxInFlight: int(env, 'URLKIT_MAX_IN_FLIGHT', 0, 100_000),
    admissionQueueMax: int(env, 'URLKIT_ADMISSION_QUEUE_MAX', 0, 1_000_000),
    admissionQueueTimeoutMs: int(env, 'URLKIT_ADMISSION_QUEUE_TIMEOUT_MS', 0, 600_000),
    shutdownGraceMs: int(env, 'URLKIT_SHUTDOWN_GRACE_MS', 0, 300_000),
    bodyMemoryBytes: int(env, 'URLKIT_BODY_MEMORY_BYTES', 0, 64 * 1024 * 1024 * 1024),
    resultMemoryBytes: int(env, 'URLKIT_RESULT_MEMORY_BYTES', 0, 64 * 1024 * 1024 * 1024),
    allowPrivateNetworks: bool(env, 'URLKIT_ALLOW_PRIVATE_NETWORKS'),
    respectRobots: bool(env, 'URLKIT_RESPECT_ROBOTS'),
    allowCidrs: cidrList(env, 'URLKIT_ALLOW_CIDRS'),
    proxyUrl: proxy(env, 'URLKIT_PROXY'),
    proxyMode: oneOf(env, 'URLKIT_PROXY_MODE', ['never', 'always', 'fallback'] as const),
    userAgent: env.URLKIT_USER_AGENT?.trim() || undefined,
    maxRedirects: int(env, 'URLKIT_MAX_REDIRECTS', 0, 30),
    maxBodyBytes: int(env, 'URLKIT_MAX_BODY_BYTES', 1024, 256 * 1024 * 1024),
    minBodyRate: int(env, 'URLKIT_MIN_BODY_RATE', 0, 1024 * 1024 * 1024),
    minBodyRateWindowMs: int(env, 'URLKIT_MIN_BODY_RATE_WINDOW_MS', 100, 600_000),
    maxPdfBytes: int(env, 'URLKIT_MAX_PDF_BYTES', 1024, 512 * 1024 * 1024),
    maxPdfPages: int(env, 'URLKIT_MAX_PDF_PAGES', 1, 100_000),
    pdfMaxMemoryMb: int(env, 'URLKIT_PDF_MAX_MEMORY_MB', 64, 16_384),
    pdfProcesses: int(env, 'URLKIT_PDF_PROCESSES', 1, 64),
    maxHeaderBytes: int(env, 'URLKIT_MAX_HEADER_BYTES', 1024, 1024 * 1024),
    connectTimeoutMs: int(env, 'URLKIT_CONNECT_TIMEOUT_MS', 100, 60_000),
    headersTimeoutMs: int(env, 'URLKIT_HEADERS_TIMEOUT_MS', 100, 60_000),
    dnsTimeoutMs: int(env, 'URLKIT_DNS_TIMEOUT_MS', 100, 60_000),
    maxRetries: int(env, 'URLKIT_MAX_RETRIES', 0, 10),
    perHostConcurrency: int(env, 'URLKIT_PER_HOST_CONCURRENCY', 1, 1000),
    batchChunkSize: int(env, 'URLKIT_BATCH_CHUNK_SIZE', 1, 100),
    batchConcurrency: int(env, 'URLKIT_BATCH_CONCURRENCY', 1, 100),
    workerThreads: int(env, 'URLKIT_WORKER_THREADS', 1, 64),
    workerWarmThreads: int(env, 'URLKIT_WORKER_WARM_THREADS', 1, 64),
    workerTaskTimeoutMs: int(env, 'URLKIT_WORKER_TASK_TIMEOUT_MS', 100, 120_000),
    workerMaxMemoryMb: int(env, 'URLKIT_WORKER_MAX_MEMORY_MB', 32, 16_384),
    largePageProcesses: int(env, 'URLKIT_LARGE_PAGE_PROCESSES', 0, 16),
    browserPath: executable(env, 'URLKIT_BROWSER'),
    browserConcurrency: int(env, 'URLKIT_BROWSER_CONCURRENCY', 1, 32),
    browserPageTimeoutMs: int(env, 'URLKIT_BROWSER_PAGE_TIMEOUT_MS', 1000, 120_000),
    browserMaxRequests: int(env, 'URLKIT_BROWSER_MAX_REQUESTS', 1, 10_000),
    browserMaxBytes: int(env, 'URLKIT_BROWSER_MAX_BYTES', 65_536, 1024 * 1024 * 1024),
    browserMaxMemoryMb: int(env, 'URLKIT_BROWSER_MAX_MEMORY_MB', 0, 65_536),
    browserNice: int(env, 'URLKIT_BROWSER_NICE', 0, 19),
    redisUrl: redis(env, 'URLKIT_REDIS_URL'),
    role: oneOf(env, 'URLKIT_ROLE', ['api', 'worker', 'all'] as const),
    cacheMaxAgeS: int(env, 'URLKIT_CACHE_MAX_AGE_S', 0, 604_800),
    cacheMaxBytes: int(env, 'URLKIT_CACHE_MAX_BYTES', 0, 64 * 1024 * 1024 * 1024),
    queueStallMs: int(env, 'URLKIT_QUEUE_STALL_MS', 1000, 600_000),
    queueConcurrency: int(env, 'URLKIT_QUEUE_CONCURRENCY', 1, 1000),
  });
  const cfg = defaultConfig(overrides);
  if (cfg.proxyMode !== 'never' && !cfg.proxyUrl) {
    throw new ConfigError(`URLKIT_PROXY_MODE=${cfg.proxyMode} needs URLKIT_PROXY to be set`);
  }
  // Settings that would silently do less than they say are refused, not guessed at.
  if (overrides.apiKeys?.length === 0)
    throw new ConfigError(
      `URLKIT_API_KEYS holds no key ("${env.URLKIT_API_KEYS}"); set at least one key, or unset it to run without auth`,
    );
  if (!cfg.redisUrl && overrides.role !== undefined && overrides.role !== 'all')
    throw new ConfigError(
      `URLKIT_ROLE=${overrides.role} needs URLKIT_REDIS_URL (the queue that role works on); without Redis one ` +
        `process does everything`,
    );
  return cfg;
}
