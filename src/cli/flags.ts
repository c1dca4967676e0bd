// Command-line flags derived from a tool's input schema, so the CLI can never drift from the
// HTTP API: --output-format markdown, --include-title false, --max-chars 5000, --timeout 5 ...
// Values are converted by the schema type only as far as the shell forces us to (everything
// arrives as a string); range and enum checks are left to the shared validator.
import type { JsonSchema, Tool } from '../tools/types.js';

export class UsageError extends Error {}

export interface ParsedToolArgs {
  urls: string[];
  /** Tool fields given on the command line, by schema name (snake_case). */
  fields: Record<string, unknown>;
  pretty: boolean;
  help: boolean;
  /** --input FILE|-: read the URLs from a file (or stdin), one a line, and answer in NDJSON. */
  input?: string;
}

/** The CLI's own options, beside those of the tool's schema. */
const OWN_FLAGS = ['--pretty', '--input'];

/** Schema fields that are not flags: URLs are positional arguments. */
const POSITIONAL = new Set(['url', 'items']);

export function flagName(field: string): string {
  return `--${field.replace(/_/g, '-')}`;
}

export function toolFlags(tool: Tool<unknown>): Array<{ field: string; flag: string; schema: JsonSchema }> {
  const props = (tool.inputSchema.properties ?? {}) as Record<string, JsonSchema>;
  return Object.entries(props)
    .filter(([field]) => !POSITIONAL.has(field))
    .map(([field, schema]) => ({ field, flag: flagName(field), schema }));
}

function typeOf(schema: JsonSchema): string {
  const t = schema.type;
  const first: unknown = Array.isArray(t) ? t[0] : t;
  return typeof first === 'string' ? first : 'string';
}

function convert(raw: string, type: string): unknown {
  if (type === 'number' || type === 'integer') {
    // Leave non-numbers as strings: the validator then names the field and the expected type.
    return raw.trim() !== '' && Number.isFinite(Number(raw)) ? Number(raw) : raw;
  }
  if (type === 'boolean') {
    if (raw === 'true') return true;
    if (raw === 'false') return false;
    return raw;
  }
  return raw;
}

export function parseToolArgs(tool: Tool<unknown>, argv: readonly string[]): ParsedToolArgs {
  const byFlag = new Map(toolFlags(tool).map((f) => [f.flag, f]));
  const out: ParsedToolArgs = { urls: [], fields: {}, pretty: false, help: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') {
      out.urls.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith('--')) {
      out.urls.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq === -1 ? arg : arg.slice(0, eq);
    const inline = eq === -1 ? undefined : arg.slice(eq + 1);
    if (name === '--pretty') {
      out.pretty = inline === undefined ? true : inline !== 'false';
      continue;
    }
    if (name === '--help') {
      out.help = true;
      continue;
    }
    if (name === '--input') {
      const value = inline ?? argv[++i];
      if (value === undefined || value === '')
        throw new UsageError('option --input needs a file name (or - for stdin)');
      out.input = value;
      continue;
    }
    const negated = name.startsWith('--no-') ? byFlag.get(`--${name.slice(5)}`) : undefined;
    if (negated && typeOf(negated.schema) === 'boolean' && inline === undefined) {
      out.fields[negated.field] = false;
      continue;
    }
    const spec = byFlag.get(name);
    if (!spec)
      throw new UsageError(
        `unknown option ${name} for "${tool.command}" (options: ${[...byFlag.keys(), ...OWN_FLAGS].join(', ')})`,
      );
    const type = typeOf(spec.schema);
    let raw = inline;
    if (raw === undefined) {
      const next = argv[i + 1];
      if (type === 'boolean') {
        // A bare boolean flag means true; an explicit true/false may follow it.
        if (next === 'true' || next === 'false') {
          raw = next;
          i++;
        } else raw = 'true';
      } else {
        if (next === undefined || next.startsWith('--')) throw new UsageError(`option ${name} needs a value`);
        raw = next;
        i++;
      }
    }
    out.fields[spec.field] = convert(raw, type);
  }
  return out;
}

/** Rewrites a JSON path of a tool field (/max_chars) into its flag (--max-chars) for messages. */
export function pathToFlag(path: string): string {
  const m = /^\/([a-z_]+)$/.exec(path);
  if (!m) return path || 'arguments';
  return m[1] === 'url' || m[1] === 'items' ? 'URL' : flagName(m[1]!);
}

export function toolUsage(tool: Tool<unknown>): string {
  const lines = [`urlkit ${tool.command} <url...> [options]`, `  ${tool.summary}`, '', 'Options:'];
  for (const { flag, schema } of toolFlags(tool)) {
    const type = typeOf(schema);
    const values = Array.isArray(schema.enum)
      ? (schema.enum as unknown[]).join('|')
      : type === 'boolean'
        ? 'true|false'
        : type;
    const def = schema.default === undefined ? '' : ` (default ${JSON.stringify(schema.default)})`;
    lines.push(
      `  ${`${flag} <${values}>`.padEnd(34)} ` +
        `${(typeof schema.description === 'string' ? schema.description : '').split('. ')[0]}${def}`,
    );
  }
  lines.push(`  ${'--pretty'.padEnd(34)} Indent the JSON output for humans`);
  lines.push(
    `  ${'--input <FILE|->'.padEnd(34)} URLs from FILE (- for stdin), one a line; NDJSON lines as items finish`,
  );
  return lines.join('\n');
}
