// Recognises anti-bot challenge and block pages (Cloudflare, Akamai, DataDome, HUMAN/PerimeterX,
// Imperva/Incapsula, Sucuri, AWS WAF, Vercel, Kasada, generic captcha interstitials) from what a
// response carries: status, headers, cookie names and the first bytes of the body. A pure
// function, run by the fetcher on every response, so no tool hands a challenge page to a model.
//
// The rules are structural, never words in prose: headers only a protection layer sends, and
// markers in the *markup* (script sources, inline challenge scripts, form and element ids,
// iframes) of a *tiny* document. An article about Cloudflare quotes "Just a moment..." as text
// (its `<script>` shown as `&lt;script&gt;`) and carries far more readable text than a
// challenge page ever does, so neither test fires on it. Vendor cookies alone (`__cf_bm`,
// `datadome`) are set on every page a protected site serves, so they count only together with a
// blocking status.

import { mayHoldChallengeMarkup } from './challenge-words.js';
import { scanMarkup, type ScannedDocument } from './markup-scan.js';
import { readableTextExceeds } from './readable-text-floor.js';

export type BotVendor =
  | 'cloudflare'
  | 'akamai'
  | 'datadome'
  | 'perimeterx'
  | 'imperva'
  | 'sucuri'
  | 'aws_waf'
  | 'vercel'
  | 'kasada'
  | 'ddos_guard'
  | 'captcha';

export interface BotProtection {
  vendor: BotVendor;
  /** What gave it away, e.g. 'header:cf-mitigated', 'cookie:_abck', 'markup:datadome-captcha'. */
  signal: string;
}

export interface BotProtectionInput {
  status: number;
  /** Lower-cased names (as FetchResult.headers). */
  headers: Readonly<Record<string, string>>;
  /** Names of the cookies the response set. */
  setCookieNames?: readonly string[];
  /** The (content-decoded) body or its first bytes; null when no body was read. */
  body?: Uint8Array | string | null;
}

/**
 * Only this much of the body is looked at: challenge pages are small, and say what they are in
 * their first bytes. The vendors' interstitial and block pages are 0.2-12 KB of markup whole (the
 * largest, Cloudflare's challenge and block pages and Sucuri's block page, carry their styles
 * inline; every page in test/support/bot-pages.ts is under 2.1 KB), and everything the rules
 * read (the title, the vendor's script, form and element ids, its script sources) is inside it.
 * 32 KiB is more than twice the largest; each byte costs the main thread a step of the HTML
 * tokenizer, which a hostile page of 96 KiB of `<a` made a third of the main thread's work per
 * call (issue 31 row 2).
 */
export const BOT_SCAN_BYTES = 32 * 1024;
/**
 * A body longer than this is a page, not a challenge, whatever its first bytes say: the largest
 * challenge page is about 12 KB (above). Real pages load the same vendors' sensor scripts (their
 * PerimeterX, Kasada or AWS WAF integration) in a `<head>` that can fill the first 32 KiB with no
 * readable text at all; such a page is told from a challenge by the text that follows, counted
 * over the whole body (a byte scan up to this size, stopping at the limit).
 */
export const CHALLENGE_MAX_BYTES = 128 * 1024;
/**
 * Readable characters (markup, scripts and styles removed) above which a document is content,
 * whatever its markup says. Challenge and block pages carry one or two sentences (Cloudflare's
 * block page, the wordiest, about 900); an article carries thousands.
 */
export const CHALLENGE_MAX_TEXT_CHARS = 1500;

/**
 * Headers that only a bot-protection layer sends, with the values that mean "challenged or
 * blocked" (null: any value). The status checker counts them on a blocking status.
 */
export const CHALLENGE_HEADERS: ReadonlyArray<readonly [name: string, value: RegExp | null, vendor: BotVendor]> = [
  ['cf-mitigated', null, 'cloudflare'], // Cloudflare: set exactly when a challenge page was served
  ['cf-chl-bypass', null, 'cloudflare'], // Cloudflare legacy challenge
  ['x-vercel-mitigated', null, 'vercel'], // Vercel Attack Challenge Mode / firewall
  ['x-amzn-waf-action', null, 'aws_waf'], // AWS WAF challenge / captcha / block
  ['x-datadome', null, 'datadome'], // DataDome
  ['x-datadome-cid', null, 'datadome'],
  ['x-dd-b', null, 'datadome'],
  ['x-sucuri-block', null, 'sucuri'], // Sucuri firewall block
  ['x-kpsdk-ct', null, 'kasada'], // Kasada
  ['x-kpsdk-cd', null, 'kasada'],
  ['x-iinfo', null, 'imperva'], // Imperva / Incapsula edge
  ['x-cdn', /incapsula|imperva/i, 'imperva'],
  ['server', /^akamaighost\b/i, 'akamai'], // edge-generated denials
  ['server', /^ddos-guard\b/i, 'ddos_guard'],
  ['server', /^sucuri\/cloudproxy\b/i, 'sucuri'],
  ['server', /^datadome\b/i, 'datadome'],
];

/** Cookie names set by bot managers (exact names, or prefixes ending in '*'). */
export const CHALLENGE_COOKIES: ReadonlyArray<readonly [name: string, vendor: BotVendor]> = [
  ['__cf_bm', 'cloudflare'],
  ['cf_clearance', 'cloudflare'],
  ['__cf_chl_*', 'cloudflare'],
  ['cf_chl_*', 'cloudflare'],
  ['datadome', 'datadome'],
  ['_px3', 'perimeterx'],
  ['_pxhd', 'perimeterx'],
  ['_pxvid', 'perimeterx'],
  ['_pxde', 'perimeterx'],
  ['_abck', 'akamai'],
  ['bm_sz', 'akamai'],
  ['bm_sv', 'akamai'],
  ['ak_bmsc', 'akamai'],
  ['incap_ses_*', 'imperva'],
  ['visid_incap_*', 'imperva'],
  ['reese84', 'imperva'],
  ['kp_uidz', 'kasada'],
  ['aws-waf-token', 'aws_waf'],
  ['__ddg1_', 'ddos_guard'],
  ['__ddg2_', 'ddos_guard'],
  ['sucuri_cloudproxy_uuid_*', 'sucuri'],
];

/** Statuses a challenge or bot block is served with. */
export const CHALLENGE_STATUSES: ReadonlySet<number> = new Set([403, 429, 503]);

/**
 * Headers whose presence alone means the response is a challenge, whatever the status (AWS WAF
 * serves its challenge with 202 and its captcha with 405; Cloudflare sets cf-mitigated only on
 * challenge responses).
 */
const DECISIVE_HEADERS: ReadonlyArray<readonly [name: string, value: RegExp, vendor: BotVendor]> = [
  ['cf-mitigated', /challenge/i, 'cloudflare'],
  ['x-amzn-waf-action', /captcha|challenge|block/i, 'aws_waf'],
  ['x-vercel-mitigated', /challenge|deny/i, 'vercel'],
  ['x-sucuri-block', /./, 'sucuri'],
];

/** The vendor header or cookie on a response, or null (no status test here). */
export function vendorMarker(
  headers: Readonly<Record<string, string>>,
  setCookieNames: readonly string[] = [],
): BotProtection | null {
  for (const [name, value, vendor] of CHALLENGE_HEADERS) {
    const v = headers[name];
    if (v === undefined) continue;
    if (value === null || value.test(v.trim())) return { vendor, signal: `header:${name}` };
  }
  for (const cookie of setCookieNames) {
    const c = cookie.toLowerCase();
    for (const [known, vendor] of CHALLENGE_COOKIES) {
      const hit = known.endsWith('*') ? c.startsWith(known.slice(0, -1)) : c === known;
      if (hit) return { vendor, signal: `cookie:${cookie}` };
    }
  }
  return null;
}

/** A header that by itself says "this is a challenge", or null. */
export function decisiveMarker(headers: Readonly<Record<string, string>>): BotProtection | null {
  for (const [name, value, vendor] of DECISIVE_HEADERS) {
    const v = headers[name];
    if (v !== undefined && value.test(v)) return { vendor, signal: `header:${name}` };
  }
  return null;
}

/** What a response is, as far as bot protection goes: the vendor and the tell, or null. */
export function detectBotProtection(input: BotProtectionInput): BotProtection | null {
  const headers = input.headers;
  const decisive = decisiveMarker(headers);
  if (decisive) return decisive;
  const body = input.body == null ? null : bodyBytes(input.body);
  // Every rule on the body needs a tiny document. A page longer than the scanned bytes whose
  // whole text is more than a challenge carries is not one, however tiny its first bytes (a long
  // <head>): answered by a byte count that stops at the limit, before the first 32 KiB are
  // tokenized. Most articles' first 32 KiB are a <head> of scripts and styles, which the
  // tokenizer would otherwise read to the end (a tenth of the main thread's work per content call).
  if (
    body !== null &&
    body.length > BOT_SCAN_BYTES &&
    looksLikeMarkup(body) &&
    readableTextExceeds(body, CHALLENGE_MAX_TEXT_CHARS)
  )
    return null;
  // A blocking status from a protected edge: a challenge unless the body is a real page (a
  // site's own 503 maintenance page or 403 error page served through the same CDN).
  const marker = CHALLENGE_STATUSES.has(input.status) ? vendorMarker(headers, input.setCookieNames) : null;
  const page = body === null ? null : scanDocument(body, marker !== null);
  const tiny = typeof page === 'object' && page !== null && page.textChars <= CHALLENGE_MAX_TEXT_CHARS;
  let hit: BotProtection | null = null;
  if (marker && (page === null || tiny)) hit = marker;
  if (hit === null && tiny) hit = markupMarker(page, input.status, headers);
  return hit;
}

/** The body's bytes, at most one past CHALLENGE_MAX_BYTES (enough to know it is longer). */
function bodyBytes(body: Uint8Array | string): Buffer {
  return typeof body === 'string'
    ? Buffer.from(body.slice(0, CHALLENGE_MAX_BYTES + 1))
    : Buffer.from(body.buffer, body.byteOffset, Math.min(body.byteLength, CHALLENGE_MAX_BYTES + 1));
}

// ---- the body: a look at the markup of the first bytes (markup-scan.ts), linear in them ----

/**
 * The scanned document; 'content' when the page surely carries more text than any challenge
 * page (most real pages: answered from the bytes without decoding or tokenizing them);
 * 'no-rule-words' when its bytes hold no word a markup rule needs (challenge-words.ts), unless
 * `tinyMatters` (a vendor's header or cookie on a blocking status, which a tiny page confirms);
 * null when the body is not markup.
 */
function scanDocument(body: Buffer, tinyMatters: boolean): ScannedDocument | 'content' | 'no-rule-words' | null {
  const bytes = body.subarray(0, BOT_SCAN_BYTES);
  if (!looksLikeMarkup(body)) return null;
  if (body.length > CHALLENGE_MAX_BYTES) return 'content';
  // Twice the limit: the floor is exact for the markup a challenge vendor writes, and the margin
  // covers what it reads differently from the tokenizer (a `>` inside a quoted attribute, say).
  if (readableTextExceeds(bytes, 2 * CHALLENGE_MAX_TEXT_CHARS)) return 'content';
  if (!tinyMatters && !mayHoldChallengeMarkup(bytes)) return 'no-rule-words';
  // The scan stops once the text is over the limit: only a tiny document is read further.
  return scanMarkup(bytes.toString('utf8'), CHALLENGE_MAX_TEXT_CHARS);
}

/** Only markup can be a challenge page; JSON, images and plain text are not looked at. */
function looksLikeMarkup(body: Buffer): boolean {
  return /<(?:!doctype|html|head|body|title|script|meta|div|iframe|form|noscript|h1|p)\b/i.test(
    body.subarray(0, 4096).toString('latin1'),
  );
}

/** Markup a vendor's challenge or block page is built from; each only counts in a tiny document. */
const MARKUP_RULES: ReadonlyArray<{
  vendor: BotVendor;
  name: string;
  test: (d: ScannedDocument, status: number) => boolean;
}> = [
  {
    vendor: 'cloudflare',
    name: 'cloudflare-challenge',
    // The managed / JS challenge: its options object, its form, or the challenge platform's
    // orchestration script (normal pages load only the platform's /scripts/jsd/ beacon).
    test: (d) =>
      d.scripts.includes('_cf_chl_opt') ||
      /\bchallenge-form\b|cf-challenge|cf_chl_/.test(d.attrs) ||
      /\/cdn-cgi\/challenge-platform\/(?:h|orchestrate)\//.test(d.attrs + '\n' + d.scripts),
  },
  {
    vendor: 'cloudflare',
    name: 'cloudflare-block',
    // "Attention Required! | Cloudflare" and the 1xxx error pages.
    test: (d) =>
      /\bcf-error-details\b|\bcf-wrapper\b|\bcf-error-code\b/.test(d.attrs) &&
      /cloudflare/.test(d.title + ' ' + d.attrs),
  },
  {
    vendor: 'datadome',
    name: 'datadome-captcha',
    test: (d) => /captcha-delivery\.com/.test(d.attrs + '\n' + d.scripts) || /\bvar dd\s*=\s*\{/.test(d.scripts),
  },
  {
    vendor: 'perimeterx',
    name: 'perimeterx-block',
    test: (d) =>
      /window\._px(?:appid|jsclientsrc|hostUrl|captcha)/i.test(d.scripts) ||
      /\bpx-captcha\b|captcha\.px-cdn\.net|px-cloud\.net|perimeterx\.net/.test(d.attrs + '\n' + d.scripts),
  },
  {
    vendor: 'imperva',
    name: 'incapsula-resource',
    test: (d) =>
      /_incapsula_resource/.test(d.attrs + '\n' + d.scripts) ||
      (d.textChars < 300 && /^request unsuccessful\. incapsula incident id/i.test(d.text)),
  },
  {
    vendor: 'sucuri',
    name: 'sucuri-firewall',
    test: (d) =>
      /sucuri_cloudproxy_js|sucuri_cloudproxy/.test(d.scripts) ||
      (/sucuri website firewall/.test(d.title) && /sucuri\.net/.test(d.attrs)),
  },
  {
    vendor: 'aws_waf',
    name: 'aws-waf-challenge',
    test: (d) =>
      /awswafintegration|awswafcaptcha|gokuprops/.test(d.scripts) || /\.awswaf\.com\//.test(d.attrs + '\n' + d.scripts),
  },
  {
    vendor: 'akamai',
    name: 'akamai-access-denied',
    // The edge's reference page: title "Access Denied", a "Reference #18.xxxx" line and a link
    // to errors.edgesuite.net.
    test: (d) =>
      d.title === 'access denied' &&
      (/reference\s*#\s*[0-9a-f]+\.[0-9a-f.]+/i.test(d.text) ||
        /errors\.edgesuite\.net/i.test(d.text + '\n' + d.attrs)),
  },
  {
    vendor: 'kasada',
    name: 'kasada-challenge',
    test: (d) => /kpsdk/.test(d.scripts + '\n' + d.attrs),
  },
  {
    vendor: 'captcha',
    name: 'captcha-interstitial',
    // A tiny page whose substance is a captcha widget and which says so (title or status): a
    // login form with a captcha under a real page's worth of text is not one.
    test: (d, status) =>
      CAPTCHA_WIDGET.test(d.attrs + '\n' + d.scripts) &&
      (status >= 400 || saysVerify(d.title) || (d.textChars < 400 && saysVerify(d.text))),
  },
];

/** Widget markup of the captcha services (any one of them). */
const CAPTCHA_WIDGETS: readonly RegExp[] = [
  /\bg-recaptcha\b|google\.com\/recaptcha\/|recaptcha\.net\/recaptcha/,
  /\bh-captcha\b|hcaptcha\.com\/1\/api/,
  /\bcf-turnstile\b|challenges\.cloudflare\.com\/turnstile/,
  /geetest|arkoselabs\.com|funcaptcha|\bfriendly-captcha\b|\bfrc-captcha\b/,
];
const CAPTCHA_WIDGET = { test: (s: string) => CAPTCHA_WIDGETS.some((re) => re.test(s)) };
const VERIFY_TITLE =
  /captcha|robot|human|verif|security check|unusual traffic|are you a bot|access denied|blocked|just a moment/;
const VERIFY_TITLE_MORE = /one more step|checking your browser|please wait/;
const saysVerify = (s: string) => VERIFY_TITLE.test(s) || VERIFY_TITLE_MORE.test(s);

/** The whole title of a Cloudflare interstitial. */
const CLOUDFLARE_TITLES: readonly RegExp[] = [
  /^(?:just a moment|attention required! \| cloudflare|one more step|please wait)(?:\.{3}|…)?$/,
  /^checking your browser(?: before accessing.*)?(?:\.{3}|…)?$/,
];
const CLOUDFLARE_TITLE = { test: (s: string) => CLOUDFLARE_TITLES.some((re) => re.test(s)) };

function markupMarker(
  page: ScannedDocument,
  status: number,
  headers: Readonly<Record<string, string>>,
): BotProtection | null {
  for (const rule of MARKUP_RULES)
    if (rule.test(page, status)) return { vendor: rule.vendor, signal: `markup:${rule.name}` };
  if (page.textChars >= 600) return null;
  // The vendors' own page titles (the whole title) on a page of a few lines, when something
  // else says it came from the vendor's edge or was a refusal: the title alone could be a tiny
  // page of any site.
  const blocking = CHALLENGE_STATUSES.has(status);
  const fromCloudflare =
    /cdn-cgi|cloudflare|turnstile/.test(page.attrs + '\n' + page.scripts) ||
    /^cloudflare/i.test(headers.server ?? '') ||
    headers['cf-ray'] !== undefined;
  if (CLOUDFLARE_TITLE.test(page.title) && (fromCloudflare || blocking)) {
    return { vendor: 'cloudflare', signal: 'markup:cloudflare-title' };
  }
  if (/used cloudflare to restrict access/.test(page.title))
    return { vendor: 'cloudflare', signal: 'markup:cloudflare-title' };
  if (
    page.title === 'access to this page has been denied' &&
    (blocking || /px|captcha/.test(page.attrs + '\n' + page.scripts))
  ) {
    return { vendor: 'perimeterx', signal: 'markup:perimeterx-title' };
  }
  // CloudFront's refusal when AWS WAF blocks: "Request blocked. ... Generated by cloudfront (CloudFront)".
  if (
    status === 403 &&
    /request blocked/i.test(page.text) &&
    /generated by cloudfront \(cloudfront\)/i.test(page.text)
  ) {
    return { vendor: 'aws_waf', signal: 'markup:cloudfront-waf-block' };
  }
  return null;
}

/** A one-line description for the item error message. */
export function describeBotProtection(hit: BotProtection, status: number): string {
  const who: Record<BotVendor, string> = {
    cloudflare: 'Cloudflare',
    akamai: 'Akamai',
    datadome: 'DataDome',
    perimeterx: 'HUMAN (PerimeterX)',
    imperva: 'Imperva (Incapsula)',
    sucuri: 'Sucuri',
    aws_waf: 'AWS WAF',
    vercel: 'Vercel',
    kasada: 'Kasada',
    ddos_guard: 'DDoS-Guard',
    captcha: 'a captcha',
  };
  return (
    `The target answered (status ${status}) with an anti-bot challenge or block page from ` +
    `${who[hit.vendor]} (${hit.signal}), not the page's content.`
  );
}
