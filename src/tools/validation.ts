// One request validator for every front end (HTTP and CLI), compiled from the registry schemas.
// Ajv runs with defaults applied, no type coercion and no silent removal of unknown fields:
// a typo or a wrong type must be reported, never guessed at. Ajv's raw errors are turned into
// short messages that name the field by its JSON path.
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { TOO_DEEP_MESSAGE, jsonValueTooDeep } from './json-input.js';
import type { Tool } from './types.js';

export interface ValidationDetail {
  /** JSON Pointer of the offending field, e.g. /timeout or /items/3/url ('' for the body). */
  path: string;
  message: string;
}

export type ValidationResult<Input> =
  | { ok: true; value: Input }
  | { ok: false; code: 'invalid_request' | 'invalid_json'; message: string; details: ValidationDetail[] };

export type ValidationFailure = Extract<ValidationResult<unknown>, { ok: false }>;

/** The error a front end (HTTP, MCP) sends for a refused request. invalid_json is a body too deep
 *  to walk: no field to name, so no details; invalid_request names each field it refuses. */
export function refusalError(failed: ValidationFailure): {
  code: ValidationFailure['code'];
  message: string;
  details?: ValidationDetail[];
} {
  const { code, message, details } = failed;
  return code === 'invalid_json' ? { code, message } : { code, message, details };
}

export interface RequestValidator {
  validate<Input = Record<string, unknown>>(toolName: string, body: unknown): ValidationResult<Input>;
}

/** The detail of a field named "__proto__", which some parsers drop instead of keeping (MCP's). */
export function protoFieldRejected(): {
  ok: false;
  code: 'invalid_request';
  message: string;
  details: ValidationDetail[];
} {
  const detail = { path: '/__proto__', message: 'unknown field "__proto__" is not allowed' };
  return {
    ok: false,
    code: 'invalid_request',
    message: `Invalid request: ${detail.path}: ${detail.message}`,
    details: [detail],
  };
}

export function createValidator(tools: readonly Tool<unknown>[]): RequestValidator {
  const ajv = new Ajv2020({
    allErrors: true,
    useDefaults: true,
    coerceTypes: false,
    removeAdditional: false,
    strict: false,
    verbose: true,
  });
  const compiled = new Map<string, ValidateFunction>();
  for (const tool of tools) compiled.set(tool.name, ajv.compile(tool.inputSchema));

  return {
    validate<Input>(toolName: string, body: unknown): ValidationResult<Input> {
      const fn = compiled.get(toolName);
      if (!fn) throw new Error(`No validator for tool ${toolName}`);
      // Before anything walks it recursively (the copy, Ajv): MCP arguments arrive here unchecked.
      if (jsonValueTooDeep(body)) return { ok: false, code: 'invalid_json', message: TOO_DEEP_MESSAGE, details: [] };
      // Validate a copy: useDefaults mutates, and callers may reuse their object.
      const value = structuredCloneJson(body);
      if (fn(value)) return { ok: true, value: value as Input };
      const details = formatErrors(fn.errors ?? [], value);
      const first = details[0];
      const more = details.length - 1;
      const message = first
        ? `Invalid request: ${first.path || 'request body'}: ` +
          `${first.message}${more > 0 ? ` (and ${more} more problem${more > 1 ? 's' : ''})` : ''}`
        : 'Invalid request.';
      return { ok: false, code: 'invalid_request', message, details };
    },
  };
}

function structuredCloneJson(v: unknown): unknown {
  return v === undefined ? undefined : (JSON.parse(JSON.stringify(v)) as unknown);
}

/** Turns Ajv's errors into one clear message per problem, oneOf branches collapsed. */
export function formatErrors(errors: readonly ErrorObject[], data: unknown): ValidationDetail[] {
  const oneOfs = errors.filter((e) => e.keyword === 'oneOf');
  const out: ValidationDetail[] = [];
  const seen = new Set<string>();
  const push = (d: ValidationDetail) => {
    const key = `${d.path}\u0000${d.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push(d);
    }
  };

  for (const e of errors) {
    const owner = oneOfs.find((o) => o !== e && within(e, o));
    if (owner) continue; // reported through its oneOf below
    if (e.keyword === 'oneOf') {
      for (const d of describeOneOf(e, errors, data)) push(d);
      continue;
    }
    push(describe(e));
  }
  return out;
}

function describeOneOf(e: ErrorObject, all: readonly ErrorObject[], data: unknown): ValidationDetail[] {
  const branchErrors = all.filter((x) => within(x, e));
  const value = valueAt(data, e.instancePath);
  // A request-level oneOf of required fields (get_url_metadata: exactly one of url / items).
  const branches = Array.isArray(e.schema) ? (e.schema as Array<Record<string, unknown>>) : [];
  const requiredOnly =
    branches.length > 0 && branches.every((b) => Array.isArray(b.required) && Object.keys(b).length === 1);
  // A body that is not an object already has its own "must be an object" error.
  if (requiredOnly && !isObject(value)) return [];
  if (requiredOnly && isObject(value)) {
    const names = branches.flatMap((b) => b.required as string[]);
    const quoted = names.map((n) => `"${n}"`).join(' or ');
    const present = names.filter((n) => n in value);
    return [
      {
        path: e.instancePath,
        message:
          present.length > 1 ? `send either ${quoted}, not both` : `${quoted} is required (one of them, not both)`,
      },
    ];
  }
  // A value that may take several shapes (e.g. an items element: URL string or { url }).
  // Report the branch whose type matches the value; if none matches, name the shapes allowed.
  const byBranch = new Map<string, ErrorObject[]>();
  for (const x of branchErrors) {
    const branch = x.schemaPath.slice(e.schemaPath.length + 1).split('/')[0] ?? '';
    const list = byBranch.get(branch) ?? [];
    list.push(x);
    byBranch.set(branch, list);
  }
  const typeMismatch = (list: ErrorObject[]) =>
    list.some((x) => x.keyword === 'type' && x.instancePath === e.instancePath);
  const matching = [...byBranch.values()].filter((list) => !typeMismatch(list));
  if (matching.length === 1) return matching[0]!.map(describe);
  const shapes = [...byBranch.values()]
    .flatMap((list) => list.filter((x) => x.keyword === 'type' && x.instancePath === e.instancePath))
    .map((x) => article(String((x.params as { type: string | string[] }).type)));
  return [
    {
      path: e.instancePath,
      message: shapes.length ? `must be ${shapes.join(' or ')}` : 'must match exactly one allowed shape',
    },
  ];
}

/** Whether error x comes from inside the oneOf error o (same value or below it). */
function within(x: ErrorObject, o: ErrorObject): boolean {
  return (
    x.schemaPath.startsWith(`${o.schemaPath}/`) &&
    (x.instancePath === o.instancePath || x.instancePath.startsWith(`${o.instancePath}/`))
  );
}

function describe(e: ErrorObject): ValidationDetail {
  const p = e.params as Record<string, unknown>;
  const path = e.instancePath;
  const field = lastSegment(path);
  switch (e.keyword) {
    case 'additionalProperties': {
      const name = String(p.additionalProperty);
      return { path: `${path}/${escapePointer(name)}`, message: `unknown field "${name}" is not allowed` };
    }
    case 'required': {
      const name = String(p.missingProperty);
      return { path: `${path}/${escapePointer(name)}`, message: `"${name}" is required` };
    }
    case 'type':
      return { path, message: `must be ${article(Array.isArray(p.type) ? p.type.join(' or ') : String(p.type))}` };
    case 'maximum':
    case 'exclusiveMaximum':
    case 'minimum':
    case 'exclusiveMinimum': {
      const words: Record<string, string> = {
        maximum: 'at most',
        exclusiveMaximum: 'less than',
        minimum: 'at least',
        exclusiveMinimum: 'greater than',
      };
      const unit = field === 'timeout' ? ' (the unit is seconds)' : '';
      return { path, message: `must be ${words[e.keyword]} ${String(p.limit)}${unit}` };
    }
    case 'enum':
      return {
        path,
        message: `must be one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`,
      };
    case 'maxLength':
      return { path, message: `must be at most ${String(p.limit)} characters long` };
    case 'minLength':
      return {
        path,
        message: Number(p.limit) === 1 ? 'must not be empty' : `must be at least ${String(p.limit)} characters long`,
      };
    case 'maxItems':
      return { path, message: `must have at most ${String(p.limit)} elements` };
    case 'minItems':
      return { path, message: `must have at least ${String(p.limit)} element${Number(p.limit) === 1 ? '' : 's'}` };
    default:
      return { path, message: e.message ?? 'is invalid' };
  }
}

function article(type: string): string {
  const names: Record<string, string> = {
    string: 'a string',
    number: 'a number',
    integer: 'an integer',
    boolean: 'a boolean (true or false)',
    object: 'an object',
    array: 'an array',
    null: 'null',
  };
  return type
    .split(',')
    .map((t) => names[t.trim()] ?? t)
    .join(' or ');
}

function lastSegment(pointer: string): string {
  const seg = pointer.split('/').pop() ?? '';
  return seg.replace(/~1/g, '/').replace(/~0/g, '~');
}

function escapePointer(s: string): string {
  return s.replace(/~/g, '~0').replace(/\//g, '~1');
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function valueAt(data: unknown, pointer: string): unknown {
  if (!pointer) return data;
  let cur: unknown = data;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(cur)) cur = cur[Number(key)];
    else if (isObject(cur)) cur = cur[key];
    else return undefined;
  }
  return cur;
}
