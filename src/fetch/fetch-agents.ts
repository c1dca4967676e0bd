// The undici agents of ONE fetchPage call: direct and (lazily) through the operator proxy.
// Per-fetch agents let the guarded connector record this fetch's timings and obey its
// deadline, and closing them drops any unread body without draining it.
import { Agent } from 'undici';
import type { Config } from '../config/config.js';
import type { AddressPolicy } from './address-policy.js';
import { createGuardedConnector, type ConnectTimings } from './guarded-connect.js';

export interface AgentContext {
  startedAt: number;
  connect: ConnectTimings;
}

/** Per-fetch pair of agents (direct, proxy) sharing the fetch's timings and deadline. */
export class FetchAgents {
  private direct: Agent | null = null;
  private proxied: Agent | null = null;
  constructor(
    private readonly config: Config,
    private readonly policy: AddressPolicy,
    private readonly proxy: URL | null,
    private readonly state: AgentContext,
    private readonly deadline: AbortSignal,
  ) {}
  get(viaProxy: boolean): Agent {
    if (viaProxy) return (this.proxied ??= this.make(this.proxy));
    return (this.direct ??= this.make(null));
  }
  private make(proxy: URL | null): Agent {
    return new Agent({
      connect: createGuardedConnector({
        policy: this.policy,
        dnsTimeoutMs: this.config.dnsTimeoutMs,
        connectTimeoutMs: this.config.connectTimeoutMs,
        proxy,
        startedAt: this.state.startedAt,
        timings: this.state.connect,
        signal: this.deadline,
      }),
      maxHeaderSize: this.config.maxHeaderBytes,
      pipelining: 1,
      keepAliveTimeout: 4000,
    });
  }
  /** After a failed attempt: the next one starts on a fresh pool (no half-dead sockets or queued retries). */
  reset(viaProxy: boolean): void {
    const a = viaProxy ? this.proxied : this.direct;
    a?.destroy().catch(() => {});
    if (viaProxy) this.proxied = null;
    else this.direct = null;
  }
  destroy(): void {
    // Closing our own per-fetch agents also drops any unread (endless) body without draining it.
    for (const a of [this.direct, this.proxied]) a?.destroy().catch(() => {});
  }
}

