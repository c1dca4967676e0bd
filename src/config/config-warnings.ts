// Start-up warnings about settings that are accepted but probably not what the operator meant:
// a URLKIT_* variable urlkit does not read (a typo such as URLKIT_ALLOW_CIDR fails quietly
// otherwise), and an API that listens beyond this machine without API keys. Each is one line,
// logged once at start; none stops the process.
import { isLoopbackBind } from './loopback.js';
import { loadConfig, type Config } from './config.js';
import { editDistance } from '../util/edit-distance.js';

type Env = Record<string, string | undefined>;

export interface LoadedConfig {
  config: Config;
  /** URLKIT_* variables set but never read. */
  unknown: string[];
  /** Every URLKIT_* variable loadConfig reads. */
  known: string[];
}

/** loadConfig, plus the URLKIT_* variables in `env` it never read. */
export function loadConfigNoting(env: Env = process.env): LoadedConfig {
  const read = new Set<string>();
  const tracked = new Proxy(env, {
    get(target, name) {
      if (typeof name === 'string') read.add(name);
      return target[name as string];
    },
  });
  const config = loadConfig(tracked);
  const known = [...read].filter((n) => n.startsWith('URLKIT_')).sort();
  const unknown = Object.keys(env)
    .filter((n) => n.startsWith('URLKIT_') && !read.has(n))
    .sort();
  return { config, unknown, known };
}

/** One line per unknown URLKIT_* variable, naming the known setting closest to it. */
export function unknownSettingWarnings(unknown: readonly string[], known: readonly string[]): string[] {
  return unknown.map((name) => {
    const closest = closestName(name, known);
    return `${name} is not a urlkit setting and is ignored${closest ? ` (did you mean ${closest}?)` : ''}`;
  });
}

/** The server listens beyond loopback with no API keys: anyone who reaches it may use it. */
export function exposureWarning(config: Pick<Config, 'host' | 'apiKeys'>): string | null {
  if (config.apiKeys.length > 0 || isLoopbackBind(config.host)) return null;
  return (
    `HOST=${config.host} accepts calls from other machines and URLKIT_API_KEYS is not set: ` +
    'anyone who can reach this port can use the service (and the network it can reach)'
  );
}

function closestName(name: string, known: readonly string[]): string | null {
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const k of known) {
    const d = editDistance(name, k);
    if (d < bestDistance) [best, bestDistance] = [k, d];
  }
  return best;
}

/** The warnings a process logs at start; `servesApi`: it listens for tool calls (the API server). */
export function startupWarnings(loaded: LoadedConfig, servesApi: boolean): string[] {
  const exposure = servesApi ? exposureWarning(loaded.config) : null;
  return [...unknownSettingWarnings(loaded.unknown, loaded.known), ...(exposure ? [exposure] : [])];
}
