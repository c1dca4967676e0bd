// Pages the browser tests and benches render from a loopback site: an ordinary script-built page,
// one whose Blobs grow the browser process (a Blob's bytes are kept by the browser process, not by
// the renderer that made it, so outside the renderer's memory cap), and pages whose network never
// falls quiet.

/** A statement (in a page's script) that fills #m with the heading and three stories. */
export const BUILD_STORIES =
  "const story = (n) => '<li><a href=\"/story/' + n + '\">Story number ' + n + ' of the harbour</a></li>';" +
  "document.getElementById('m').innerHTML = '<h1>Harbour news</h1><ul>' + [1, 2, 3].map(story).join('') + '</ul>';";

/** A page whose script builds a short list of stories; its text holds "Story number 3 of the harbour". */
export const ORDINARY_PAGE =
  '<!doctype html><html><head><title>Harbour news</title></head><body><main id="m"></main><script>' +
  BUILD_STORIES +
  '</script></body></html>';

/**
 * ORDINARY_PAGE kept open by a request to `path` until it is answered (the site answers it late):
 * a page that is still rendering when something else happens to its browser. `tagged`: the
 * request's query says which load of the page sent it (`?load=` a random number), so the site can
 * tell a page rendered again from the same request tried again (the render's fetch retries one
 * whose headers are late).
 */
export function ordinaryPageWaitingOn(path: string, tagged = false): string {
  const url = tagged ? `'${path}?load=' + Math.random()` : `'${path}'`;
  return ORDINARY_PAGE.replace('</body>', `<script>fetch(${url}).catch(() => {});</script></body>`);
}

/**
 * A page that makes `mib` MiB Blobs until it holds `totalMib` or is refused, and says how far it
 * got. It fetches `/late`, which the site should answer late: a request in flight keeps the page
 * from falling quiet, so it stays open to its deadline instead of being read once loaded.
 */
export function blobHogPage(mib = 8, totalMib = 2048): string {
  return `<!doctype html><html><head><title>Blobs</title></head><body><main id="m"></main>
<script>
fetch('/late').catch(() => {});
const held = [];
let total = 0;
const say = (text) => { document.getElementById('m').innerHTML = '<h1>Blobs</h1><p>' + text + '</p>'; };
function step() {
  try {
    held.push(new Blob([new Uint8Array(${mib} * 1024 * 1024).fill(2)]));
    total += ${mib};
  } catch (e) {
    return say('Blob refused after ' + total + ' MiB.');
  }
  if (total < ${totalMib}) setTimeout(step, 0);
  else say('Held ' + total + ' MiB of Blobs.');
}
step();
</script></body></html>`;
}

/**
 * A page that says it is loading, then builds ORDINARY_PAGE's stories once `path` answers (the
 * site answers it late): what a render read early, or from an old copy, would show is the
 * loading line, which holds no "Story number".
 */
export function pageLoadingFrom(path: string): string {
  return (
    '<!doctype html><html><head><title>Harbour news</title></head><body><main id="m">' +
    '<h1>Harbour news</h1><p>Loading the harbour news, one moment please.</p></main><script>' +
    `fetch('${path}').then(() => { ${BUILD_STORIES} }).catch(() => {});` +
    '</script></body></html>'
  );
}

/** How a page keeps its network from falling quiet (neverQuiet). */
export type Unquiet = 'polling' | 'reloading' | 'beacons';
export const UNQUIET: readonly Unquiet[] = ['polling', 'reloading', 'beacons'];

/** A script that sends `request` (an expression giving a promise) every 50 ms, without end. */
const every50ms = (request: string) => `<script>setInterval(() => { ${request}.catch(() => {}); }, 50);</script>`;

/**
 * `page` with a script that keeps its network busy without end: asking the site for /poll every
 * 50 ms, reloading the page 50 ms after each load, or sending a POST beacon (which a render's
 * gate refuses) every 50 ms.
 */
export function neverQuiet(page: string, how: Unquiet): string {
  const script = {
    polling: every50ms("fetch('/poll?' + Math.random())"),
    reloading: '<script>setTimeout(() => location.reload(), 50);</script>',
    beacons: every50ms("fetch('/beacon', { method: 'POST', body: 'seen' })"),
  }[how];
  return page.replace('</body>', `${script}</body>`);
}
