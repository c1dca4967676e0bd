// JSON requests as the service takes them, for every front end. Plain JSON.parse, so a body
// with a "__proto__" or "constructor" key is valid JSON, as it is: JSON.parse defines such keys
// as own data properties (no prototype is touched), and the validator then refuses them by
// name like any unknown field. Nesting is bounded: the tools' inputs nest three levels
// ({ items: [{ url }] }), and a body nested 300,000 deep is an attack on every recursive walk
// after the parser (validation, cloning, logging), so it is refused as invalid_json before any
// of them runs. The checks here are loops, never recursion.

/** Deepest nesting of objects and arrays a request may have. */
export const MAX_JSON_DEPTH = 32;

export const TOO_DEEP_MESSAGE =
  'The request body is not valid JSON for this service: objects and arrays nest deeper than ' +
  `${MAX_JSON_DEPTH} levels.`;

/** Whether JSON text opens more than `max` objects or arrays at once (strings are skipped). */
export function jsonTextTooDeep(text: string, max: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** Whether a parsed value nests objects and arrays more than `max` levels deep. */
export function jsonValueTooDeep(value: unknown, max: number = MAX_JSON_DEPTH): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (depth + 1 > max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, depth + 1]);
  }
  return false;
}

/** The error code a front end answers with 400 invalid_json. */
export const INVALID_JSON_BODY = 'URLKIT_INVALID_JSON';

/** A body that is not JSON this service takes. */
export class InvalidJsonBody extends Error {
  readonly statusCode = 400;
  readonly code = INVALID_JSON_BODY;
  constructor(message: string) {
    super(message);
    this.name = 'InvalidJsonBody';
  }
}

/** JSON text -> value; throws InvalidJsonBody for an empty, malformed or too deeply nested body. */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') throw new InvalidJsonBody('The request body is empty; send a JSON object.');
  if (jsonTextTooDeep(text)) throw new InvalidJsonBody(TOO_DEEP_MESSAGE);
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw new InvalidJsonBody(
      `The request body is not valid JSON: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
}
