// The scoring rules of ../shared/bench/metadata-dev/score.py, in TypeScript, so the bench can
// print per-field accuracy without a Python round trip (the bench still runs score.py on the
// same predictions files to check these figures match). `headline` is scored against
// clean_web_content's data.title (the headline as printed), the other fields against the
// get_url_metadata item's data.

export const FIELDS = ['headline', 'description', 'image', 'author', 'published_at', 'site_name'] as const;
export type Field = (typeof FIELDS)[number];

export interface Entry {
  url: string;
  page: string;
  content_type: string;
  expected: Partial<Record<Field, string | string[]>>;
  suspect?: Record<string, unknown>;
  case_differs_from_page?: string[];
}

export type Data = Record<string, unknown> | null;

/** One page's answers: the URL asked for, the metadata item's data, the cleaners' title. */
export interface Pred {
  url: string;
  data: Data;
  content_title?: string | null;
}

const QUOTES: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201a': "'",
  '\u201b': "'",
  '\u2032': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u201e': '"',
  '\u201f': '"',
  '\u2033': '"',
};
// The zero-width joiner (U+200D) is removed on its own: in a class it would read as joining its neighbours.
const ZERO_WIDTH = /[\u200b\u200c\u2060\ufeff\u00ad]/g;
// Python's str.split() with no argument splits on these (str.isspace()): the information
// separators U+001C-U+001F are control characters on purpose.
// eslint-disable-next-line no-control-regex
const PY_SPACE = /[\s\u001c-\u001f\u0085]+/u;

export function text(s: string, fold = false): string {
  const t = s
    .normalize('NFKC')
    .replace(/[\u2018\u2019\u201a\u201b\u2032\u201c\u201d\u201e\u201f\u2033]/g, (c) => QUOTES[c]!)
    .replace(ZERO_WIDTH, '')
    .replaceAll('\u200d', '')
    .split(PY_SPACE)
    .filter(Boolean)
    .join(' ');
  // casefold() ~ toLowerCase() plus a few foldings (ß -> ss) that matter for German names.
  return fold ? t.toLowerCase().replace(/ß/g, 'ss').replace(/ς/g, 'σ') : t;
}

export function names(s: string): Set<string> {
  const t = s.replace(/^\s*(?:by|von|par|por|door|di|av)\s+/i, '');
  // The white space around a separator is dropped by text() below, as score.py's split drops it.
  const parts = t.split(/[,;&]|\b(?:and|und|et|y)\b/);
  return new Set(parts.filter((p) => p.trim()).map((p) => text(p, true)));
}

function unquoteOnce(p: string): string {
  return p.replace(/(?:%[\da-f]{2})+/gi, (m) => {
    try {
      return decodeURIComponent(m);
    } catch {
      return m;
    }
  });
}

function normUrl(u: string): string {
  let p: URL;
  try {
    p = new URL(u.trim());
  } catch {
    return u.trim();
  }
  const host = p.hostname.toLowerCase().replace(/\.$/, '');
  let path = (p.pathname || '/').replace(/\/{2,}/g, '/');
  for (let i = 0; i < 3; i++) path = unquoteOnce(path);
  const q = p.search
    .replace(/^\?/, '')
    .split('&')
    .filter((x) => x && !x.toLowerCase().startsWith('utm_'))
    .join('&');
  return `${host}${path}` + (q ? `?${q}` : '');
}

export function day(s: string): string | null {
  return /^\s*(\d{4})-(\d{2})-(\d{2})/.exec(s)?.slice(0, 1)[0]?.trim() ?? null;
}

function instant(s: string): number {
  let t = s.trim().replace(/z$/i, '+00:00');
  if (/^\d{4}-\d{2}-\d{2}$/.test(t)) t += 'T00:00:00';
  if (!/[+-]\d{2}:?\d{2}$/.test(t)) t += 'Z';
  const v = Date.parse(t);
  if (Number.isNaN(v)) throw new Error('bad instant');
  return v;
}

// score.py's separator (`\s+[|-–—·•:｜]\s+|\s*[：｜]\s*|:(?=\S)`) on a title whose white space is
// collapsed first, so that no run of spaces is scanned again from each of its positions.
const BRAND_SEP = / [|\-\u2013\u2014\u00b7\u2022:] | ?[\uff1a\uff5c] ?|:(?=\S)/;
const BRAND_TRIM = ' |-\u2013\u2014\u00b7\u2022:\uff1a\uff5c';

function trimChars(s: string, chars: string, side: 'start' | 'end'): string {
  let a = 0;
  let b = s.length;
  if (side === 'start') while (a < b && chars.includes(s[a]!)) a++;
  else while (b > a && chars.includes(s[b - 1]!)) b--;
  return s.slice(a, b);
}

export function titleForms(title: string): string[] {
  const t = title.split(PY_SPACE).filter(Boolean).join(' ');
  const forms = [t];
  const parts = t.split(BRAND_SEP);
  if (parts.length >= 2) {
    const words = (x: string) => x.split(PY_SPACE).filter(Boolean).length;
    const last = parts[parts.length - 1]!;
    if (words(last) <= 6) forms.push(trimChars(t.slice(0, t.lastIndexOf(last)), BRAND_TRIM, 'end'));
    if (words(parts[0]!) <= 6) forms.push(trimChars(t.slice(parts[0]!.length), BRAND_TRIM, 'start'));
  }
  return forms;
}

export function correct(
  field: Field,
  want: string | string[],
  data: Record<string, unknown>,
  entry: Entry,
  requested: string,
  contentTitle?: string | null,
): boolean {
  const fold = (entry.case_differs_from_page ?? []).includes(field) || field === 'site_name';
  if (field === 'published_at') {
    const got = [data.published_at, data.modified_at].filter((g): g is string => typeof g === 'string');
    const w = want as string;
    if (/^\d{4}-\d{2}-\d{2}$/.test(w)) return got.some((g) => day(g) === w);
    try {
      const wi = instant(w);
      return got.some((g) => {
        try {
          return Math.abs(instant(g) - wi) < 1000;
        } catch {
          return false;
        }
      });
    } catch {
      return false;
    }
  }
  if (field === 'image') {
    let got = data.image || ((data.og ?? {}) as Record<string, unknown>).image;
    if (Array.isArray(got)) got = got[0];
    if (typeof got !== 'string' || !got) return false;
    let abs: string;
    try {
      abs = new URL(got.trim(), requested).href;
    } catch {
      return false;
    }
    const reqHost = new URL(requested).host;
    let gotHost = '';
    try {
      gotHost = new URL(abs).host;
    } catch {
      // Not a URL: compared as written below.
    }
    if (gotHost === reqHost) {
      const o = new URL(entry.url);
      abs = `${o.protocol}//${o.host}` + abs.split(reqHost).slice(1).join(reqHost);
    }
    return normUrl(abs) === normUrl(want as string);
  }
  let got = field === 'headline' ? contentTitle : data[field];
  if (field === 'site_name' && !got) got = ((data.og ?? {}) as Record<string, unknown>).site_name;
  if (Array.isArray(got)) got = got.map(String).join(', ');
  if (typeof got !== 'string' || !got.trim()) return false;
  if (field === 'author') {
    const w = typeof want === 'string' ? want : want.join(', ');
    const a = names(got);
    const b = names(w);
    return a.size === b.size && [...a].every((x) => b.has(x));
  }
  if (field === 'headline') {
    const w = text(want as string, fold);
    return titleForms(got).some((t) => text(t, fold) === w);
  }
  return text(got, fold) === text(want as string, fold);
}

export interface Tally {
  perField: Record<Field, [number, number]>;
  ok: number;
  n: number;
  wrong: Array<{ id: string; field: Field; want: unknown; got: unknown }>;
}

export function score(expected: Record<string, Entry>, preds: Record<string, Pred>): Tally {
  const perField = Object.fromEntries(FIELDS.map((f) => [f, [0, 0]])) as Record<Field, [number, number]>;
  const wrong: Tally['wrong'] = [];
  for (const [id, entry] of Object.entries(expected)) {
    const p = preds[id];
    const data = p?.data ?? {};
    for (const [f, want] of Object.entries(entry.expected) as Array<[Field, string | string[]]>) {
      if (!(FIELDS as readonly string[]).includes(f) || (entry.suspect && f in entry.suspect)) continue;
      const ok = correct(f, want, data, entry, p?.url ?? entry.url, p?.content_title);
      perField[f][0] += ok ? 1 : 0;
      perField[f][1] += 1;
      if (!ok)
        wrong.push({
          id,
          field: f,
          want,
          got:
            f === 'published_at'
              ? [data.published_at, data.modified_at]
              : f === 'headline'
                ? (p?.content_title ?? null)
                : data[f],
        });
    }
  }
  let ok = 0;
  let n = 0;
  for (const f of FIELDS) {
    ok += perField[f][0];
    n += perField[f][1];
  }
  return { perField, ok, n, wrong };
}
