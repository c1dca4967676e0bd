// A markdown body (text/markdown) read as the page it stands for: the HTML a markdown renderer
// prints from it (CommonMark with GitHub's tables, strikethrough, task lists, footnotes and bare
// links), under the title its YAML front matter declares. The cleaners read that page whole
// (workers/clean-markdown.ts), the metadata tool what the front matter declares.
//
// markdown-it, not micromark: micromark's emphasis resolution is quadratic on a hostile line
// ("*a" repeated 512 Ki times did not finish in five minutes), where markdown-it reads every
// adversarial shape tried within 1.3 s a MiB (markdown-document.test.ts reads such shapes).
import type { Document } from 'domhandler';
import { createRequire } from 'node:module';
import type { MarkdownIt, Token } from 'markdown-it';
import { escapeText } from 'entities';
import { parseHtml } from '../../parse/parse-html.js';
import { textValue } from '../../util/text-value.js';

type Plugin = (md: MarkdownIt) => void;

interface Reader {
  markdown: MarkdownIt;
  yaml: typeof import('yaml');
}

let reader: Reader | null = null;

/**
 * The renderer and the YAML parser, loaded by the first markdown document a worker reads: they cost
 * about 35 ms and 2 MiB a worker to load, and most workers never meet one. The plugins are CommonJS
 * modules whose types are missing (footnotes, task lists) or written for an older markdown-it (front
 * matter's import 'markdown-it/lib'): each is loaded as the plugin it is.
 */
function markdownReader(): Reader {
  if (reader) return reader;
  const require = createRequire(import.meta.url);
  const markdownIt = require('markdown-it') as typeof import('markdown-it').default;
  const frontMatter = require('markdown-it-front-matter') as (md: MarkdownIt, onMatter: (yaml: string) => void) => void;
  const markdown = markdownIt({
    // Raw HTML in a markdown document is part of it (a <details>, a <kbd>, a table): it goes to the
    // same parser and the same reading as a page's, where scripts and styles are never text.
    html: true,
    linkify: true,
  })
    .use(require('markdown-it-footnote') as Plugin)
    // The front matter is kept as a token (read below), not printed: its callback has nothing to do.
    .use(frontMatter, () => undefined)
    .use(require('markdown-it-task-lists') as Plugin);
  reader = { markdown, yaml: require('yaml') as typeof import('yaml') };
  return reader;
}

export interface MarkdownPage {
  /** The HTML page, its <title> the front matter's title. */
  doc: Document;
  /** The YAML front matter's keys; empty without one, or when it is not a YAML mapping. */
  matter: Record<string, unknown>;
}

/** The page a markdown document stands for, parsed as HTML, and what its front matter declares. */
export function markdownPage(source: string): MarkdownPage {
  const { markdown, yaml } = markdownReader();
  const tokens = markdown.parse(source, {});
  const block = tokens.find((t) => t.type === 'front_matter');
  const matter = typeof block?.meta === 'string' ? frontMatter(yaml, block.meta) : {};
  const title = textValue(matter.title);
  capCopiedAddresses(tokens, source.length + COPIED_ADDRESS_CHARS);
  const body = markdown.renderer.render(tokens, markdown.options, {});
  const head = title ? `<title>${escapeText(title)}</title>` : '';
  const doc = parseHtml(`<!doctype html><html><head>${head}</head><body>${body}</body></html>`);
  return { doc, matter };
}

/** Beyond the document's own length, the characters of addresses and titles its reference links may
 *  copy into the page. */
const COPIED_ADDRESS_CHARS = 1 << 20;

/**
 * A reference link (`[a]`, defined once as `[a]: <address> "title"`) prints its address and title at
 * each use: a 100 KB address used 5,000 times in a 120 KB document rendered as 500 MB of HTML. Past
 * `budget` characters of addresses and titles in all, a link is read as its words and a picture as
 * its alt text, so that the page is at most about twice the budget whatever the document.
 */
function capCopiedAddresses(tokens: Token[], budget: number): void {
  let spent = 0;
  for (const block of tokens) {
    for (const t of block.children ?? []) {
      if (t.type !== 'link_open' && t.type !== 'image') continue;
      for (const [, value] of t.attrs ?? []) if (typeof value === 'string') spent += value.length;
      if (spent <= budget) continue;
      t.attrs = null;
      // An image token's content is its alt text.
      if (t.type === 'image') t.type = 'text';
    }
  }
}

/** The YAML front matter as a mapping; empty for anything else or bad YAML. */
function frontMatter(yaml: Reader['yaml'], source: string): Record<string, unknown> {
  try {
    // yaml's alias limit (maxAliasCount) keeps a hostile front matter's expansion bounded. Its
    // warnings (an unknown tag) are not logged: a stranger's document would write to our stderr.
    const data: unknown = yaml.parse(source, { logLevel: 'error' });
    return data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
