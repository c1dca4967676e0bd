export const MONTH_WORD = '\\p{L}{3,10}\\.?';
export const DATE_PATTERN =
  `(?:\\d{1,2}\\.? ?(?:\\d{1,2}\\.|${MONTH_WORD}) ?\\d{2,` +
  `4}|\\d{4}-\\d\\d-\\d\\d|${MONTH_WORD} \\d{1,2}(?:st|nd|rd|th)?,? \\d{4})`;
export const DATE_LINE = new RegExp(
  '^(?:(?:stand|aktualisiert(?: am)?|zuletzt (?:aktualisiert|geändert)(?: am)?|veröffentlicht(?: ' +
    'am)?|veröffentlichung|erstellt(?: am)?|' +
    'published(?: on)?|updated(?: on)?|posted(?: on)?|last (?:modified|updated)(?: on)?|publicado(?: ' +
    'el)?|actualizado(?: el)?|' +
    'publié le|mis à jour le|opublikowano|aktualizacja)\\s*(?::\\s*)?)?' +
    '(?:\\p{L}+,? )?' +
    DATE_PATTERN +
    '(?:,? (?:um |at |à )?\\d\\d?[:.]\\d\\d(?: ?uhr| ?[ap]m)?)?\\.?$',
  'iu',
);
export const NAME_PATTERN = "\\p{Lu}[\\p{L}'’.-]*(?: \\p{Lu}[\\p{L}'’.-]*){1,3}";
// The trailing ", role | outlet" part belongs to the first form only: after "Author: " the
// free text [^.!?]* reads it already (allowing it there too would let the two trade spaces).
export const BYLINE = new RegExp(
  '^(?:' +
    '(?:von|by|par|por|door|przez|written by|posted by|verfasst von|geschrieben von|publicado por) ' +
    `${NAME_PATTERN}(?: (?:[&,iy]|und|and|et) ?${NAME_PATTERN})*(?:\\s*[,|/]\\s*[^.!?]{0,40})?` +
    '|(?:von|by|autor(?:in|en|innen|:innen)?|authors?|text|texto|redakcja|redacción)\\s*:\\s*\\p{L}[^.!?]*' +
    ')$',
  'u',
);
export const BYLINE_WORD =
  /^(?:von|by|par|por|door|przez|written|posted|verfasst|geschrieben|publicado|autor|author|text|redakcja|redacción)/iu;
export const META_SEPARATOR = /\s[|·•]\s/u;
/** Inside a line, a date needs a full year or numeric day and month, so "12 Euro 50" is none. */
export const DATE_IN_LINE =
  `(?:\\d{1,2}\\.\\d{1,2}\\.\\d{2,4}|\\d{1,2}/\\d{1,2}/\\d{4}|\\d{4}-\\d\\d-\\d\\d|\\d{1,` +
  `2}\\.? ${MONTH_WORD} \\d{4}|${MONTH_WORD} \\d{1,2}(?:st|nd|rd|th)?,? \\d{4})`;
export const HAS_DATE = new RegExp(`(?:^|[^\\p{L}\\p{N}])${DATE_IN_LINE}(?!\\p{N})`, 'iu');
/** A post's taxonomy field: "Kategorie: News", "Category : Press Releases", "Tags: a, b". The
 *  colon is followed by a space: a wiki's "Category:Name" is a page name, not a field. */
const TAXONOMY_WORD =
  '(?:categor(?:y|ies|ía|ías|ie)|kategori(?:e|en|a)|rubri(?:k|ken|que)|' +
  'tags?|schlagw(?:o|ö)rter|etiquetas|mots-clés|tagi)';
export const TAXONOMY_FIELD = new RegExp(`(?:^|[^\\p{L}\\p{N}])${TAXONOMY_WORD} ?: `, 'iu');
/** The field opening a line of several values ("Tags: Employment, Health & Fitness"). */
export const TAXONOMY_LIST_LINE = new RegExp(`^${TAXONOMY_WORD} ?: [^,|]+[,|]`, 'iu');
/** A post's reading time: "5 min read", "6 minute read", "3 MIN. READ", "Reading time: 4 minutes",
 *  "Lesezeit: 3 Min.", "3 Min. Lesezeit", "Temps de lecture : 5 min", "5 min de lectura". A blog
 *  sets it beside the date or the byline ("Dec 18, 2025 ⋅ 15 min read"), as the date is set. */
export const READING_TIME = new RegExp(
  '(?:^|[^\\p{L}\\p{N}])(?:\\d{1,3} ?[-–]? ?(?:min(?:ute)?s?|minuten?|minutos?|minuti)\\.? ' +
    '(?:read|lesezeit|lesedauer|de lecture|de lectura|di lettura|de leitura)' +
    '|(?:read(?:ing)? time|time to read|lesezeit|lesedauer|temps de lecture|tiempo de lectura|' +
    'tempo di lettura|tempo de leitura) ?:? ?(?:ca\\. |~ ?)?\\d{1,3} ?(?:min|minuten?|minutes?|minutos?|minuti))' +
    '(?![\\p{L}\\p{N}])',
  'iu',
);
