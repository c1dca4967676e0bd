// JSON-LD reading. Each <script type="application/ld+json"> is parsed on its own, so a
// broken one is skipped and the others still count. Nodes are flattened out of arrays and
// @graph so rules can ask "the first node that has X", preferring article-like nodes.
import { collapse, decodeEntities } from './text.js';

export type JsonLdNode = Record<string, unknown>;

/** Caps that keep a hostile page from making us walk an enormous structure. */
const MAX_NODES = 500;
const MAX_DEPTH = 8;

const PRIMARY_TYPES =
  /^(?:\w*Article|BlogPosting|LiveBlogPosting|Report|ScholarlyArticle|TechArticle|Review|Recipe|Product|Event|Course|Book|Movie|VideoObject|AudioObject|PodcastEpisode|Episode|CreativeWork|MediaObject|SoftwareApplication|JobPosting|QAPage|FAQPage|ProfilePage|ItemPage|Question|HowTo|Dataset)$/;
const PAGE_TYPES = /^(?:WebPage|CollectionPage|AboutPage|ContactPage|SearchResultsPage|ItemPage|MedicalWebPage)$/;

export interface JsonLd {
  /** Every node, article-like first, then pages, then the rest, each group in page order. */
  nodes: JsonLdNode[];
  /** Nodes by @id, so {"@id": "..."} references (Yoast-style @graph) can be followed. */
  byId: Map<string, JsonLdNode>;
}

export function parseJsonLd(scripts: string[]): JsonLd {
  const nodes: JsonLdNode[] = [];
  for (const raw of scripts) {
    const value = parseLenient(raw);
    if (value !== undefined) flatten(value, nodes, 0);
  }
  // Article-like nodes answer first, then pages, then anything else (Organization, WebSite...).
  const rank = (n: JsonLdNode) =>
    types(n).some((t) => PRIMARY_TYPES.test(t)) ? 0 : types(n).some((t) => PAGE_TYPES.test(t)) ? 1 : 2;
  const byId = new Map<string, JsonLdNode>();
  for (const n of nodes) {
    const id = n['@id'];
    if (typeof id !== 'string' || Object.keys(n).length <= 1) continue;
    // The first node of that @id, unless it is a partial copy without a name and a later one has it.
    const had = byId.get(id);
    if (!had || (had.name === undefined && n.name !== undefined)) byId.set(id, n);
  }
  const sorted = nodes
    .map((n, i) => ({ n, i, r: rank(n) }))
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .map((x) => x.n);
  return { nodes: sorted, byId };
}

/** Follows a bare {"@id": "..."} reference to the node it names, when the page has it. */
export function deref(value: unknown, ld: JsonLd): unknown {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const o = value as JsonLdNode;
    if (typeof o['@id'] === 'string' && Object.keys(o).length === 1) return ld.byId.get(o['@id']) ?? value;
  }
  return value;
}

function parseLenient(raw: string): unknown {
  // Real pages wrap JSON-LD in HTML comments or CDATA, and leave trailing commas.
  const text = raw
    .trim()
    .replace(/^(?:<!--|<!\[CDATA\[|\/\/\s*<!\[CDATA\[)\s*/, '')
    .replace(/\s*(?:-->|\]\]>|\/\/\s*\]\]>)$/, '')
    // A statement's semicolon left after the object ("{...};").
    .replace(/;\s*$/, '');
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    try {
      // Raw control characters inside strings are invalid JSON but common; so are trailing commas.
      // eslint-disable-next-line no-control-regex
      return JSON.parse(text.replace(/[\u0000-\u001f]+/g, ' ').replace(/,\s*([}\]])/g, '$1'));
    } catch {
      // Several objects written one after the other in one script ("{...}{...}", "{...}\n{...}"): a list of them.
      if (!/^\{[\s\S]*\}\s*\{[\s\S]*\}$/.test(text)) return undefined;
      try {
        return JSON.parse(`[${text.replace(/[\u0000-\u001f]+/g, ' ').replace(/\}\s*\{(?=\s*")/g, '},{')}]`);
      } catch {
        return undefined;
      }
    }
  }
}

function flatten(value: unknown, out: JsonLdNode[], depth: number): void {
  if (out.length >= MAX_NODES || depth > MAX_DEPTH || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const v of value) flatten(v, out, depth + 1);
    return;
  }
  const node = value as JsonLdNode;
  if (Array.isArray(node['@graph'])) flatten(node['@graph'], out, depth + 1);
  if (Object.keys(node).some((k) => !k.startsWith('@'))) out.push(node);
  // mainEntity of a WebPage is usually the article itself.
  if (node.mainEntity && typeof node.mainEntity === 'object') flatten(node.mainEntity, out, depth + 1);
}

export function types(node: JsonLdNode): string[] {
  const t = node['@type'];
  if (typeof t === 'string') return [t.replace(/^.*[/#:]/, '')];
  if (Array.isArray(t))
    return t.filter((x): x is string => typeof x === 'string').map((x) => x.replace(/^.*[/#:]/, ''));
  return [];
}

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
  if (depth > 4) return [];
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
  if (depth > 4) return null;
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

export function isType(node: JsonLdNode, pattern: RegExp): boolean {
  return types(node).some((t) => pattern.test(t));
}
