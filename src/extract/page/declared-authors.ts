// The people a page declares as its writers: the `author` of its JSON-LD nodes and its
// `<meta name="author">`, each read as the metadata fetcher reads a byline (cleanAuthor: roles,
// dates and "and" dropped, names split). Only full names of people are kept (two to four
// capitalised words: "Jane Doe", "Mary J. Roe"): a site or a team that signs a page ("QCY
// Official", "HR Cloud", "ServiceTitan") is not a person whose bio closes an article.
import type { Document, Element } from 'domhandler';
import { attribute } from '../../parse/nodes.js';
import { findElement, isElement, textContent } from '../dom/walk.js';
import { cleanAuthor } from '../metadata/author-names.js';
import { namesOf } from '../metadata/json-ld-values.js';
import { readJsonLd } from './json-ld.js';

/** A word of a person's name: a capital and lower-case letters, or an initial ("J."). A short
 *  particle may be joined to it with its own capital ("McDonald", "DeSantis", "SanSone"). */
const NAME_WORD = /^(?:(?:\p{Lu}\p{Ll}{1,3})?\p{Lu}[\p{Ll}'’-]*\p{Ll}|\p{Lu}\.)$/u;
const MIN_WORDS = 2;
const MAX_WORDS = 4;

/** The full names of the people the page declares as its authors, in no particular order. */
export function declaredAuthors(doc: Document, jsonLdScripts: readonly Element[]): string[] {
  const raw: string[] = [];
  if (jsonLdScripts.length > 0) {
    const ld = readJsonLd(jsonLdScripts.map((s) => textContent(s)));
    for (const node of ld.nodes) if (node.author !== undefined) raw.push(...namesOf(node.author, ld));
  }
  const head = findElement(doc, (el) => el.name === 'head' || el.name === 'body');
  if (head?.name === 'head') {
    for (const el of head.children) {
      if (!isElement(el) || el.name !== 'meta') continue;
      if ((attribute(el, 'name') ?? '').toLowerCase() === 'author') raw.push(attribute(el, 'content') ?? '');
    }
  }
  const names = new Set<string>();
  for (const r of raw) {
    for (const name of (cleanAuthor(r) ?? '').split(', ')) {
      const words = name.split(' ');
      if (words.length >= MIN_WORDS && words.length <= MAX_WORDS && words.every((w) => NAME_WORD.test(w)))
        names.add(name);
    }
  }
  return [...names];
}
