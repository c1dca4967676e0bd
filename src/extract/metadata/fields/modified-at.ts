// modified_at: article:modified_time, og:updated_time, JSON-LD dateModified, date metas,
// <time itemprop=dateModified>, then a date the text announces as an update.
import { ldDate, metaDate, timeDate, type Rule } from '../context.js';
import { dateAnnounced, markedDate } from '../dates.js';
import { firstFrom } from '../json-ld-values.js';

/** article:modified_time, og:updated_time, JSON-LD dateModified, dcterms.modified, <time itemprop=dateModified>. */
export const MODIFIED_AT: readonly Rule<string>[] = [
  metaDate('article:modified_time', 'og:updated_time'),
  ldDate('dateModified'),
  metaDate('datemodified', 'dcterms.modified', 'last-modified', 'revised'),
  timeDate((t) => t.itemprop === 'datemodified'),
  // A <time> beside the text marked or announced as the last update (update-time.ts).
  timeDate((t) => !!t.updated && !t.quoted && !t.comment && !t.aside && !t.listed),
  (ctx) => firstFrom(ctx.tags.updateTexts, markedDate),
  // A date the page announces as its last update ("Last updated March 2, 2026"): the page's
  // modification, not its publication.
  (ctx) => {
    return dateAnnounced(ctx.bodyText(), UPDATED_WORDS);
  },
];

const UPDATED_WORDS =
  // eslint-disable-next-line max-len -- one pattern or word list, kept whole
  /(?<!\p{L})(?:updated|last\s+(?:modified|edited|active|reviewed)|aktualisiert|letzte\s+änderung|zuletzt\s+geändert|stand(?=\s*:)|mis à jour|actualizado|aggiornato|bijgewerkt)(?!\p{L})/giu;

/** An update announcement and the rest of its line (bounded); a label on a line of its own
 *  ("Updated" / "March 2, 2026") and the next line. */
const UPDATE_LINE =
  // eslint-disable-next-line max-len -- one pattern or word list, kept whole
  /(?<!\p{L})(?:updated|last\s+(?:modified|edited|active|reviewed)|aktualisiert|letzte\s+änderung|zuletzt\s+geändert|stand(?=\s*:)|mis à jour|actualizado|aggiornato|bijgewerkt)(?!\p{L})(?:(?:[^\S\n]*:)?[^\S\n]*\n\s{0,40}\S[^\n]{0,60}|[^\n]{0,120})/giu;

/** The text with every update announcement blanked to its line's end: the dates left are not updates. */
export function withoutUpdates(text: string): string {
  return text.replace(UPDATE_LINE, (m) => ' '.repeat(m.length));
}
