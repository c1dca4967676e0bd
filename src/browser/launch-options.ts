// How Chromium is started: headless, no background traffic of its own, and no way out to the
// network except through request interception (all traffic goes to a proxy that is our
// sinkhole, and the host resolver resolves nothing). WebRTC may not use UDP outside the proxy,
// which means not at all. Each renderer runs under a memory limit (rendererMemoryArgs).
import { firstExecutable } from '../util/executables.js';

/** Command-line switches for the browser process; `sinkhole` is host:port of openSinkhole(). */
export function chromiumArgs(sinkhole: string): string[] {
  return [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-quic',
    '--no-first-run',
    '--no-default-browser-check',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-breakpad',
    '--disable-domain-reliability',
    '--disable-client-side-phishing-detection',
    '--disable-default-apps',
    '--disable-extensions',
    '--dns-prefetch-disable',
    '--mute-audio',
    // No WebGL: with the GPU off, Chromium draws it in software in its GPU process, outside any
    // render's limits and on every core (a page drawing a heavy shader in a loop took 9.5 s of
    // CPU in 5 s there). A page's text never needs it.
    '--disable-3d-apis',
    // One renderer per render, so the memory cap (one renderer's) is the render's: a page's
    // cross-site frames go in its own renderer instead of one each (site isolation, whose
    // protection against a page reading another site's memory in its process assumes the
    // sandbox, which is off here anyway; a render's frames are fetched without cookies or
    // credentials), and the windows it opens, even `noopener` ones, reuse a renderer of its
    // context instead of starting another. Renders never share one: Chromium does not put
    // two browser contexts in one process, whatever the limit.
    '--disable-site-isolation-trials',
    '--renderer-process-limit=1',
    // Every connection, loopback included ("<-loopback>" removes Chromium's implicit bypass),
    // goes to the sinkhole; Chromium does not fall back to a direct connection.
    `--proxy-server=http://${sinkhole}`,
    '--proxy-bypass-list=<-loopback>',
    // And no name resolves, should anything skip the proxy.
    '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1',
    '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
    '--webrtc-ip-handling-policy=disable_non_proxied_udp',
    // No --disable-features here: Chromium keeps only the last one, and Playwright passes its own list.
  ];
}

/**
 * A page's memory cap: Chromium starts each renderer through `prlimit --data=N --` (util-linux),
 * so the renderer's data segment (its JavaScript heap, typed arrays, DOM: everything it
 * allocates privately) cannot pass N; an allocation past it throws in the page or crashes the
 * renderer, never the browser. A page that allocated 128 MiB typed arrays in a loop held 2 GiB
 * without it and 420 MiB under a 512 MiB cap. No Chromium or V8 switch caps typed arrays (V8's
 * heap limit does not count them), and a watchdog polling memory from outside would let a
 * page allocate gigabytes between two polls. A renderer started this way is not forked from
 * Chromium's zygote: it costs about 35 MiB more resident memory and its own start-up.
 * Chromium splits the prefix on spaces; the path comes from findPrlimit() and has none.
 */
export function rendererMemoryArgs(maxMemoryMb: number, prlimit: string): string[] {
  return [`--renderer-cmd-prefix=${prlimit} --data=${maxMemoryMb * 1024 * 1024} --`];
}

/** Where util-linux installs prlimit (Debian, Ubuntu, Fedora, Alpine's util-linux-misc). */
const PRLIMIT_PATHS = ['/usr/bin/prlimit', '/bin/prlimit'];

/** The prlimit executable, or null when there is none. */
export function findPrlimit(candidates: readonly string[] = PRLIMIT_PATHS): string | null {
  return firstExecutable(candidates);
}

/**
 * Runs in every frame before the page's own scripts: WebRTC constructors are removed so a page
 * cannot even start ICE gathering (the switches above already keep it off the network).
 */
export const INIT_SCRIPT = `(() => {
  const names = ['RTCPeerConnection', 'webkitRTCPeerConnection', 'RTCDataChannel', 'RTCIceCandidate',
    'RTCSessionDescription'];
  for (const name of names) {
    try {
      Object.defineProperty(globalThis, name, { value: undefined, configurable: false, writable: false });
    } catch {}
  }
})();`;
