// The one JSON-LD reader of the extractor (content, page type and metadata read the page's
// declarations through it). Each <script type="application/ld+json"> is parsed on its own, so a
// broken one is skipped and the others still count, and it is read as tolerantly as pages need:
// an HTML comment or CDATA wrapper, a statement's semicolon after the object, raw control
// characters in strings, trailing commas, several objects written one after the other. Nodes
// are flattened out of arrays, @graph and a page's mainEntity so rules can ask "the first node
// that has X", article-like nodes first. The work is bounded: parsing is linear in the script's
// length, and the walk stops at MAX_LD_NODES nodes and MAX_LD_DEPTH levels (metadata/thresholds.ts).
import { MAX_LD_DEPTH, MAX_LD_NODES } from '../metadata/thresholds.js';

export type JsonLdNode = Record<string, unknown>;

export interface JsonLd {
  /** Every node, article-like first, then pages, then the rest, each group in page order. */
  nodes: JsonLdNode[];
  /** Nodes by @id, so {"@id": "..."} references (Yoast-style @graph) can be followed. */
  byId: Map<string, JsonLdNode>;
}

const PRIMARY_TYPES =
  // eslint-disable-next-line max-len -- one pattern or word list, kept whole
  /^(?:\w*Article|BlogPosting|LiveBlogPosting|Report|Review|Recipe|Product|Event|Course|Book|Movie|VideoObject|AudioObject|PodcastEpisode|Episode|CreativeWork|MediaObject|SoftwareApplication|JobPosting|QAPage|FAQPage|ProfilePage|ItemPage|Question|HowTo|Dataset)$/;
const PAGE_TYPES = /^(?:WebPage|CollectionPage|AboutPage|ContactPage|SearchResultsPage|ItemPage|MedicalWebPage)$/;

/** The nodes of every script, ranked, with the @id index. */
export function readJsonLd(scripts: readonly string[]): JsonLd {
  const nodes: JsonLdNode[] = [];
  for (const raw of scripts) {
    const value = parseJsonLdScript(raw);
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

/** One script's value, read tolerantly; undefined when nothing in it reads as JSON. */
export function parseJsonLdScript(raw: string): unknown {
  const text = unwrapped(raw);
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    // Raw control characters inside strings are invalid JSON but common; so are trailing commas.
    const spaced = text.replace(CONTROL_RUNS, ' ');
    try {
      return JSON.parse(spaced.replace(TRAILING_COMMA, '$1'));
    } catch {
      // Several objects written one after the other in one script ("{...}{...}", "{...}\n{...}"): a list of them.
      if (!text.startsWith('{') || !text.endsWith('}') || !OBJECTS_MEET.test(text)) return undefined;
      try {
        return JSON.parse(`[${spaced.replace(NEXT_OBJECT, '},{')}]`);
      } catch {
        return undefined;
      }
    }
  }
}

// eslint-disable-next-line no-control-regex -- the control characters are what is replaced
const CONTROL_RUNS = /[\u0000-\u001f]+/g;
const TRAILING_COMMA = /,\s*([}\]])/g;
const OBJECTS_MEET = /\}\s*\{/;
const NEXT_OBJECT = /\}\s*\{(?=\s*")/g;

/**
 * The script's text without what real pages wrap JSON-LD in: an HTML comment or CDATA
 * section ("<!-- {...} -->", "//<![CDATA[ {...} //]]>") and a statement's semicolon ("{...};").
 */
function unwrapped(raw: string): string {
  let t = raw.trim();
  if (t.startsWith('<!--')) t = t.slice(4).trimStart();
  else if (t.startsWith('<![CDATA[')) t = t.slice(9).trimStart();
  else if (t.startsWith('//') && t.slice(2).trimStart().startsWith('<![CDATA['))
    t = t.slice(2).trimStart().slice(9).trimStart();
  if (t.endsWith('-->')) t = t.slice(0, -3).trimEnd();
  else if (t.endsWith(']]>')) {
    t = t.slice(0, -3).trimEnd();
    if (t.endsWith('//')) t = t.slice(0, -2).trimEnd();
  }
  const end = t.trimEnd();
  return end.endsWith(';') ? end.slice(0, -1) : t;
}

function flatten(value: unknown, out: JsonLdNode[], depth: number): void {
  if (out.length >= MAX_LD_NODES || depth > MAX_LD_DEPTH || value === null || typeof value !== 'object') return;
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

/** A node's @type names without their vocabulary prefix ("http://schema.org/Article" -> "Article"). */
export function types(node: JsonLdNode): string[] {
  const t = node['@type'];
  if (typeof t === 'string') return [t.replace(/^.*[/#:]/, '')];
  if (Array.isArray(t))
    return t.filter((x): x is string => typeof x === 'string').map((x) => x.replace(/^.*[/#:]/, ''));
  return [];
}

export function isType(node: JsonLdNode, pattern: RegExp): boolean {
  return types(node).some((t) => pattern.test(t));
}

/** Follows a bare {"@id": "..."} reference to the node it names, when the page has it. */
export function deref(value: unknown, ld: JsonLd): unknown {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const o = value as JsonLdNode;
    if (typeof o['@id'] === 'string' && Object.keys(o).length === 1) return ld.byId.get(o['@id']) ?? value;
  }
  return value;
}
