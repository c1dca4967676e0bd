// Values read out of JSON-LD nodes for the metadata rules: plain text, names (a Person's or
// Organization's, references followed), URLs (an ImageObject's), the first node that has one.
import { deref, type JsonLd, type JsonLdNode } from '../page/json-ld.js';
import { collapse, decodeEntities } from './text.js';
import { MAX_LD_VALUE_DEPTH } from './thresholds.js';

/** A plain text value: strings, numbers, {@value}, or the first of an array of those. */
export function textOf(value: unknown): string | null {
  if (typeof value === 'string') {
    const s = collapse(decodeEntities(value));
    return s === '' ? null : s;
  }
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    for (const v of value) {
      const s = textOf(v);
      if (s) return s;
    }
    return null;
  }
  if (value && typeof value === 'object' && '@value' in value) return textOf((value as JsonLdNode)['@value']);
  return null;
}

/** A name: a string, or an object's name (Person, Organization), or several joined. */
export function namesOf(value: unknown, ld: JsonLd, depth = 0): string[] {
  if (depth > MAX_LD_VALUE_DEPTH) return [];
  value = deref(value, ld);
  if (typeof value === 'string') {
    const s = textOf(value);
    return s ? [s] : [];
  }
  if (Array.isArray(value)) return value.flatMap((v) => namesOf(v, ld, depth + 1));
  if (value && typeof value === 'object') {
    const o = value as JsonLdNode;
    // {"@type": "Person", "@id": "#jane", "url": "..."}: a partial copy of a node the page
    // describes in full elsewhere; its name is there.
    const s = textOf(o.name) ?? (o.name === undefined ? textOf(fullNode(o, ld)?.name) : null);
    return s ? [s] : [];
  }
  return [];
}

/** The full node a partial one names by its @id ({"@id": "#x", "@type": "Person"}), if another. */
function fullNode(o: JsonLdNode, ld: JsonLd): JsonLdNode | null {
  const id = o['@id'];
  if (typeof id !== 'string') return null;
  const full = ld.byId.get(id);
  return full && full !== o ? full : null;
}

/** A URL-ish value: a string, an ImageObject's url/contentUrl, or the first of an array. */
export function urlOf(value: unknown, ld: JsonLd, depth = 0): string | null {
  // References can form cycles ({"url": {"@id": self}}): the depth bound ends them.
  if (depth > MAX_LD_VALUE_DEPTH) return null;
  value = deref(value, ld);
  if (typeof value === 'string') return decodeEntities(value).trim() || null;
  if (Array.isArray(value)) {
    for (const v of value) {
      const s = urlOf(v, ld, depth + 1);
      if (s) return s;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    const o = value as JsonLdNode;
    // An unresolved @id is an identifier, not necessarily a fetchable address: not used.
    const full = o.url === undefined && o.contentUrl === undefined ? fullNode(o, ld) : null;
    return (
      urlOf(o.url, ld, depth + 1) ?? urlOf(o.contentUrl, ld, depth + 1) ?? (full ? urlOf(full, ld, depth + 1) : null)
    );
  }
  return null;
}

/** The first node (in preference order) for which pick() gives a value. */
export function firstFrom<N, T>(nodes: readonly N[], pick: (node: N) => T | null): T | null {
  for (const n of nodes) {
    const v = pick(n);
    if (v !== null && v !== undefined) return v;
  }
  return null;
}
