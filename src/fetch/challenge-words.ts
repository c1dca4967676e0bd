// A cheap look at a page's first bytes before the anti-bot detector tokenizes them: every markup
// rule of bot-protection.ts needs a vendor's word (a script name, an id, a title word) in the
// title, the text, one attribute value or one inline script. A page whose bytes hold none of
// those words, in any case, cannot match a rule, so its first 32 KiB need no tokenizer pass, the
// main thread's largest cost for a page of markup and little text (issue 31 row 2: 96 KiB of
// `<a`, about 0.3 ms a call).
//
// The words are found in the bytes themselves, which holds when every character the tokenizer
// hands on is a byte of the page in order: no entity (`&`), no byte outside ASCII (whose lower
// case can be ASCII: U+212A KELVIN SIGN is `k`), and no `</>`, the one piece of markup the
// tokenizer drops without a callback (text on both sides of it would join with no space). A
// page with any of them is always tokenized. Each word lies inside one literal of a rule and has
// no whitespace (the title and text are read with whitespace collapsed); the rules match each
// literal inside one field (fields are joined with a newline), so a match holds the word whole.
import { isAscii } from 'node:buffer';

/**
 * One word of every alternative of every markup rule (bot-protection.ts MARKUP_RULES and
 * markupMarker's title rules), lower case. A rule added there needs its word here: the
 * detector's tests run every challenge page through both.
 */
const RULE_WORDS = [
  'cf_chl', // Cloudflare's challenge options and ids (_cf_chl_opt, cf_chl_)
  'challenge', // challenge-form, cf-challenge, /cdn-cgi/challenge-platform/
  'cloudflare', // its block page, "used Cloudflare to restrict access"
  'captcha', // captcha-delivery.com (DataDome), px-captcha, reCAPTCHA, hCaptcha, FunCaptcha, ...
  'var dd', // DataDome's inline `var dd = {` (a script is read as it is, spaces too)
  'window._px', // HUMAN (PerimeterX)
  'px-cloud',
  'perimeterx',
  'incapsula', // Imperva
  'sucuri',
  'awswaf', // AWS WAF's scripts and .awswaf.com
  'gokuprops',
  'kpsdk', // Kasada
  'turnstile',
  'geetest',
  'arkoselabs',
  'denied', // "Access Denied" (Akamai), "Access to this page has been denied" (PerimeterX)
  'moment', // Cloudflare's titles: "Just a moment...", "Attention Required!", "One more step",
  'attention', // "Please wait", "Checking your browser"
  'step',
  'wait',
  'checking',
  'cloudfront', // CloudFront's refusal when AWS WAF blocks
] as const;

/** Literal words only (no quantifier): linear in the input. */
const RULE_WORD = new RegExp(RULE_WORDS.map((w) => w.replace(/\./g, '\\.')).join('|'), 'i');
const AMP = 0x26;
const LT = 0x3c;
const SLASH = 0x2f;
const GT = 0x3e;
const SELF_CLOSE = Buffer.from('/>');

/**
 * Whether a markup rule could match a page with these first bytes (those the tokenizer would be
 * given). False means no rule can: the page holds no rule's word, and its text and attributes
 * are its bytes as written.
 */
export function mayHoldChallengeMarkup(bytes: Buffer): boolean {
  return !isAscii(bytes) || bytes.includes(AMP) || holdsEmptyEndTag(bytes) || RULE_WORD.test(bytes.toString('latin1'));
}

/**
 * Whether the bytes hold `</>`. Buffer.indexOf of the three bytes stops at every `<` (slow on a
 * page of `<a`); `/>` is rarer, and from its first place on one plain pass answers.
 */
function holdsEmptyEndTag(bytes: Buffer): boolean {
  const first = bytes.indexOf(SELF_CLOSE);
  if (first === -1) return false;
  for (let i = Math.max(first, 1); i < bytes.length - 1; i++) {
    if (bytes[i] === SLASH && bytes[i + 1] === GT && bytes[i - 1] === LT) return true;
  }
  return false;
}
