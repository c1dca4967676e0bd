// What a model reads when it chooses a tool. The registry's description is written for the
// /docs page (what the tool does); an agent also needs to know when NOT to pick it and which
// sibling to pick instead, as the interface's table of operations says. Keyed by tool name so
// the schemas, names and behaviour still come from the registry alone.
import type { Tool } from '../tools/types.js';

export interface ModelFacing {
  /** Short human title (MCP annotations.title and tool title). */
  title: string;
  /** When to use it, what it returns, what it is not for. */
  description: string;
  /** How the text content is written: the cleaned document, or compact JSON of the results. */
  text: 'document' | 'json';
  /** Same arguments give the same kind of answer with no extra effect on the target (MCP idempotentHint). */
  idempotent: boolean;
}

const FACING: Record<string, ModelFacing> = {
  clean_web_index: {
    title: 'Read a homepage or hub page',
    text: 'document',
    idempotent: true,
    description: [
      'Fetches a homepage, section front, category, tag or listing page and returns its readable text in document ' +
        'order: headings, teasers and link lists, each link inline as [text](absolute URL).',
      'Use it to see what a site or section currently offers and to find the URLs of individual pages to read next.',
      'Not for a single article or document: use clean_web_content for that. It does not return a structured link ' +
        'list (the links are inline in the text), and it is not a crawler: one URL per call.',
      'Long pages come in parts: set max_tokens (or max_chars) to your budget; when meta.next_start is a number ' +
        'the content was cut at a block boundary, and calling again with the same arguments plus start set to ' +
        'meta.next_start returns the next part (the parts join into the whole page). meta.tokens is the token ' +
        'count of what came back.',
      'Per-URL failures (blocked address, DNS, timeout, not HTML) come back as results[].meta.error with a code, ' +
        'not as a failed call.',
    ].join(' '),
  },
  clean_web_content: {
    title: 'Read the main text of a web page',
    text: 'document',
    idempotent: true,
    description: [
      'Fetches one article, blog post, documentation or other single-page URL and returns its main text as plain ' +
        'text or markdown, without navigation, headers, footers, sidebars, comments, share bars, related links ' +
        'or cookie banners.',
      'Use it to read or quote what a page says.',
      'Not for homepages or hubs (use clean_web_index) and it does not return a link inventory. It reads the HTML ' +
        'the server delivers; JavaScript is not run, so pages that only render in a browser come back with ' +
        'little or no text.',
      'Long pages come in parts: set max_tokens (or max_chars) to your budget; when meta.next_start is a number ' +
        'the content was cut at a block boundary, and calling again with the same arguments plus start set to ' +
        'meta.next_start returns the next part (the parts join into the whole page). meta.tokens is the token ' +
        'count of what came back.',
      'Per-URL failures come back as results[].meta.error with a code, not as a failed call.',
    ].join(' '),
  },
  get_url_metadata: {
    title: 'Get page metadata (title, description, Open Graph, favicon)',
    text: 'json',
    idempotent: true,
    description: [
      'Fetches page metadata for one URL or a batch of up to 100: title, description, Open Graph and Twitter data, ' +
        'favicon, canonical URL, language, feeds, author and dates, plus HTTP status and content type.',
      'Use it to label, preview or triage links, or to check many URLs at once. Send either `url` (one page) or ' +
        '`items` (a list), never both; results come back in request order.',
      'It does not return the article text unless include_content is true (max_tokens then bounds it; to read a ' +
        "long page in parts use clean_web_content instead), and it does not return a list of the page's links.",
      'Per-URL failures come back as results[].meta.error with a code; a batch reports progress when the client ' +
        'asks for it.',
    ].join(' '),
  },
  check_url_status: {
    title: 'Check whether a URL is live',
    text: 'json',
    idempotent: true,
    description: [
      'Probes a URL (HEAD, falling back to GET without reading the body) and reports the live HTTP status, ok, ' +
        'final URL after redirects, the redirect chain, content type, whether it is HTML, content length and ' +
        'response time.',
      'Use it to check that a link works or where it redirects before reading it.',
      'It does not return the page body or any of its text: use clean_web_content or get_url_metadata for that.',
      'Network failures (DNS, refused, timeout) are data: ok false with the reason.',
    ].join(' '),
  },
};

/** The model-facing text of a tool; a tool added to the registry later falls back to its docs text. */
export function modelFacing(tool: Tool<unknown>): ModelFacing {
  return (
    FACING[tool.name] ?? {
      title: tool.summary,
      description: `${tool.summary} ${tool.description}`,
      text: 'json',
      idempotent: true,
    }
  );
}

/** Tool names that have model-facing text written for them (a test keeps this in step with the registry). */
export const DESCRIBED_TOOLS: readonly string[] = Object.keys(FACING);
