// modified_at: article:modified_time, og:updated_time, JSON-LD dateModified, date metas,
// <time itemprop=dateModified>.
import { ldDate, metaDate, timeDate, type Rule } from '../context.js';

/** article:modified_time, og:updated_time, JSON-LD dateModified, dcterms.modified, <time itemprop=dateModified>. */
export const MODIFIED_AT: readonly Rule<string>[] = [
  metaDate('article:modified_time', 'og:updated_time'),
  ldDate('dateModified'),
  metaDate('datemodified', 'dcterms.modified', 'last-modified', 'revised'),
  timeDate((t) => t.itemprop === 'datemodified'),
];
