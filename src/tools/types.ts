// The shape every tool has. The registry lists tools; HTTP routes, request validation, the
// OpenAPI document, the CLI (and later MCP) are all generated from these declarations.
import type { Logger } from 'pino';
import type { Config } from '../config/config.js';
import type { ItemError } from '../errors/codes.js';
import type { ChunkDispatcher } from '../batch/types.js';
import type { Fetcher } from '../fetch/types.js';
import type { CachingFetcher } from '../cache/cached-fetch.js';
import type { WorkerPool } from '../workers/pool.js';
import type { BrowserPool } from '../browser/browser-pool.js';
import type { Shares } from '../admission/run-as-caller.js';

/** The long-lived pieces a tool call uses (built by app/services.ts). */
export interface Services {
  fetcher: Fetcher;
  /** The fetcher behind the cache (cleaners and metadata pages; never the status checker). */
  cachingFetcher: CachingFetcher;
  pool: WorkerPool;
  dispatcher: ChunkDispatcher;
  /** Who is active and the body-memory budget, shared by the calls and queue jobs this process runs. */
  shares?: Shares;
  /** Renders script-built pages for clean_web_index; present only when URLKIT_BROWSER is set. */
  browser?: BrowserPool;
  /** False while a dependency the calls need (Redis, with scale-out) is unreachable. */
  ready?(): boolean;
  /** Connects what needs connecting (the job queue); resolves when ready to take calls. */
  start?(): Promise<void>;
  /**
   * Stops taking queue jobs and lets the running ones finish within `graceMs` (`urlkit worker`'s
   * shutdown, before close()); nothing to do without the job queue.
   */
  drainJobs?(graceMs: number): Promise<void>;
  close(): Promise<void>;
}

/** A JSON Schema (draft 2020-12 subset that Ajv and OpenAPI 3.1 both understand). */
export type JsonSchema = Record<string, unknown>;

export interface ToolContext {
  config: Config;
  services: Services;
  logger: Logger;
  /** Aborted on request timeout, client disconnect or shutdown: stop work and report what is done. */
  signal: AbortSignal;
  correlationId: string;
  /**
   * Hands over an item as soon as it is done (index in request order), for answers streamed
   * as they come. Optional for a tool: invokeTool hands over whatever was not, at the end.
   */
  onItem?: (index: number, item: ToolItem) => void;
  /**
   * Runs `then` once the caller has had the answer (written whole, or its connection closed),
   * for what the answer holds to stay counted until then (a batch's results). Absent: the
   * answer is the caller's at once (the CLI).
   */
  afterAnswer?: (then: () => void) => void;
}

export interface ToolItem {
  data: Record<string, unknown> | null;
  meta: Record<string, unknown> & { error?: ItemError };
}

/** An item with no data: what was learned of the URL (`meta`) and why it has no answer. */
export function failedWith(meta: ToolItem['meta'], error: ItemError): ToolItem {
  return { data: null, meta: { ...meta, error } };
}

export interface Tool<Input = Record<string, unknown>> {
  /** Route and MCP name, e.g. clean_web_content. */
  name: string;
  /** CLI subcommand, e.g. content. */
  command: string;
  /** One line for listings. */
  summary: string;
  /** Longer text for /docs and MCP. */
  description: string;
  /** The request body schema (additionalProperties: false, defaults declared). */
  inputSchema: JsonSchema;
  /** Schema of one result item's data and meta. */
  itemDataSchema: JsonSchema;
  itemMetaSchema: JsonSchema;
  /**
   * The item for a URL nothing was learned for (every meta field, `error` set), used when the
   * call is stopped before the tool could answer. @default { data: null, meta: { url, error } }
   */
  failedItem?(url: string, error: ItemError): ToolItem;
  /** Items can be streamed as they finish (NDJSON over HTTP, the CLI's --input). */
  streams?: boolean;
  /** Example request body for docs and the README. */
  example: Input;
  /** input has already been validated and defaults applied. One item per requested URL, in order. */
  run(input: Input, ctx: ToolContext): Promise<ToolItem[]>;
}
