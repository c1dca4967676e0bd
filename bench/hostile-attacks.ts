// The hostile pages of issue 31 that bench:hostile sends (rows that apply with the browser off
// and without Redis), and one of ours that needs the browser, as the calls a hostile caller makes.
import { fatChainUrl, followedFatChainUrl } from '../test/support/hostile-pages.js';

export interface Attack {
  row: string;
  what: string;
  tool: string;
  body(origin: string, call: number): unknown;
  /** The attacked site's page this row fetches (for --bytes-only and the site's figures). */
  page?: string;
  /** The row renders pages: the service runs with URLKIT_BROWSER (Chromium) for every row. */
  browser?: true;
  /** The hostile caller reads each answer's head and never its body (it keeps the connection). */
  unread?: true;
  /**
   * The hostile caller opens a connection, sends this many calls on it at once (HTTP/1.1
   * pipelining) and never reads it, then opens the next; its connections stay open to the end.
   */
  pipelined?: number;
  /**
   * The hostile caller makes no calls: it opens connections (this many a second) and sends
   * nothing on them, keeping every one the service does not close, up to the bench's own limit.
   */
  idleConnections?: number;
  /**
   * The hostile caller opens this many connections a second, on each sends a call's headers and
   * all of its body but the last byte (1 MiB, the body limit), and keeps every one the service
   * does not close, up to the bench's own limit.
   */
  heldBodies?: number;
  /** The hostile caller calls the tool over MCP (POST /mcp, stateless) instead of the JSON API. */
  mcp?: true;
  /** The hostile calls in flight, when the row sets them (else --hostile's). */
  inFlight?: number;
}

/** Rows "unread" and "held": a 100-item metadata batch with the text of /long's pages. */
function longBatch(origin: string, call: number): unknown {
  return {
    items: Array.from({ length: 100 }, (_, k) => `${origin}/long?call=${call}&item=${k}`),
    include_content: true,
  };
}

export const ATTACKS: Attack[] = [
  {
    row: '2',
    what: 'a 96 KiB page of "<a" (main-thread scan)',
    tool: 'clean_web_content',
    body: (o) => ({ url: `${o}/scan-bomb` }),
    page: '/scan-bomb',
  },
  {
    row: '4',
    what: '100-item metadata batches of distinct 10-hop redirect chains with 15 KB Locations',
    tool: 'get_url_metadata',
    body: (o, i) => ({ items: Array.from({ length: 100 }, (_, k) => fatChainUrl(o, `${i}-${k}`)) }),
  },
  {
    // Row 4's chains end at their first hop (a Location past MAX_URL_CHARS is not followed);
    // these are the longest that are followed, to the end.
    row: '4f',
    what: 'row 4 with 8 KB Locations, the longest followed',
    tool: 'get_url_metadata',
    body: (o, i) => ({
      items: Array.from({ length: 100 }, (_, k) => followedFatChainUrl(o, `${i}-${k}`)),
    }),
  },
  {
    row: '5',
    what: 'a 2.5 KB PDF that inflates to 1 GiB',
    tool: 'clean_web_content',
    body: (o, i) => ({ url: `${o}/pdf-bomb?call=${i}` }),
    page: '/pdf-bomb',
  },
  {
    row: 'br-bombs',
    what: '100-item metadata batches of brotli bombs (256 MiB of spaces, 16 MiB window), distinct URLs (ours)',
    tool: 'get_url_metadata',
    body: (o, i) => ({ items: Array.from({ length: 100 }, (_, k) => `${o}/br-bomb?call=${i}&item=${k}`) }),
    page: '/br-bomb',
  },
  {
    row: '6',
    what: 'about 5 MiB, then a byte every 5 s',
    tool: 'clean_web_content',
    body: (o, i) => ({ url: `${o}/slow-tail?call=${i}`, timeout: 60 }),
  },
  {
    row: '7',
    what: '40-item metadata batches (include_content) of 5 MiB pages',
    tool: 'get_url_metadata',
    body: (o, i) => ({
      items: Array.from({ length: 40 }, (_, k) => `${o}/heavy?call=${i}&item=${k}`),
      include_content: true,
    }),
    page: '/heavy',
  },
  {
    row: '10',
    what: '100-item batches to a host that answers in 14 s',
    tool: 'get_url_metadata',
    body: (o, i) => ({ items: Array.from({ length: 100 }, (_, k) => `${o}/slow?call=${i}&item=${k}`), timeout: 15 }),
  },
  {
    row: 'unread',
    what:
      '100-item metadata batches (include_content) of 400 KB pages, 4 at a time, ' +
      "each answer's head read and its body never (ours)",
    tool: 'get_url_metadata',
    body: longBatch,
    page: '/long',
    inFlight: 4,
    unread: true,
  },
  {
    row: 'pipelined',
    what:
      'clean_web_content of 400 KB pages (max_chars 1,000,000: answers of 0.4 MB), 32 pipelined on each ' +
      'connection, a new one every 0.5 s from each of 2 loops, none read (ours)',
    tool: 'clean_web_content',
    body: (o, i) => ({ url: `${o}/long?call=${i}`, max_chars: 1_000_000 }),
    page: '/long',
    inFlight: 2,
    pipelined: 32,
  },
  {
    row: 'connections',
    what: '1,000 connections opened a second that send nothing, kept open to the end, 12,000 at most (ours)',
    tool: 'check_url_status',
    body: (o) => ({ url: o }),
    inFlight: 1,
    idleConnections: 1000,
  },
  {
    row: 'bodies',
    what: '20 connections opened a second, each sending all but the last byte of a 1 MiB body, 600 at most (ours)',
    tool: 'check_url_status',
    body: (o) => ({ url: o }),
    inFlight: 1,
    heldBodies: 20,
  },
  {
    row: 'held',
    what: '100-item metadata batches (include_content) of 400 KB pages, read as they come (ours)',
    tool: 'get_url_metadata',
    body: longBatch,
    page: '/long',
  },
  {
    row: 'held-mcp',
    what: 'row held over MCP: the same batches as tools/call on POST /mcp (ours)',
    tool: 'get_url_metadata',
    body: longBatch,
    page: '/long',
    mcp: true,
  },
  {
    row: 'spin',
    what: 'rendered pages whose scripts spin every CPU they get (browser on)',
    tool: 'clean_web_index',
    body: (o, i) => ({ url: `${o}/spin?call=${i}`, render: 'always' }),
    page: '/spin',
    browser: true,
  },
];
