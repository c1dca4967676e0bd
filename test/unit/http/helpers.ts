// Tools written for the HTTP-layer tests and injected through buildApp({ tools }): they let a
// test hold a request open, see the input run() received, or observe the abort signal, without
// depending on the network tools (which have their own tests).
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../src/config/config.js';
import { buildApp, type BuildAppOptions } from '../../../src/http/build-app.js';
import { cleanInputSchema } from '../../../src/tools/clean-web-content.js';
import { getUrlMetadata } from '../../../src/tools/get-url-metadata.js';
import type { Services } from '../../../src/app/services.js';
import type { Tool, ToolContext, ToolItem } from '../../../src/tools/types.js';
import { testConfig } from '../../support/loopback-server.js';

export const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** These tools never touch services; any use is a bug in the test set-up. */
export function unusedServices(): Services {
  const fail = () => {
    throw new Error('services are not used by the injected test tools');
  };
  return {
    get fetcher(): never {
      return fail();
    },
    get pool(): never {
      return fail();
    },
    get cachingFetcher(): never {
      return fail();
    },
    get dispatcher(): never {
      return fail();
    },
    async close() {},
  };
}

/** Echoes the input it received (after validation and defaults) as the item data. */
export function echoTool(name = 'clean_web_content', schema: Record<string, unknown> = cleanInputSchema()): Tool {
  return {
    name,
    command: name,
    summary: 'echo',
    description: 'Returns its validated input.',
    inputSchema: schema,
    itemDataSchema: { type: 'object' },
    itemMetaSchema: { type: 'object' },
    example: { url: 'https://example.com/' },
    run(input) {
      const urls = Array.isArray(input.items) ? (input.items as unknown[]) : [input.url];
      return Promise.resolve(
        urls.map((u) => ({
          data: { input },
          meta: { url: typeof u === 'string' ? u : (u as { url: string }).url },
        })),
      );
    },
  };
}

export const echoMetadataTool = (): Tool => echoTool('get_url_metadata', getUrlMetadata.inputSchema);

/** A tool that waits until released or aborted; on abort it reports every URL as timeout. */
export function gateTool(name = 'slow_tool') {
  const waiting: Array<() => void> = [];
  const started: ToolContext[] = [];
  let onStart: (() => void) | null = null;
  const tool: Tool = {
    name,
    command: name,
    summary: 'waits',
    description: 'Waits for the test to release it.',
    inputSchema: {
      type: 'object',
      additionalProperties: false,
      required: ['url'],
      properties: { url: { type: 'string' } },
    },
    itemDataSchema: { type: 'object' },
    itemMetaSchema: { type: 'object' },
    example: { url: 'https://example.com/' },
    run(input, ctx): Promise<ToolItem[]> {
      started.push(ctx);
      onStart?.();
      return new Promise((resolve) => {
        const url = String(input.url);
        waiting.push(() => resolve([{ data: { done: true }, meta: { url } }]));
        ctx.signal.addEventListener('abort', () =>
          resolve([
            {
              data: null,
              meta: {
                url,
                error: { code: 'timeout', message: String((ctx.signal.reason as Error)?.message), retryable: true },
              },
            },
          ]),
        );
      });
    },
  };
  return {
    tool,
    started,
    /** Resolves when the n-th call (1-based) has started. */
    whenStarted(n: number): Promise<void> {
      return new Promise((resolve) => {
        const check = () => {
          if (started.length >= n) {
            onStart = null;
            resolve();
          }
        };
        onStart = check;
        check();
      });
    },
    releaseAll() {
      while (waiting.length) waiting.shift()!();
    },
  };
}

/** A tool that ignores its signal entirely and never finishes. */
export function stuckTool(name = 'stuck_tool'): Tool {
  return {
    ...gateTool(name).tool,
    run: () => new Promise<ToolItem[]>(() => {}),
  };
}

/** A tool with a bug. */
export function throwingTool(name = 'broken_tool'): Tool {
  return {
    ...gateTool(name).tool,
    run() {
      return Promise.reject(new Error('secret internal detail /home/app/src/x.ts:42'));
    },
  };
}

/** Collects JSON log lines written by the app. */
export function logCollector(): {
  stream: Writable;
  lines: () => Array<Record<string, unknown>>;
  /** The lines as written (JSON.parse would hide a key written twice). */
  raw: () => string[];
} {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      chunks.push(String(chunk));
      cb();
    },
  });
  return {
    stream,
    raw: () => chunks.join('').split('\n').filter(Boolean),
    lines: () =>
      chunks
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}

export async function appWith(
  tools: Tool[],
  overrides: Partial<Config> = {},
  options: BuildAppOptions = {},
): Promise<FastifyInstance> {
  return buildApp(testConfig(overrides), { tools, services: unusedServices(), ...options });
}
