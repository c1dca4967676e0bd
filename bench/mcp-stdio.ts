// npm run bench:mcp-stdio: what an MCP host's session costs when it asks for large answers over
// stdio. `urlkit mcp` is spawned as a host spawns it (default settings), and each session answers
// 3 get_url_metadata batches of 100 items with include_content, one after another (distinct
// loopback URLs of one page of about 107,000 characters of HTML, with characters JSON escapes and
// some outside Latin-1: an answer line of about 22 MB), read as they come. Printed per build:
// the time from each batch sent to its answer line read whole, and the process's peak resident
// memory (VmHWM). The peer in the same run is another build (`--service DIR`: the build before,
// whose stdio transport was the SDK's, writing each message whole), its sessions interleaved with
// this build's.
// Options: --service DIR, --rounds N (sessions per build, 4), --pages N (per batch, 100).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LONG_ARTICLE } from '../test/integration/mcp/mcp-site.js';
import { startServer } from '../test/support/loopback-server.js';
import { median } from './stats.js';

const args = process.argv.slice(2);
const opt = (name: string): string | undefined => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const ROUNDS = Number(opt('rounds') ?? 4);
const PAGES = Number(opt('pages') ?? 100);
const here = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const builds = [{ name: 'this build', dir: here }];
const other = opt('service');
if (other) builds.push({ name: `--service ${other}`, dir: resolve(other) });

interface Session {
  ms: number[];
  peakMiB: number;
}

async function session(dir: string, origin: string, round: number): Promise<Session> {
  const proc = spawn(process.execPath, [resolve(dir, 'dist/src/cli/main.js'), 'mcp'], {
    env: { ...process.env, URLKIT_ALLOW_CIDRS: '127.0.0.2/32', URLKIT_LOG_LEVEL: 'warn' },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const waiting = new Map<number, (line: string) => void>();
  // A line's pieces until its end comes: each chunk is searched once, the line joined once.
  let pieces: string[] = [];
  proc.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    let from = 0;
    for (let end = chunk.indexOf('\n'); end >= 0; end = chunk.indexOf('\n', from)) {
      pieces.push(chunk.slice(from, end));
      const line = pieces.join('');
      pieces = [];
      from = end + 1;
      // The SDK writes a message's id last: {"result":...,"jsonrpc":"2.0","id":N}.
      const id = /"id":(\d+)\}$/u.exec(line.slice(-40))?.[1];
      if (id !== undefined) waiting.get(Number(id))?.(line);
    }
    pieces.push(chunk.slice(from));
  });
  const call = (id: number, method: string, params: unknown) =>
    new Promise<string>((done) => {
      waiting.set(id, done);
      proc.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    });
  await call(1, 'initialize', {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'bench', version: '1' },
  });
  proc.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
  const ms: number[] = [];
  for (let r = 0; r < 3; r++) {
    const items = Array.from({ length: PAGES }, (_, i) => `${origin}/long?round=${round}-${r}&page=${i}`);
    const sent = performance.now();
    const line = await call(2 + r, 'tools/call', {
      name: 'get_url_metadata',
      arguments: { items, include_content: true },
    });
    ms.push(performance.now() - sent);
    if (!line.includes('"structuredContent"')) throw new Error(`no results: ${line.slice(0, 300)}`);
  }
  const status = readFileSync(`/proc/${proc.pid}/status`, 'utf8');
  const peakMiB = Number(/VmHWM:\s+(\d+)/u.exec(status)?.[1] ?? 0) / 1024;
  proc.stdin.end();
  await new Promise((done) => proc.once('exit', done));
  return { ms, peakMiB };
}

const site = await startServer((req, res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(LONG_ARTICLE);
});
const results = new Map<string, Session[]>(builds.map((b) => [b.name, []]));
for (let round = 0; round < ROUNDS; round++) {
  for (const build of round % 2 ? [...builds].reverse() : builds)
    results.get(build.name)!.push(await session(build.dir, site.origin, round));
}
await site.close();
console.log(`bench:mcp-stdio: ${ROUNDS} sessions per build, each 3 batches of ${PAGES} pages with include_content`);
console.log('| build | batch sent -> answer read, median ms (slowest) | peak RSS per session MiB (median) |');
console.log('|---|---|---|');
for (const [name, sessions] of results) {
  const ms = sessions.flatMap((s) => s.ms);
  const peaks = sessions.map((s) => s.peakMiB);
  const list = peaks.map((p) => p.toFixed(0)).join(', ');
  console.log(
    `| ${name} | ${median(ms).toFixed(0)} (${Math.max(...ms).toFixed(0)}) | ${list} (${median(peaks).toFixed(0)}) |`,
  );
}
