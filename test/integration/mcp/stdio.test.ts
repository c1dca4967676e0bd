// `urlkit mcp` as an MCP host runs it: the built CLI spawned by the SDK's own stdio client.
// The tools answer as the JSON API does, stdout carries nothing but protocol, a batch reports
// progress, a cancelled call stops its fetch, and closing stdin ends the process.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Progress } from '@modelcontextprotocol/sdk/types.js';
import { serve, type RunningServer } from '../../../src/http/serve.js';
import type { Answer, ErrorEnvelope } from '../../support/answers.js';
import { testConfig } from '../../support/loopback-server.js';
import { checkToolsAgainstApi, progressSent, startMcpSite, textOf, type McpSite } from './mcp-site.js';

const CLI = fileURLToPath(new URL('../../../src/cli/main.js', import.meta.url));

interface Spawned {
  client: Client;
  transport: StdioClientTransport;
  stderr: () => string;
  /** Anything on stdout that was not a protocol message. */
  protocolErrors: Error[];
}

async function spawnMcp(env: Record<string, string> = {}): Promise<Spawned> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, 'mcp'],
    env: {
      ...(process.env as Record<string, string>),
      URLKIT_ALLOW_CIDRS: '127.0.0.2/32',
      URLKIT_LOG_LEVEL: 'info',
      URLKIT_WORKER_THREADS: '1',
      ...env,
    },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const protocolErrors: Error[] = [];
  const client = new Client({ name: 'urlkit-test', version: '1.0.0' });
  client.onerror = (err) => protocolErrors.push(err);
  await client.connect(transport);
  return { client, transport, stderr: () => stderr, protocolErrors };
}

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};

/** `urlkit mcp` driven by hand: lines written to stdin, JSON-RPC messages read from stdout. */
/** A JSON-RPC message as urlkit mcp writes it. */
interface RpcMessage {
  id?: unknown;
  result?: { isError?: boolean; content?: Array<{ type: string; text: string }>; structuredContent?: Answer['data'] };
  error?: { code: number; message: string };
}

function spawnRaw() {
  const proc = spawn(process.execPath, [CLI, 'mcp'], {
    env: { ...process.env, URLKIT_ALLOW_CIDRS: '127.0.0.2/32', URLKIT_LOG_LEVEL: 'warn', URLKIT_WORKER_THREADS: '1' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
  proc.stderr.resume();
  const sendLine = (line: string) => proc.stdin.write(`${line}\n`);
  return {
    proc,
    sendLine,
    send: (message: unknown) => sendLine(JSON.stringify(message)),
    stdout: () => out,
    messages: () =>
      out
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as RpcMessage),
    // 'close', not 'exit': the process can exit before its stdout has all been read here.
    exited: once(proc, 'close').then(([code]) => code as number | null),
  };
}

describe('urlkit mcp (stdio)', () => {
  let site: McpSite;
  let api: RunningServer;
  let mcp: Spawned;
  before(async () => {
    site = await startMcpSite();
    api = await serve(testConfig({ host: '127.0.0.1', port: 0 }));
    // Headers timeout as long as the call's timeout: only a cancellation may end /slow early.
    mcp = await spawnMcp({ URLKIT_BATCH_CHUNK_SIZE: '1', URLKIT_HEADERS_TIMEOUT_MS: '60000' });
  });
  after(async () => {
    await mcp?.client.close().catch(() => {});
    await api?.shutdown('test over');
    await site?.close();
  });

  it('lists the four tools and answers each as the JSON API does; bad input and blocked URLs too', async () => {
    await checkToolsAgainstApi(mcp.client, site, api.address);
    assert.deepEqual(mcp.protocolErrors, [], 'stdout carried only protocol messages');
    assert.match(mcp.stderr(), /"msg":"mcp tool call"/, 'logs go to stderr');
  });

  it('a batch reports progress per chunk when the client asks', async () => {
    const seen: Progress[] = [];
    const urls = [1, 2, 3].map((n) => `${site.origin}/p${n}`);
    const result = await mcp.client.callTool({ name: 'get_url_metadata', arguments: { items: urls } }, undefined, {
      onprogress: (p) => seen.push(p),
    });
    assert.equal((result.structuredContent as { results: unknown[] }).results.length, 3);
    assert.deepEqual(progressSent(seen, mcp.protocolErrors), [
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
  });

  // The call's timeout and the headers timeout are 60 s: only the cancellation can end /slow within the test's 20 s.
  it('cancelling a call stops its fetch (notifications/cancelled reaches the tool)', { timeout: 20_000 }, async () => {
    const cancel = new AbortController();
    const pending = mcp.client.callTool(
      { name: 'clean_web_content', arguments: { url: `${site.origin}/slow`, timeout: 60 } },
      undefined,
      { signal: cancel.signal },
    );
    await site.slowArrived(1);
    cancel.abort('the user changed their mind');
    await assert.rejects(pending, /changed their mind|abort/i);
    // Would hang (and time the test out) if the server kept waiting on the target.
    await site.slowClosed(1);
    // The session is still usable after a cancellation.
    const next = await mcp.client.callTool({ name: 'check_url_status', arguments: { url: `${site.origin}/` } });
    assert.match(textOf(next as { content: Array<{ type: string; text?: string }> }), /"status_code":200/);
  });

  it('closing stdin ends the session', async () => {
    const own = await spawnMcp();
    // The SDK client closes stdin first and waits before it would send SIGTERM, as hosts do.
    await own.client.close();
    assert.match(own.stderr(), /"reason":"stdin closed","in_flight":0,"msg":"mcp stdio session ending"/);
  });

  it('stdin closed right after a tools/call: the call is answered, then the process exits 0', async () => {
    const raw = spawnRaw();
    raw.send(INITIALIZE);
    raw.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    raw.send({
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'get_url_metadata', arguments: { url: `${site.origin}/p7` } },
    });
    raw.proc.stdin.end();
    const code = await raw.exited;
    assert.equal(code, 0);
    const answer = raw.messages().find((m) => m.id === 2);
    assert.ok(answer?.result, raw.stdout());
    assert.equal(answer.result.structuredContent?.results[0]?.meta.status_code, 200);
  });

  it('stdin closed right after a large tools/call: the whole answer is written, its text content the results, then the process exits 0', async () => {
    const raw = spawnRaw();
    raw.send(INITIALIZE);
    raw.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    // 40 pages of about 107,000 characters of HTML: an answer line of about 9 MB, written in many turns.
    const urls = Array.from({ length: 40 }, (_, i) => `${site.origin}/long?page=${i}`);
    raw.send({
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: { name: 'get_url_metadata', arguments: { items: urls, include_content: true } },
    });
    raw.proc.stdin.end();
    assert.equal(await raw.exited, 0);
    const answer = raw.messages().find((m) => m.id === 3);
    assert.ok(answer?.result?.structuredContent, raw.stdout().slice(0, 500));
    const results = answer.result.structuredContent.results;
    assert.equal(results.length, 40);
    for (const item of results) {
      const content = (item.data as { content?: string } | null)?.content ?? '';
      assert.ok(content.length > 100_000 && content.includes('"fair wind" \\ then') && content.includes('Zoë saw 😀'));
    }
    assert.deepEqual(JSON.parse(textOf(answer.result as Parameters<typeof textOf>[0])), { results });
  });

  it('a raw session: deep arguments are invalid_json, a __proto__ argument is invalid_request, a bad line gets -32700', async () => {
    const raw = spawnRaw();
    raw.send(INITIALIZE);
    raw.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    const deep = `${'['.repeat(300_000)}${']'.repeat(300_000)}`;
    raw.sendLine(
      `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"clean_web_content",` +
        `"arguments":{"url":${deep}}}}`,
    );
    raw.sendLine(
      '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"clean_web_content","arguments":{"url":"https://a/","__proto__":{"x":1}}}}',
    );
    raw.sendLine('{"jsonrpc":"2.0","id":4,');
    raw.proc.stdin.end();
    assert.equal(await raw.exited, 0);
    const byId = (id: unknown) => raw.messages().find((m) => m.id === id);
    const errorOf = (id: number) => (JSON.parse(byId(id)?.result?.content?.[0]?.text ?? '') as ErrorEnvelope).error;
    assert.equal(byId(2)?.result?.isError, true);
    assert.equal(errorOf(2).code, 'invalid_json');
    assert.match(errorOf(2).message, /deeper than 32 levels/);
    assert.equal(errorOf(3).code, 'invalid_request');
    assert.deepEqual(errorOf(3).details, [{ path: '/__proto__', message: 'unknown field "__proto__" is not allowed' }]);
    const parseError = raw.messages().find((m) => m.error?.code === -32700);
    assert.ok(parseError, raw.stdout());
    assert.equal(parseError.id, null);
  });

  it('a request whose params are not an object is -32600 with its own id; the session goes on', async () => {
    const raw = spawnRaw();
    raw.send(INITIALIZE);
    raw.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    raw.sendLine('{"jsonrpc":"2.0","id":7,"method":"tools/call","params":null}');
    raw.sendLine('{"jsonrpc":"2.0","id":"eight","method":"tools/list","params":"x"}');
    raw.sendLine('{"jsonrpc":"2.0","method":"tools/call","params":null}');
    raw.send({ jsonrpc: '2.0', id: 9, method: 'ping' });
    raw.proc.stdin.end();
    assert.equal(await raw.exited, 0);
    const refused = raw.messages().filter((m) => m.error?.code === -32600);
    // A client waiting on id 7 or "eight" gets its answer; a message without an id gets id null.
    assert.deepEqual(
      refused.map((m) => m.id),
      [7, 'eight', null],
      raw.stdout(),
    );
    assert.deepEqual(
      raw.messages().find((m) => m.id === 9),
      { jsonrpc: '2.0', id: 9, result: {} },
    );
  });

  it('a line longer than URLKIT_BODY_LIMIT_BYTES is answered -32600 and dropped; the session goes on', async () => {
    const raw = spawnRaw();
    // Before, the SDK closed the session at 10 MiB: the writes after it met a closed pipe.
    raw.proc.stdin.on('error', () => {});
    raw.send(INITIALIZE);
    raw.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    const mib = 'x'.repeat(1024 * 1024);
    for (let i = 0; i < 12; i++) raw.proc.stdin.write(mib);
    raw.sendLine('');
    raw.send({ jsonrpc: '2.0', id: 5, method: 'ping' });
    raw.proc.stdin.end();
    assert.equal(await raw.exited, 0);
    const dropped = raw.messages().filter((m) => m.error?.code === -32600);
    assert.equal(dropped.length, 1, raw.stdout());
    assert.equal(dropped[0]!.id, null);
    assert.match(dropped[0]!.error!.message, /longer than 1048576 bytes \(URLKIT_BODY_LIMIT_BYTES\) was dropped/);
    assert.deepEqual(
      raw.messages().find((m) => m.id === 5),
      { jsonrpc: '2.0', id: 5, result: {} },
      raw.stdout(),
    );
  });

  it("a tools/call of the wrong shape is -32602 in words of ours, not the schema library's report", async () => {
    const raw = spawnRaw();
    raw.send(INITIALIZE);
    raw.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    const shapes: unknown[] = [
      { name: 'clean_web_content', arguments: 'https://a/' },
      { name: 'clean_web_content', arguments: ['https://a/'] },
      { name: 'clean_web_content', arguments: null },
      { name: 7, arguments: {} },
    ];
    shapes.forEach((params, i) => raw.send({ jsonrpc: '2.0', id: 20 + i, method: 'tools/call', params }));
    raw.proc.stdin.end();
    assert.equal(await raw.exited, 0);
    for (let i = 0; i < shapes.length; i++) {
      const answer = raw.messages().find((m) => m.id === 20 + i);
      assert.deepEqual(
        answer?.error,
        { code: -32602, message: 'MCP error -32602: tools/call takes { "name": string, "arguments": object }.' },
        raw.stdout(),
      );
    }
  });

  it('urlkit mcp takes no arguments', async () => {
    const { execFile } = await import('node:child_process');
    const run = await new Promise<{ code: number; stderr: string }>((resolve) =>
      execFile(process.execPath, [CLI, 'mcp', '--port', '9'], (err, _stdout, stderr) =>
        resolve({ code: err ? Number((err as { code?: number }).code) : 0, stderr }),
      ),
    );
    assert.equal(run.code, 1);
    assert.match(run.stderr, /urlkit mcp takes no arguments/);
  });
});
