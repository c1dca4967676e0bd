// bench:hostile's callers: the honest callers' open-loop schedule, the hostile caller's calls in
// flight, and --bytes-only's client that fetches the attacked pages and drops them.
import { setMaxListeners } from 'node:events';
import net from 'node:net';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { Agent, Client, request, type Dispatcher } from 'undici';
import type { Attack } from './hostile-attacks.js';
import type { ServiceProcess } from './service-process.js';
import { percentile } from './stats.js';

/** Milliseconds as a whole number, '-' for none. */
export const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : '-');

/** Each agent's client address. */
const addresses = new WeakMap<Agent, string>();

export /** A client address of its own, so the service sees a caller of its own. */
function callerAgent(address: string, connections: number): Agent {
  const agent = new Agent({ connections, localAddress: address, headersTimeout: 300_000, bodyTimeout: 300_000 });
  addresses.set(agent, address);
  return agent;
}

interface CallOutcome {
  ms: number;
  /** null: a 200 whose every item has no error. */
  error: string | null;
}

/**
 * A tool call's request through `dispatcher` (the caller's client address), to the JSON API or,
 * with `mcp`, as an MCP tools/call to POST /mcp.
 */
function postTool(
  service: ServiceProcess,
  dispatcher: Dispatcher,
  tool: string,
  body: unknown,
  signal?: AbortSignal,
  mcp = false,
): Promise<Dispatcher.ResponseData> {
  const call = mcp ? { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: tool, arguments: body } } : body;
  return request(mcp ? `${service.origin}/mcp` : `${service.origin}/api/v1/tools/${tool}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(mcp ? { accept: 'application/json, text/event-stream' } : {}) },
    body: JSON.stringify(call),
    dispatcher,
    ...(signal ? { signal } : {}),
  });
}

/** Characters of a discarded answer's head kept to tell an MCP refusal (an error result is short). */
const REFUSAL_HEAD_CHARS = 2048;

async function callTool(
  service: ServiceProcess,
  agent: Agent,
  tool: string,
  body: unknown,
  signal?: AbortSignal,
  /** Read the answer and drop it, unparsed (only its status counts). */
  discardAnswer = false,
  mcp = false,
): Promise<CallOutcome> {
  const started = performance.now();
  try {
    const res = await postTool(service, agent, tool, body, signal, mcp);
    if (discardAnswer) {
      // The hostile caller's answer is read and dropped, not parsed: parsing large answers on the
      // event loop that times the honest calls adds the bench's own stalls to their latencies.
      // Over MCP a refusal is a small 200 whose result is an error: its head says which.
      let head = '';
      await pipeline(
        res.body,
        new Writable({
          write: (chunk: Buffer, _encoding, done) => {
            if (head.length < REFUSAL_HEAD_CHARS) head += chunk.toString('utf8', 0, REFUSAL_HEAD_CHARS);
            done();
          },
        }),
      );
      const ms = performance.now() - started;
      if (res.statusCode !== 200) return { ms, error: `HTTP ${res.statusCode}` };
      const refused = mcp && head.includes('"isError":true') ? /\\"code\\":\\"(\w+)/.exec(head) : null;
      return { ms, error: refused ? `MCP ${refused[1]}` : null };
    }
    const json = (await res.body.json()) as {
      data?: { results?: Array<{ meta?: { error?: { code: string } } }> };
      error?: { code: string };
    };
    const ms = performance.now() - started;
    if (res.statusCode !== 200) return { ms, error: `HTTP ${res.statusCode} ${json.error?.code ?? ''}` };
    const failed = json.data?.results?.find((r) => r.meta?.error);
    return { ms, error: failed ? `${tool} ${failed.meta!.error!.code}` : null };
  } catch (err) {
    return { ms: performance.now() - started, error: `connection: ${(err as Error).message}` };
  }
}

export interface Sites {
  hostile: string;
  honest: string;
}

/** The honest callers' plan: each call takes the next of these in turn. */
function honestCall(sites: Sites, n: number): { tool: string; body: unknown } {
  switch (n % 3) {
    case 0:
      return { tool: 'clean_web_content', body: { url: `${sites.honest}/article` } };
    case 1:
      return { tool: 'check_url_status', body: { url: `${sites.hostile}/page` } };
    default:
      return { tool: 'get_url_metadata', body: { url: `${sites.honest}/page` } };
  }
}

export interface HonestFigures {
  calls: number;
  /** Each honest call: when it was sent (performance.now()), its tool and latency (ms). */
  timeline: Array<{ at: number; tool: string; ms: number }>;
  /** Every honest call's latency (ms), sorted. */
  latencies: number[];
  p50: number;
  p95: number;
  p99: number;
  errors: Map<string, number>;
  /** p99 by tool, for --trace. */
  byTool: string;
}

/**
 * The honest callers for `seconds`: each sends `rate` calls a second on a fixed
 * schedule (open loop, as independent users do: a slow answer does not hold the next call
 * back), whatever the answers.
 */
export async function honestPhase(
  service: ServiceProcess,
  agents: Agent[],
  sites: Sites,
  seconds: number,
  rate: number,
): Promise<HonestFigures> {
  const latencies: number[] = [];
  const timeline: HonestFigures['timeline'] = [];
  const perTool = new Map<string, number[]>();
  const errors = new Map<string, number>();
  const calls: Promise<void>[] = [];
  let n = 0;
  const intervalMs = 1000 / rate;
  const started = performance.now();
  for (let k = 0; (k * intervalMs) / 1000 < seconds; k++) {
    const at = started + k * intervalMs;
    await sleep(Math.max(0, at - performance.now()));
    for (const agent of agents) {
      const { tool, body } = honestCall(sites, n++);
      const sentAt = performance.now();
      calls.push(
        callTool(service, agent, tool, body).then((out) => {
          latencies.push(out.ms);
          timeline.push({ at: sentAt, tool, ms: out.ms });
          perTool.set(tool, [...(perTool.get(tool) ?? []), out.ms]);
          if (out.error) errors.set(out.error, (errors.get(out.error) ?? 0) + 1);
        }),
      );
    }
  }
  await Promise.all(calls);
  const byTool = [...perTool]
    .map(([tool, xs]) => {
      const sorted = xs.sort((a, b) => a - b);
      return `${tool} p50 ${fmt(percentile(sorted, 0.5))} p99 ${fmt(percentile(sorted, 0.99))}`;
    })
    .join(', ');
  return {
    calls: latencies.length,
    timeline,
    latencies: latencies.sort((a, b) => a - b),
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    errors,
    byTool,
  };
}

/**
 * The hostile caller(s): `calls` requests in flight, each sent again as soon as it is answered,
 * spread evenly over `agents` (one caller each: one attacker with several client addresses).
 */
export function startHostile(service: ServiceProcess, agents: Agent[], attack: Attack, sites: Sites, calls: number) {
  const stop = new AbortController();
  setMaxListeners(0, stop.signal);
  let sent = 0;
  let answered = 0;
  /** Answered calls by outcome: "ok", or the refusal ("HTTP 503", "MCP rate_limited"). */
  const outcomes = new Map<string, number>();
  const count = (outcome: string) => {
    answered++;
    outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
  };
  /** Row "unread": the answers whose bodies are left unread, until the phase ends. */
  const unread: Dispatcher.ResponseData['body'][] = [];
  /** Row "pipelined": the connections whose answers are never read, until the phase ends. */
  const sockets: net.Socket[] = [];
  // Rows "connections" and "bodies": what each of their connections sends, the same for all.
  const perSecond = attack.idleConnections ?? attack.heldBodies;
  const held = attack.heldBodies ? heldBody(attack.tool, attack.body(sites.hostile, sent++)) : '';
  const loop = async (_: unknown, i: number) => {
    const agent = agents[i % agents.length]!;
    while (!stop.signal.aborted) {
      if (perSecond) {
        const open = sockets.filter((s) => !s.destroyed).length;
        const most = attack.heldBodies ? BODIES_HELD_MAX : CONNECTIONS_HELD_MAX;
        const room = Math.min(most - open, perSecond / (1000 / IDLE_EVERY_MS));
        // From every hostile address in turn: with --callers N, N clients hold the connections.
        for (let k = 0; k < room; k++)
          sockets.push(idleConnection(service, agents[sockets.length % agents.length]!, count, held));
        await sleep(IDLE_EVERY_MS, undefined, { signal: stop.signal }).catch(() => {});
        continue;
      }
      if (attack.pipelined) {
        const calls = Array.from({ length: attack.pipelined }, () => attack.body(sites.hostile, sent++));
        sockets.push(pipelinedCalls(service, agent, attack.tool, calls));
        calls.forEach(() => count('sent, never read'));
        await sleep(PIPELINED_EVERY_MS, undefined, { signal: stop.signal }).catch(() => {});
        continue;
      }
      const call = attack.body(sites.hostile, sent++);
      if (attack.unread) {
        const body = await headOnly(service, agent, attack.tool, call, stop.signal);
        if (body) {
          unread.push(body);
          count('ok');
        }
        continue;
      }
      const out = await callTool(service, agent, attack.tool, call, stop.signal, true, attack.mcp);
      if (!stop.signal.aborted && !out.error?.startsWith('connection')) count(out.error ?? 'ok');
    }
  };
  const loops = Array.from({ length: attack.inFlight ?? calls }, loop);
  return {
    answered: () => answered,
    /** The answered calls by outcome, most first ("ok 41, HTTP 503 3"). */
    outcomes: () =>
      [...outcomes]
        .sort((a, b) => b[1] - a[1])
        .map(([outcome, n]) => `${outcome} ${n}`)
        .join(', '),
    async stop() {
      stop.abort();
      await Promise.all(loops);
      for (const body of unread) body.destroy();
      for (const socket of sockets) socket.destroy();
    },
  };
}

/** Rows "connections" and "bodies": how often the loop opens its next connections, and the most each keeps open. */
const IDLE_EVERY_MS = 50;
const CONNECTIONS_HELD_MAX = 12_000;
const BODIES_HELD_MAX = 600;
/** Row "bodies": the body each call declares (the service's default body limit). */
const HELD_BODY_BYTES = 1024 * 1024;

/** A call to `tool` with `call` padded to HELD_BODY_BYTES, all but its last byte: what row "bodies" sends. */
function heldBody(tool: string, call: unknown): string {
  const json = JSON.stringify(call);
  return (
    `POST /api/v1/tools/${tool} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
    `Content-Length: ${HELD_BODY_BYTES}\r\n\r\n${json}${' '.repeat(HELD_BODY_BYTES - json.length - 1)}`
  );
}

/**
 * A connection from `agent`'s client address that sends `text` (nothing, or a call's head and all
 * but the last byte of its body) and no more; `count` is told "opened", and how the service
 * answered it if it did ("HTTP 429") or that it closed it.
 */
function idleConnection(
  service: ServiceProcess,
  agent: Agent,
  count: (outcome: string) => void,
  text: string,
): net.Socket {
  const { hostname, port } = new URL(service.origin);
  const socket = net.connect({ host: hostname, port: Number(port), localAddress: addresses.get(agent)! });
  let answered = false;
  socket.on('error', () => {});
  socket.once('connect', () => {
    count('opened');
    if (text) socket.write(text);
  });
  socket.once('data', (d: Buffer) => {
    answered = true;
    count(`HTTP ${d.toString('latin1', 9, 12)}`);
  });
  socket.once('close', () => {
    if (!answered) count('closed unanswered');
    socket.destroy();
  });
  return socket;
}

/** Row "pipelined": how often each of its loops opens its next connection. */
const PIPELINED_EVERY_MS = 500;

/**
 * A connection from `agent`'s client address with `calls` sent on it at once (HTTP/1.1
 * pipelining), never read: the kernel's buffers take the first answers, the service holds the rest.
 */
function pipelinedCalls(service: ServiceProcess, agent: Agent, tool: string, calls: unknown[]): net.Socket {
  const { hostname, port } = new URL(service.origin);
  const socket = net.connect({ host: hostname, port: Number(port), localAddress: addresses.get(agent)! });
  socket.pause();
  socket.on('error', () => {});
  const requests = calls.map((call) => {
    const body = JSON.stringify(call);
    return (
      `POST /api/v1/tools/${tool} HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
    );
  });
  socket.write(requests.join(''));
  return socket;
}

/**
 * A call whose answer's head is read and its body left unread: the body (undici stops reading
 * the connection once a few KiB wait), or null when the call failed. A refused call (429, say)
 * is read: a refusal is small.
 */
async function headOnly(
  service: ServiceProcess,
  agent: Agent,
  tool: string,
  call: unknown,
  signal: AbortSignal,
): Promise<Dispatcher.ResponseData['body'] | null> {
  // A connection of its own for each call: the unread answer keeps its connection.
  const client = new Client(service.origin, { localAddress: addresses.get(agent)!, headersTimeout: 300_000 });
  try {
    const res = await postTool(service, client, tool, call, signal);
    res.body.once('close', () => void client.destroy().catch(() => {}));
    // The service may close a connection whose answer is not read (the stop, too, ends them).
    res.body.on('error', () => {});
    if (res.statusCode === 200) return res.body;
    await res.body.dump();
    await sleep(100);
    return null;
  } catch {
    await client.destroy().catch(() => {});
    return null;
  }
}

/**
 * --bytes-only: no hostile caller, only a client that fetches `page` from the attacked site
 * `perSecond` times a second (each fetch on its own schedule, whatever the others do) and
 * discards the bytes.
 */
export function startBytesOnly(agent: Agent, site: string, page: string, perSecond: number) {
  const stop = new AbortController();
  setMaxListeners(0, stop.signal);
  const fetches: Promise<void>[] = [];
  let answered = 0;
  const fetchOne = async (i: number) => {
    try {
      const res = await request(`${site}${page}?bytes=${i}`, { dispatcher: agent, signal: stop.signal });
      await pipeline(res.body, new Writable({ write: (_chunk, _encoding, done) => done() }));
      answered++;
    } catch {
      /* stopped */
    }
  };
  void (async () => {
    const started = performance.now();
    for (let i = 0; !stop.signal.aborted; i++) {
      await sleep(Math.max(0, started + (i * 1000) / perSecond - performance.now()));
      if (!stop.signal.aborted) fetches.push(fetchOne(i));
    }
  })();
  return {
    answered: () => answered,
    /** The fetches done, as an outcome ("ok 120"). */
    outcomes: () => (answered > 0 ? `ok ${answered}` : ''),
    async stop() {
      stop.abort();
      await Promise.all(fetches);
    },
  };
}
