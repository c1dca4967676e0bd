// What a render does not fetch. The index profile reads text and links from the DOM, so media,
// images, fonts and styles are answered empty at once, and well-known ad, analytics and
// tracking hosts are not asked at all (they add requests, bytes and time, never headlines).

/** Resource types answered with an empty response instead of being fetched. */
export const EMPTY_RESOURCE_TYPES: ReadonlySet<string> = new Set([
  'image',
  'media',
  'font',
  'stylesheet',
  'texttrack',
  'manifest',
  'ping',
  'beacon',
  'cspreport',
]);

/** Resource types refused outright (no answer a script could use). */
export const REFUSED_RESOURCE_TYPES: ReadonlySet<string> = new Set(['websocket', 'eventsource', 'other']);

// Registrable domains of ad, analytics and tag-manager networks; a host matches the domain
// itself or any subdomain of it.
const TRACKER_DOMAINS = [
  'doubleclick.net',
  'googlesyndication.com',
  'googleadservices.com',
  'google-analytics.com',
  'googletagmanager.com',
  'googletagservices.com',
  'adservice.google.com',
  'analytics.google.com',
  'connect.facebook.net',
  'facebook.net',
  'scorecardresearch.com',
  'quantserve.com',
  'hotjar.com',
  'segment.io',
  'segment.com',
  'mixpanel.com',
  'amplitude.com',
  'newrelic.com',
  'nr-data.net',
  'chartbeat.com',
  'chartbeat.net',
  'taboola.com',
  'outbrain.com',
  'criteo.com',
  'criteo.net',
  'adnxs.com',
  'rubiconproject.com',
  'pubmatic.com',
  'openx.net',
  'amazon-adsystem.com',
  'moatads.com',
  'adsrvr.org',
  'bat.bing.com',
  'clarity.ms',
  'ads-twitter.com',
  'analytics.twitter.com',
  'static.ads-twitter.com',
  'snap.licdn.com',
  'px.ads.linkedin.com',
  'tiktok-analytics.com',
  'analytics.tiktok.com',
  'mc.yandex.ru',
  'matomo.cloud',
  'plausible.io',
  'cdn.cookielaw.org',
  'onetrust.com',
  'consensu.org',
  'optimizely.com',
  'branch.io',
  'sentry.io',
  'bugsnag.com',
];

export function isTrackerHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  for (const d of TRACKER_DOMAINS) {
    if (host === d || host.endsWith(`.${d}`)) return true;
  }
  return false;
}
