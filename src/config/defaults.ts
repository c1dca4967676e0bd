// What every setting is when nothing sets it: the defaults loadConfig (config.ts) starts from,
// and the configuration tests and benchmarks build on.
import os from 'node:os';
import { createRequire } from 'node:module';
import type { Config } from './config.js';

const require = createRequire(import.meta.url);
const pkg = require('../../../package.json') as { version: string };

export const VERSION: string = pkg.version;
export const PROJECT_URL = 'https://github.com/urlkit/urlkit#readme';

const DEFAULTS: Omit<Config, 'userAgent' | 'workerThreads'> = {
  host: '127.0.0.1',
  port: 8080,
  logLevel: 'info',
  apiKeys: [],
  bodyLimitBytes: 1024 * 1024,
  rateLimitMax: null,
  rateLimitWindowMs: 60_000,
  requestTimeoutMs: 120_000,
  requestHeadersTimeoutMs: 10_000,
  maxConnectionsPerClient: 1024,
  maxConnections: 4096,
  trustedProxies: [],
  allowedHosts: null,
  requestBodyMemoryBytes: 32 * 1024 * 1024,
  maxUnreadAnswerBytes: 32 * 1024 * 1024,
  unreadAnswerMemoryBytes: 64 * 1024 * 1024,
  maxEventLoopDelayMs: 1000,
  maxInFlight: 256,
  admissionQueueMax: 1024,
  admissionQueueTimeoutMs: 10_000,
  shutdownGraceMs: 10_000,
  bodyMemoryBytes: 64 * 1024 * 1024,
  resultMemoryBytes: 32 * 1024 * 1024,
  allowPrivateNetworks: false,
  allowCidrs: [],
  proxyUrl: null,
  proxyMode: 'never',
  maxRedirects: 10,
  maxBodyBytes: 5 * 1024 * 1024,
  minBodyRate: 4096,
  minBodyRateWindowMs: 5000,
  maxPdfBytes: 50 * 1024 * 1024,
  maxPdfPages: 500,
  pdfMaxMemoryMb: 80,
  pdfProcesses: 1,
  maxHeaderBytes: 16 * 1024,
  connectTimeoutMs: 5000,
  headersTimeoutMs: 10_000,
  dnsTimeoutMs: 3000,
  maxRetries: 2,
  perHostConcurrency: 4,
  batchChunkSize: 10,
  batchConcurrency: 4,
  workerTaskTimeoutMs: 10_000,
  workerWarmThreads: null,
  workerMaxMemoryMb: 512,
  largePageProcesses: 0,
  browserPath: null,
  browserConcurrency: 2,
  browserPageTimeoutMs: 10_000,
  browserMaxRequests: 100,
  browserMaxBytes: 10 * 1024 * 1024,
  browserMaxMemoryMb: 512,
  browserNice: 0,
  redisUrl: null,
  role: 'all',
  cacheMaxAgeS: 0,
  respectRobots: false,
  cacheMaxBytes: 32 * 1024 * 1024,
  queueStallMs: 15_000,
  queueConcurrency: 32,
};

/**
 * Worker threads by default: two, or one on a one-CPU machine. Each thread holds about 57 MiB at
 * rest and up to 100 MiB more parsing a 5 MiB page, so the thread count sets the service's peak
 * memory: under bench:soak (hostile pages, 32 calls at a time) two threads peaked at 355-370 MiB,
 * three at 414 and four at 455-502, against the 400 MB goal (docs/admission.md, "Memory"). A
 * machine with memory to spare gets more throughput from more threads (URLKIT_WORKER_THREADS).
 */
function defaultWorkerThreads(): number {
  return Math.max(1, Math.min(2, os.availableParallelism()));
}

export function defaultConfig(overrides: Partial<Config> = {}): Config {
  const cfg: Config = {
    ...DEFAULTS,
    userAgent: `urlkit/${VERSION} (+${PROJECT_URL})`,
    workerThreads: defaultWorkerThreads(),
    ...overrides,
  };
  return Object.freeze(cfg);
}
