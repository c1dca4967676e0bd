// The main-thread scanners as they were before issue 31 (commit 6564778), kept only so that
// bench/scanners.ts can time them next to their replacements on the same inputs. Their regular
// expressions are the super-linear ones the issue is about: never import this from src/.
/* eslint-disable regexp/no-super-linear-move, regexp/no-contradiction-with-assertion */

/** The anti-bot detector's markup pass (bot-protection.ts scanDocument after the text floor). */
export function legacyScanMarkup(raw: string): { title: string; textChars: number; attrs: string; scripts: string } {
  const scripts: string[] = [];
  let noScripts = raw.replace(/<script\b[^>]*>([\s\S]*?)(?:<\/script\s*>|$)/gi, (m, inner: string) => {
    scripts.push(inner.toLowerCase());
    return m.slice(0, m.indexOf('>') + 1);
  });
  noScripts = noScripts
    .replace(/<style\b[^>]*>[\s\S]*?(?:<\/style\s*>|$)/gi, ' ')
    .replace(/<!--[\s\S]*?(?:-->|$)/g, ' ');
  const attrs: string[] = [];
  const attrRe = /\s(?:src|href|action|id|class|name|data-sitekey|content)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi;
  const tagRe = /<[a-z][^>]*>/gi;
  for (let m = tagRe.exec(noScripts); m; m = tagRe.exec(noScripts)) {
    for (let a = attrRe.exec(m[0]); a; a = attrRe.exec(m[0])) attrs.push((a[1] ?? a[2] ?? a[3] ?? '').toLowerCase());
    attrRe.lastIndex = 0;
  }
  const titleMatch = /<title\b[^>]*>([\s\S]*?)<\/title\s*>/i.exec(noScripts);
  const title = titleMatch ? decodeEntities(titleMatch[1]!).replace(/\s+/g, ' ').trim().toLowerCase() : '';
  const text = decodeEntities(noScripts.replace(/<title\b[^>]*>[\s\S]*?<\/title\s*>/i, ' ').replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
  return { title, textChars: text.length, attrs: attrs.join('\n'), scripts: scripts.join('\n') };
}

function decodeEntities(s: string): string {
  return s
    .replace(/&#x([0-9a-f]+);?/gi, (_, h: string) => safeChar(parseInt(h, 16)))
    .replace(/&#(\d+);?/g, (_, d: string) => safeChar(Number(d)))
    .replace(
      /&(amp|lt|gt|quot|apos|nbsp);/gi,
      (_, n: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' })[n.toLowerCase()] ?? '',
    );
}

function safeChar(code: number): string {
  return code > 0 && code < 0x110000 ? String.fromCodePoint(code) : '';
}

/** The browser step's "does this page run scripts" test (render-step.ts SCRIPT_TAG). */
const SCRIPT_TAG = /<script\b(?![^>]*\btype\s*=\s*["']?(?:application\/(?:ld\+)?json|text\/template)\b)/i;
export function legacyRunsScripts(html: string): boolean {
  return SCRIPT_TAG.test(html);
}
