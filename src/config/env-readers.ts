// The readers of single environment variables for loadConfig: each parses one setting's value
// or throws ConfigError with a one-line message naming the variable. scripts/config-doc.ts
// describes what each accepts by its name, so a new reader needs a line in its accepts().
import { accessSync, constants as fsConstants } from 'node:fs';
import { isIPv6 } from 'node:net';
import { isAbsolute } from 'node:path';
import proxyAddr from '@fastify/proxy-addr';

export type Env = Record<string, string | undefined>;

export class ConfigError extends Error {}

export function int(env: Env, name: string, min: number, max: number): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(`${name} must be a whole number, got "${raw}"`);
  const n = Number(raw.trim());
  if (n < min || n > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got ${n}`);
  return n;
}

export function bool(env: Env, name: string): boolean | undefined {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  const v = raw.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(v)) return true;
  if (['0', 'false', 'no', 'off'].includes(v)) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

export function list(env: Env, name: string): string[] | undefined {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export function oneOf<T extends string>(env: Env, name: string, values: readonly T[]): T | undefined {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  const v = raw.trim().toLowerCase() as T;
  if (!values.includes(v)) throw new ConfigError(`${name} must be one of ${values.join(', ')}, got "${raw}"`);
  return v;
}

export function cidrList(env: Env, name: string): string[] | undefined {
  const items = list(env, name);
  if (!items) return undefined;
  for (const c of items) {
    if (!/^[^/]+\/\d{1,3}$/.test(c)) {
      throw new ConfigError(`${name} entries must look like 10.1.0.0/16 or fd00::/8, got "${c}"`);
    }
  }
  return items;
}

/**
 * Addresses and ranges of reverse proxies, or proxy-addr's names for a family of ranges
 * (`loopback`, `linklocal`, `uniquelocal`): checked with the library that will match them.
 */
export function proxyList(env: Env, name: string): string[] | undefined {
  const items = list(env, name);
  if (!items) return undefined;
  for (const item of items) {
    try {
      proxyAddr.compile(item);
    } catch {
      throw new ConfigError(
        `${name} entries must be an address (10.0.0.5), a range (10.0.0.0/8, fd00::/8) or loopback, linklocal or ` +
          `uniquelocal, got "${item}"`,
      );
    }
  }
  return items;
}

/**
 * Host names or addresses a request may name in its Host header, or `*` for any: each a DNS name
 * (letters, digits, hyphens, dots), an IPv4 address or an IPv6 one (bracketed or not), lower-cased.
 */
export function hostList(env: Env, name: string): string[] | undefined {
  const items = list(env, name);
  if (!items) return undefined;
  return items.map((item) => {
    const host = item.toLowerCase().replace(/^\[(.*)\]$/, '$1');
    if (host === '*' || /^[a-z0-9-]+(?:\.[a-z0-9-]+)*\.?$/.test(host)) {
      return host.replace(/\.$/, '');
    }
    if (host.includes(':') && isIPv6(host)) return host;
    throw new ConfigError(`${name} entries must be host names, addresses or *, got "${item}"`);
  });
}

/** A URL setting with one of the given schemes; `kind` names them in the error message. */
export function urlSetting(env: Env, name: string, schemes: readonly string[], kind: string): URL | undefined {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  let u: URL;
  try {
    u = new URL(raw.trim());
  } catch {
    throw new ConfigError(`${name} must be ${kind} URL, got "${raw}"`);
  }
  if (!schemes.includes(u.protocol)) throw new ConfigError(`${name} must be ${kind} URL, got "${raw}"`);
  return u;
}

export function proxy(env: Env, name: string): string | undefined {
  return urlSetting(env, name, ['http:', 'https:'], 'an http:// or https://')?.toString();
}

export function executable(env: Env, name: string): string | undefined {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  const path = raw.trim();
  if (!isAbsolute(path))
    throw new ConfigError(`${name} must be an absolute path to a Chromium executable, got "${raw}"`);
  try {
    accessSync(path, fsConstants.X_OK);
  } catch {
    throw new ConfigError(`${name} names no executable file: "${raw}"`);
  }
  return path;
}

export function redis(env: Env, name: string): string | undefined {
  // As written: a redis URL's password must reach ioredis exactly as the operator gave it.
  return urlSetting(env, name, ['redis:', 'rediss:'], 'a redis:// or rediss://') ? env[name]!.trim() : undefined;
}

export function pick<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
