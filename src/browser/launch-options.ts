// How Chromium is started: headless, no background traffic of its own, and no way out to the
// network except through request interception (all traffic goes to a proxy that is our
// sinkhole, and the host resolver resolves nothing). WebRTC may not use UDP outside the proxy,
// which means not at all.

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
 * Runs in every frame before the page's own scripts: WebRTC constructors are removed so a page
 * cannot even start ICE gathering (the switches above already keep it off the network).
 */
export const INIT_SCRIPT = `(() => {
  for (const name of ['RTCPeerConnection', 'webkitRTCPeerConnection', 'RTCDataChannel', 'RTCIceCandidate', 'RTCSessionDescription']) {
    try { Object.defineProperty(globalThis, name, { value: undefined, configurable: false, writable: false }); } catch {}
  }
})();`;
