// The only way urlkit reads HTML: its own tokenizer (tokenizer.ts) and tree construction
// (tree-construction.ts) build the domhandler tree the extractors read. Neither recurses, so
// hostile nesting cannot overflow the stack, and what the tree may hold is capped, so that a
// hostile page cannot hand the extractors a 100,000-deep tree, a million attributes or
// megabytes of attribute values.
import type { Document } from 'domhandler';
import { DomBuilder } from './dom-builder.js';
import { keepShapes, SHAPES_PAGE } from './kept-shapes.js';
import { PieceText, type PagePieces } from './page-pieces.js';
import { tokenize } from './tokenizer.js';
import { TreeConstruction } from './tree-construction.js';

export interface ParseOptions {
  /** Characters of HTML handed to the parser; the rest is dropped. @default 5_000_000 */
  maxChars?: number;
  /** Deepest element nesting kept; deeper elements are dropped but their text is kept in
   *  the deepest kept ancestor. @default 256 */
  maxDepth?: number;
  /** Attributes kept per element (first ones win). @default 64 */
  maxAttributes?: number;
  /** Characters kept per attribute value. @default 16_384 */
  maxAttributeChars?: number;
  /** Elements kept in the whole document; later ones are dropped, their text kept.
   *  @default 200_000 */
  maxElements?: number;
  xml?: boolean;
}

export const PARSE_DEFAULTS = {
  maxChars: 5_000_000,
  maxDepth: 256,
  maxAttributes: 64,
  maxAttributeChars: 16_384,
  maxElements: 200_000,
} as const;

/** The tree of a page given whole or in pieces (page-pieces.ts): the same tree either way. */
export function parseHtml(html: string | PagePieces, options: ParseOptions = {}): Document {
  return read(typeof html === 'string' ? [html] : html, options).dom.finish();
}

/** The tree builder and the tokenizer that read `html` (the tokenizer holds the tree
 *  construction, which holds the builder). */
function read(html: PagePieces, options: ParseOptions): { dom: DomBuilder; tokenizer: object } {
  const source = new PieceText(html, options.maxChars ?? PARSE_DEFAULTS.maxChars);
  const xml = options.xml ?? false;
  const dom = new DomBuilder({
    maxAttributes: options.maxAttributes ?? PARSE_DEFAULTS.maxAttributes,
    maxAttributeChars: options.maxAttributeChars ?? PARSE_DEFAULTS.maxAttributeChars,
    maxElements: options.maxElements ?? PARSE_DEFAULTS.maxElements,
  });
  const tree = new TreeConstruction(source, dom, options.maxDepth ?? PARSE_DEFAULTS.maxDepth, !xml);
  return { dom, tokenizer: tokenize(source.pieces, tree, xml) };
}

// One parse kept alive, so that a full collection between pages keeps the parser's compiled
// code (kept-shapes.ts says why).
const shapes = read([SHAPES_PAGE], {});

/** SHAPES_PAGE's document, parsed once at module load and kept: the extractors keep their own
 *  objects (a block builder, a content context) from this one document rather than parse the page
 *  again. No extraction changes a document's tree. */
export const SHAPES_DOCUMENT: Document = shapes.dom.finish();
keepShapes(shapes.tokenizer, SHAPES_DOCUMENT);
