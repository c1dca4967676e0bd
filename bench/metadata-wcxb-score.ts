// Scoring of the wcxb-dev ground truth's metadata (`title`, `author`, `publish_date`), with the
// rules of metadata-dev's score.py where the fields meet (bench/metadata-score.ts):
//  - headline: clean_web_content's data.title, with or without a short brand part, equals
//    `title` (text compared after NFKC, quote folding and whitespace collapsing);
//  - author: the set of names equals the set of `author`'s (a leading "By" and separators ignored);
//  - date: `published_at` or `modified_at` names the calendar day of `publish_date` as written
//    (a year-month truth: that month);
// and two precision figures on the pages whose truth has none (people found no author, no date):
//  - no author where none: the share of those pages where `author` is null;
//  - no date where none: the share of those pages where `published_at` is null.
import type { WcxbTruth } from './metadata-sets.js';
import { names, text, titleForms, type Pred } from './metadata-score.js';

export const WCXB_FIELDS = ['headline', 'author', 'date', 'no_author_where_none', 'no_date_where_none'] as const;
export type WcxbField = (typeof WCXB_FIELDS)[number];

export interface WcxbTally {
  /** Per field: [correct, scored]; overall and per page type. */
  perField: Record<WcxbField, [number, number]>;
  perType: Map<string, Record<WcxbField, [number, number]>>;
  wrong: Array<{ id: string; type: string; field: WcxbField; want: unknown; got: unknown }>;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);

function empty(): Record<WcxbField, [number, number]> {
  return Object.fromEntries(WCXB_FIELDS.map((f) => [f, [0, 0]])) as Record<WcxbField, [number, number]>;
}

/** Whether one field is right on one page, or null when the page does not score it. */
function judge(field: WcxbField, t: WcxbTruth, p: Pred | undefined): { ok: boolean; got: unknown } | null {
  const data = p?.data ?? {};
  switch (field) {
    case 'headline': {
      if (!t.title) return null;
      const got = str(p?.content_title);
      return { ok: !!got && titleForms(got).some((f) => text(f) === text(t.title!)), got };
    }
    case 'author': {
      if (!t.author) return null;
      const got = str(data.author);
      if (!got) return { ok: false, got };
      const a = names(got);
      const b = names(t.author);
      return { ok: a.size === b.size && [...a].every((x) => b.has(x)), got };
    }
    case 'date': {
      if (!t.publish_date) return null;
      const got = [data.published_at, data.modified_at].filter((g): g is string => typeof g === 'string');
      return { ok: got.some((g) => g.startsWith(t.publish_date!)), got };
    }
    case 'no_author_where_none':
      return t.author ? null : { ok: str(data.author) === null, got: data.author };
    case 'no_date_where_none':
      return t.publish_date ? null : { ok: str(data.published_at) === null, got: data.published_at };
  }
}

export function scoreWcxb(truth: Record<string, WcxbTruth>, preds: Record<string, Pred>): WcxbTally {
  const tally: WcxbTally = { perField: empty(), perType: new Map(), wrong: [] };
  for (const [id, t] of Object.entries(truth)) {
    const byType = tally.perType.get(t.type) ?? empty();
    tally.perType.set(t.type, byType);
    for (const field of WCXB_FIELDS) {
      const j = judge(field, t, preds[id]);
      if (!j) continue;
      for (const row of [tally.perField[field], byType[field]]) {
        row[0] += j.ok ? 1 : 0;
        row[1] += 1;
      }
      if (!j.ok) {
        const want =
          field === 'headline' ? t.title : field === 'author' ? t.author : field === 'date' ? t.publish_date : null;
        tally.wrong.push({ id, type: t.type, field, want, got: j.got });
      }
    }
  }
  return tally;
}
