// Hostile pages that go after memory (issue 31 rows 4, 5 and 13), as builders shared by the
// regression tests and the benches (bench:hostile, bench:cache-memory, bench:pdf-bomb):
//   - a redirect chain whose every hop carries a long Location (15 KB in the issue), ending in a
//     200 with 14 KB of headers and a 2-byte body: a cache entry that is nearly all URLs and headers;
//   - a 2.5 KB PDF whose content stream is two layers of FlateDecode over 1 GiB of spaces;
//   - a page whose script allocates 128 MiB typed arrays in a loop (for a browser render).
import http from 'node:http';
import { createDeflate, deflateSync } from 'node:zlib';
import { MAX_URL_CHARS } from '../../src/fetch/url-policy.js';

/** Defaults of the reproduction in issue 31 row 4. */
export const FAT_CHAIN = { hops: 10, locationBytes: 15_000, headerBytes: 14_000 };

/**
 * The longest Location of a fat chain that the service still follows (8,000): with the origin (a
 * loopback one, well under 192 characters) the URL stays within MAX_URL_CHARS. The issue's 15 KB
 * ones end the fetch at the first hop.
 */
export const FOLLOWED_LOCATION_BYTES = MAX_URL_CHARS - 192;

/**
 * Answers `/fat[<L>]/<id>/<n>` (n redirects to go) and returns true, or returns false for any
 * other path. Each redirect's Location is padded to L bytes (else `locationBytes`) with a query
 * string, so the URL of every later hop is that long too; the last answer is a 200 with
 * `headerBytes` of headers (14 headers of about 1 KB) and the body `ok`. Distinct ids make
 * distinct cache entries.
 */
export function serveFatChain(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  opts: Partial<typeof FAT_CHAIN> = {},
): boolean {
  const { locationBytes, headerBytes } = { ...FAT_CHAIN, ...opts };
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  const m = /^\/fat(\d*)\/([\w-]+)\/(\d+)$/.exec(path);
  if (!m) return false;
  const n = Number(m[3]);
  if (n > 0) {
    const next = `/fat${m[1]}/${m[2]}/${n - 1}?pad=`;
    const bytes = m[1] ? Number(m[1]) : locationBytes;
    res.writeHead(302, { location: next + 'p'.repeat(Math.max(0, bytes - next.length)) });
    res.end();
    return true;
  }
  const headers: Record<string, string> = { 'content-type': 'text/plain; charset=utf-8', 'content-length': '2' };
  const each = 1000;
  for (let i = 0; i * each < headerBytes; i++)
    headers[`x-fill-${i}`] = 'h'.repeat(Math.min(each, headerBytes - i * each));
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : 'ok');
  return true;
}

/**
 * The first URL of a fat chain on `origin` (`hops` redirects before the 200), with Locations of
 * `locationBytes` when given, else of what the server was told (serveFatChain's options).
 */
export function fatChainUrl(
  origin: string,
  id: string | number,
  hops = FAT_CHAIN.hops,
  locationBytes?: number,
): string {
  return `${origin}/fat${locationBytes ?? ''}/${id}/${hops}`;
}

/** The first URL of a fat chain of FAT_CHAIN's hops with the longest Locations followed. */
export function followedFatChainUrl(origin: string, id: string | number): string {
  return fatChainUrl(origin, id, FAT_CHAIN.hops, FOLLOWED_LOCATION_BYTES);
}

const pdfBombs = new Map<number, Promise<Buffer>>();

/**
 * A one-page PDF (about 2.5 KB for 1 GiB) whose content stream is `Flate(Flate(spaces))`:
 * `mib` MiB of spaces once both layers are decoded, then one line of text so that a reader
 * that survives shows it. Built once per size, streaming (never holding the spaces).
 */
export function pdfBomb(mib = 1024): Promise<Buffer> {
  let built = pdfBombs.get(mib);
  if (!built) {
    built = buildPdfBomb(mib);
    pdfBombs.set(mib, built);
  }
  return built;
}

async function buildPdfBomb(mib: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (c: Buffer) => parts.push(c));
  const done = new Promise<void>((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  const spaces = Buffer.alloc(1024 * 1024, 0x20);
  for (let i = 0; i < mib; i++) {
    if (!deflate.write(spaces)) await new Promise((r) => deflate.once('drain', r));
  }
  deflate.end(Buffer.from('\nBT /F1 12 Tf 72 720 Td (After the spaces) Tj ET\n'));
  await done;
  const stream = deflateSync(Buffer.concat(parts), { level: 9 });
  return pdfWithContent(stream, '/Filter [/FlateDecode /FlateDecode]');
}

/** A one-page PDF with `content` as its page's content stream (already encoded by `filter`). */
export function pdfWithContent(content: Buffer, filter: string): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    null,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const chunks: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = chunks[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(offset);
    const piece =
      body === null
        ? Buffer.concat([
            Buffer.from(`${i + 1} 0 obj\n<< /Length ${content.length} ${filter} >>\nstream\n`),
            content,
            Buffer.from('\nendstream\nendobj\n'),
          ])
        : Buffer.from(`${i + 1} 0 obj\n${body}\nendobj\n`);
    chunks.push(piece);
    offset += piece.length;
  });
  const xref =
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${offset}\n%%EOF\n`;
  chunks.push(Buffer.from(xref));
  return Buffer.concat(chunks);
}

/**
 * An HTML page whose script keeps allocating `mib` MiB typed arrays (touched, so the memory is
 * really used) until `totalMib` is held, a few allocations per task so the page stays
 * responsive. It writes what it managed: "Held N MiB" at the end, or "Allocation failed after
 * N MiB" when an allocation is refused. Without a memory cap a render holds all of it.
 */
export function typedArrayHogPage(mib = 128, totalMib = 4096): string {
  return `<!doctype html><html><head><title>Hog</title></head><body><main id="m"></main>
<script>
const held = [];
let total = 0;
const say = (text) => { document.getElementById('m').innerHTML = '<h1>Typed arrays</h1><p>' + text + '</p>'; };
function step() {
  try {
    for (let i = 0; i < 2 && total < ${totalMib}; i++) {
      const a = new Uint8Array(${mib} * 1024 * 1024);
      a.fill(1);
      held.push(a);
      total += ${mib};
    }
  } catch (e) {
    return say('Allocation failed after ' + total + ' MiB.');
  }
  if (total < ${totalMib}) setTimeout(step, 0);
  else say('Held ' + total + ' MiB.');
}
step();
</script></body></html>`;
}

/** When objectHogPage's script fills the heap. */
export type HogWhen = 'loading' | 'after load' | 'while a request is pending';

/**
 * An HTML page whose script fills the JavaScript heap with `mib` MiB of 32 MiB arrays (V8 heap
 * objects, unlike a typed array's buffer) in one go, then says "Held N arrays": while the page
 * loads (its inline script), or once it has loaded (a timer after its load event, so the render is
 * past its navigation and reading the DOM when the renderer gives out), or 1.5 s after it has
 * loaded while a request to `/slow` (which the page gave up on, and which its site must answer
 * slowly) is still being fetched; its site must also answer `/slow-seen` once `/slow` has come.
 * Past a memory cap the renderer cannot grow its heap and crashes, about as soon as it gets there:
 * the collector has a few large arrays to look through. Millions of small objects took it from
 * 2 to over 20 s to give up at the same cap, each collection marking them all again.
 */
export function objectHogPage(
  mib = 2048,
  when: 'loading' | 'after load' | 'while a request is pending' = 'loading',
): string {
  const hog = `const held = [];
for (let i = 0; i < ${mib} / 32; i++) held.push(new Array(4 * 1024 * 1024).fill(i));
document.getElementById('m').innerHTML = '<h1>Objects</h1><p>Held ' + held.length + ' arrays.</p>';`;
  const script =
    when === 'loading'
      ? hog
      : when === 'after load'
        ? `addEventListener('load', () => setTimeout(() => {\n${hog}\n}, 0));`
        : // The page gives up on a request once its site has it (/slow-seen answers then), which
          // the browser counts as ended (its network falls idle) while the render still has it in
          // hand: the render is waiting for quiet. Given up on sooner, on a loaded machine, the
          // render may never see the request, fall quiet and read the page before it fills.
          `addEventListener('load', () => {
  const giveUp = new AbortController();
  fetch('/slow', { signal: giveUp.signal }).catch(() => {});
  fetch('/slow-seen').then(() => {
    giveUp.abort();
    setTimeout(() => {\n${hog}\n}, 1500);
  });
});`;
  return `<!doctype html><html><head><title>Objects</title></head><body><main id="m"></main>
<script>
${script}
</script></body></html>`;
}

/**
 * A page that frames `frames` (URLs of other sites, each serving frameAllocPage) and writes how
 * much they held in all once each has said: "Frames held N MiB in all." Without site isolation
 * switched off, every cross-site frame gets a renderer (and a memory cap) of its own.
 */
export function framingPage(frames: readonly string[]): string {
  return `<!doctype html><html><head><title>Frames</title></head><body><main id="m"></main>
${frames.map((src) => `<iframe src="${src}"></iframe>`).join('\n')}
<script>
let said = 0;
let total = 0;
addEventListener('message', (e) => {
  total += Number(e.data && e.data.held) || 0;
  if (++said === ${frames.length})
    document.getElementById('m').innerHTML = '<h1>Frames</h1><p>Frames held ' + total + ' MiB in all.</p>';
});
</script></body></html>`;
}

/** A framed page that allocates `mib` MiB in 32 MiB typed arrays and tells its parent how much it held. */
export function frameAllocPage(mib = 160): string {
  return `<!doctype html><html><body><p>frame</p><script>
const held = [];
let total = 0;
try {
  while (total < ${mib}) {
    held.push(new Uint8Array(32 * 1024 * 1024).fill(3));
    total += 32;
  }
} catch (e) {}
parent.postMessage({ held: total }, '*');
</script></body></html>`;
}

/** A page that opens `windows` (URLs of other sites), `noopener` and not, then says it did. */
export function windowsPage(windows: readonly string[]): string {
  return `<!doctype html><html><head><title>Windows</title></head><body><main id="m"></main><script>
${JSON.stringify(windows)}.forEach((url, i) => window.open(url, '_blank', i % 2 ? '' : 'noopener'));
document.getElementById('m').innerHTML = '<h1>Windows</h1><p>Opened ${windows.length} windows.</p>';
</script></body></html>`;
}
