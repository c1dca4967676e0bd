// /metrics needs no key and is never admitted or rate limited (scrapers must always see the
// service), and a render is dear: prom-client builds a 33 KB text from about 400 KB of
// allocation on the main thread (issue 31: a once-a-second read was ~30% of the main thread's
// allocation under a hostile batch). So one render serves every read that comes while it runs
// and for RENDER_REUSE_MS after it: a caller reading /metrics in a loop, or N at once, costs the
// service one render a second. Scrapers read every few seconds or more; a second-old figure is
// what they would have read a moment earlier.

/** How long a finished render answers further reads. */
export const RENDER_REUSE_MS = 1000;

/** `render`, run at most once at a time, its text reused for `reuseMs` after it finished. */
export function sharedRender(
  render: () => Promise<string>,
  reuseMs: number = RENDER_REUSE_MS,
  now: () => number = () => performance.now(),
): () => Promise<string> {
  let text: Promise<string> | null = null;
  let finishedAt: number | undefined;
  return () => {
    if (text && (finishedAt === undefined || now() - finishedAt < reuseMs)) return text;
    const current = render();
    text = current;
    finishedAt = undefined;
    current.then(
      () => {
        if (text === current) finishedAt = now();
      },
      () => {
        // A failed render is not kept: the next read tries again.
        if (text === current) text = null;
      },
    );
    return current;
  };
}
