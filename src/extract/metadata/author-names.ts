// A byline as people's names: "By Jane Doe and John Roe, Staff Writers | March 3, 2020" ->
// "Jane Doe, John Roe". Drops the "By"/"Von"/"Par" lead, roles, dates, "and"/"und"/"&", and
// rejects what is not a name at all (a URL, an e-mail, a sentence, a bare site name's domain).
import { findDateInText } from './dates.js';
import { collapse, dropParenthesised, trimEnds } from './text.js';
import { textValue } from '../../util/text-value.js';
import {
  MAX_BYLINE_WORDS,
  MAX_NAMES,
  MAX_NAME_WORDS,
  MAX_RAW_BYLINE_CHARS,
  MIN_NAME_CHARS,
  MIN_REPEATED_NAME_CHARS,
} from './thresholds.js';

const LEAD =
  // eslint-disable-next-line max-len -- one pattern or word list, kept whole
  /^\s*(?:(?:zeige\s+)?alle\s+(?:beiträge|artikel)\s+von|(?:view\s+)?all\s+(?:posts|articles|stories)\s+(?:by|from|of)|(?:posts|articles|stories)\s+by|more\s+(?:from|by)|(?:mehr|alles|beiträge|artikel)\s+von|gepostet\s+von|(?:publié|écrit|rédigé)\s+par|(?:escrito|publicado)\s+por|scritto\s+da|written\s+by|posted\s+by|published\s+by|story\s+by|words\s+by|interview(?:\s+by|\s+von)?|text\s*(?:by|von)?|by|von|par|por|door|di|av|de|autor(?:in|en|innen)?|authors?|auteur|verfasst\s+von|(?:erstellt|publiziert|gespeichert|eingestellt|geschrieben)\s+von|ein\s+(?:beitrag|artikel)\s+von|redaktion\s*:|(?:eine?\s+)?(?:blog-?\s*|gast)?(?:beitrag|artikel|kolumne|kommentar)\s+von)\s*[:\s]\s*/i;
const ROLE =
  // eslint-disable-next-line max-len -- one pattern or word list, kept whole
  /\b(?:staff\s+writer|staff\s+reporter|senior\s+\w+|contributing\s+\w+|correspondent|reporter|editor(?:-at-large|\s+in\s+chief)?|columnist|contributor|journalist|writer|redakteur(?:in)?|korrespondent(?:in)?|photographer|fotograf(?:in)?|freelance\s+\w+|associated\s+press|for\s+\w+(?:\s+\w+)?)\b/gi;
// Case-sensitive: "E." in "Laura E. Adkins" is an initial, not Italian "e".
// The white space around a separator is left to each part's own trimming.
const SPLIT = /[,;&+/|·•]|(?<!\p{L})(?:and|And|AND|und|et|y|e(?!\.)|og|och|en)(?!\p{L})/u;
/** Words that end a name when a byline runs on ("Jane Doe in Politics on", "Bo2man am"); read on a collapsed part. */
const RUN_ON = / (?:in|on|under|am|um|at|le|el|il|às|a las|the)(?: [\s\S]*)?$/;
const NOT_NAMES =
  // eslint-disable-next-line max-len -- one pattern or word list, kept whole
  /^(?:by|von|par|por|posted|published|written|publiziert|erstellt|beitrag|admin|administrator|staff|editor|team|guest|anonymous|unknown|null|undefined|name|author|autor|more|share|follow|vom|in|on|am|at|uncategori[sz]ed|webmaster|(?:wp|wordpress|site|web|sys)admin|the|ph\.?\s?d|m\.?d|mba|msc|mph|rdn?|drph|dnp)$/i;
/**
 * A weekday, or a word of the buttons and labels around a byline ("Category", "Home", "Post
 * Reply", "Member Login", "Updated"): a date's or the page's furniture, not a name.
 */
const UI_WORD =
  // eslint-disable-next-line max-len -- one pattern or word list, kept whole
  /^(?:mon|tue|wed|thu|fri|sat|sun|monday|tuesday|wednesday|thursday|friday|saturday|sunday|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|category|categories|kategorie|review|reviews|home|get|post|reply|update|updated|uppdaterad|ask|guide|save|read|via|login|logout|sign|demo|subscribe|menu|search|download|cart|tags?|spotlight|unbenannt)$/i;
/** A legal form marks a company, not a person writing ("Zeitung GmbH", "Prisma Media SA"). */
const COMPANY =
  // eslint-disable-next-line max-len -- one pattern or word list, kept whole
  /(?:^|\s)(?:GmbH|AG|SE|KG|Inc\.?|Ltd\.?|LLC|S\.?A\.?|S\.?L\.?|SAS|Corp\.?|e\.\s?V\.?|Verlag|Média|Media Group|Publishing)(?:$|\s|,)/;
/** Name particles written in lower case ("Ludwig van Beethoven", "Rodrigo de la Cruz"). */
export const PARTICLE = /^(?:von|van|der|den|de|da|das|do|dos|del|della|di|du|la|le|bin|al|zu|ten|ter|y)$/;
/** A lower-case login handle: words joined by "." or "_" without spaces. */
const HANDLE = /^\p{Ll}[\p{Ll}\d]*(?:[._][\p{Ll}\d]+)+$/u;
/** A handle that is a domain ("przepisy.pl") names the site, which may sign its own pages. */
const DOMAIN_END = /\.(?:\p{Ll}{2}|com|net|org|info|blog)$/u;
/** Words of the labels and links printed around bylines; no name contains them. */
const LABEL_WORD =
  // eslint-disable-next-line max-len -- one pattern or word list, kept whole
  /^(?:author|authors|article|articles|posts|profile|contributor|contributeur|edit|Edit|published|updated|show|view|AUTHOR|AUTHORS|ARTICLES|POSTS|[Aa]utor|[Aa]utorin|[Aa]utoren|[Aa]uteur|[Aa]uteurs|[Aa]utore|Artikel|Beiträge|Beitrag|Profil|[Zz]uletzt|geändert|aktualisiert|veröffentlicht|[Zz]eige)$/u;
/** The heading of an author box ("The Author", "About the Author", "Meet the Authors"). */
const AUTHOR_HEADING = /^(?:(?:about|meet)\s+)?(?:the|our)\s+authors?$/i;
/** A name does not end with the word that announces one ("Publié par", "Show all articles of"). */
const TRAILING_LINK_WORD = /^(?:by|von|vom|par|por|of|from|with|and|und|mit|da|di|door)$/i;
/**
 * Job titles written before or instead of a name (German compounds by their ending: "FOCUS-Online-Experte",
 * "Projektleiterin").
 */
const JOB =
  // eslint-disable-next-line max-len -- one pattern or word list, kept whole
  /^(?:\S*(?:leiter|leiterin|experte|expertin|anwalt|anwältin|sprecher|sprecherin|redakteur|redakteurin|führer|führerin|referent|referentin|beauftragte|beauftragter|berater|beraterin|vorsitzende|vorsitzender|präsident|präsidentin|direktor|direktorin|professor|professorin|moderator|moderatorin|kolumnist|kolumnistin|korrespondent|korrespondentin|volontär|volontärin|praktikant|praktikantin)|spokesperson|spokesman|spokeswoman|attorney|lawyer|analyst|ceo|cto|cfo|founder|co-founder|director|manager|president)$/i;
/** News agencies, as they sign a wire story ("dpa", "AFP", "AP Sports", "Agencia EFE", "SP-X"). */
export const AGENCY =
  // eslint-disable-next-line max-len -- one pattern or word list, kept whole
  /^(?:(?:agencia|agence|agenzia|redazione)\s+)?(?:dpa(?:-afx)?|afp|ap|reuters|sid|kna|epd|apa|sp-x|efe|ansa|ddp|dts|upi|kyodo|jiji|lusa|belga|anp|tt|ntb|ritzau|europa press|associated press|the associated press|agence france-presse)(?:\s+(?:national|sports|business|news))?$/i;

/** A login with a number ("freeman1984", "delta201", "r23", "user3080392"): how some pages sign (forums
 *  number their members), but a weaker sign than a name. */
export const NUMBERED_LOGIN = /^\p{L}[\p{L}_.-]*\p{L}\d{1,8}$|^\p{Ll}\d{2,8}$/u;

/** The names in a byline, joined with ", "; null when nothing in it reads as a person's name. */
export function cleanAuthor(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let s = collapse(raw, MAX_RAW_BYLINE_CHARS);
  // An e-mail address with the name beside it, as feeds and mail headers write an author
  // ("jane@example.com (Jane Doe)", "Jane Doe <jane@example.com>"): the name.
  const mailed = /^[^\s@()<>]+@[^\s@()<>]+\s*\(([^()@]+)\)$/.exec(s) ?? /^([^<>@]+)<[^\s@<>]+@[^\s@<>]+>$/.exec(s);
  if (mailed) s = mailed[1]!.trim();
  if (s === '' || /^https?:\/\/|^www\./i.test(s) || /@\w+\.\w/.test(s)) return null;
  // A stand-in for no name ("No Author", "Kein Autor"); a "Von X über Y bis Z" phrase is a
  // range of topics, not a byline; a sentence (more words than any list of names) is prose.
  if (
    /^(?:no|kein|sans|sin)\s+(?:author|autor|auteur)$/i.test(s) ||
    /[«„\u201c"][^«»„\u201c\u201d"\s]*\s[^«»„\u201c\u201d"]*[»\u201c\u201d"]/.test(s) ||
    /^von\s.+\sbis\s/i.test(s) ||
    s.split(' ').length > MAX_BYLINE_WORDS
  )
    return null;
  // s is collapsed (one space between words) from here on: the patterns below read one space
  // where a run could stand, so none scans a run again from each of its positions.
  // A link written after the name ("Jane Doe - http://janedoe.com") is her site, not a name.
  s = s.replace(/ ?(?:[-\u2013\u2014|,:] ?)?\(?(?:https?:\/\/|www\.)[^\s)]*\)?/gi, '').trim();
  // A second credit after the writer's ("Text von Jane Doe Illustration von John Roe",
  // "Jane Doe Photos by John Roe"): the illustrator or photographer did not write the text.
  s = s.replace(
    // eslint-disable-next-line max-len -- one pattern or word list, kept whole
    / (?:[|/\u00b7\u2022,;-] ?)?(?:illustrations?|fotos?|photos?|photography|bilder?|grafiken?|images?|zeichnungen?|video|kamera|camera) ?(?:von|by|par|:) [\s\S]*$/i,
    '',
  );
  // "Posted on September 21, 2020 by Jane Doe": the date and its label before the name.
  const dated = /^(.{4,60}?)\s(?:by|von|par|por)\s+(?=\p{Lu})/iu.exec(s);
  if (dated && findDateInText(dated[1]!)) s = s.slice(dated[0].length);
  // Dates and times written after the name ("Jane Doe, 3 March 2020, 10:00").
  const datePos = dateStart(s);
  if (datePos > 0) s = s.slice(0, datePos);
  s = s.replace(/ ?[|\-–—·•] ?(?:updated|published|posted|aktualisiert|veröffentlicht|am|on)\b[\s\S]*$/i, '');
  s = s.replace(/^\s*(?:©|\(c\)|copyright)\s*/i, '').replace(/^\s*[-\u2013\u2014|\u00b7\u2022]{1,4}\s+/, '');
  s = s
    .replace(/^\s*[Bb]y(?=\p{Lu})/u, '')
    .replace(LEAD, '')
    .replace(LEAD, '');
  const names: string[] = [];
  const parts = s.split(SPLIT);
  const alone = parts.filter((p) => p.trim() !== '').length === 1;
  for (let part of parts) {
    const wordAndRole = WORD_AND_ROLE.test(part.trim());
    // Beside other names, a word before a role qualifies it ("Managing Editor", "Sports Writer").
    if (wordAndRole && !alone) continue;
    const roleless = wordAndRole ? part : part.replace(ROLE, ' ');
    // A trailing period is punctuation, except after an initial or Jr./Sr. ("Joe S.", "Perry Bacon Jr.").
    part = trimEnds(dropParenthesised(roleless).replace(/(?:^|\s)@\w+/g, ' '), PART_START, PART_END)
      .replace(/\s+/g, ' ')
      .trim();
    if (part.endsWith('.') && !/(?:^|\s)(?:\p{Lu}|Jr|Sr)\.$/u.test(part)) part = trimEnds(part, '', '.', false).trim();
    part = part.replace(LEAD, '').replace(RUN_ON, '').trim();
    // A job title before the name ("FOCUS-Online-Experte Robin Tschöpe", "Rechtsanwalt Jan Berg")
    // is dropped; a part that is a job title ("Projektleiterin der HSS") is no name.
    const w = part.split(' ');
    let j = 0;
    while (j < w.length && JOB.test(w[j]!)) j++;
    if (j > 0) part = j < w.length && /^\p{Lu}/u.test(w[j]!) && w.length - j >= 2 ? w.slice(j).join(' ') : '';
    // A name printed twice in one node ("Kathrin Führes Kathrin Führes": a caption and a link).
    part = onceIfTwice(part);
    if (part === '' || !looksLikeName(part)) continue;
    if (!names.includes(part)) names.push(part);
    if (names.length >= MAX_NAMES) break;
  }
  // Initials beside the full name are that name again ("Tina Klostermeier, TK"); a news
  // agency beside a person ("David Hutzler, dpa", "Peter Maahn/SP-X") is the wire the story
  // came through, not a second author (an agency alone still signs the piece).
  const person = names.some((n) => !AGENCY.test(n));
  const kept = names.filter(
    (n) =>
      !(/^\p{Lu}{2,3}$/u.test(n) && names.some((o) => o !== n && initials(o) === n)) && !(person && AGENCY.test(n)),
  );
  return kept.length ? kept.join(', ') : null;
}

/**
 * A word and a role word, capitalised: alone in a byline ("Ann Writer", "Court Reporter") the role word is a
 * surname, or the byline is all role, and what stripping would leave (one word) is no one's name; beside
 * other names ("Jane Doe, Managing Editor") it is a role.
 */
const WORD_AND_ROLE =
  /^\p{Lu}\p{Ll}+ (?:Correspondent|Reporter|Editor|Columnist|Contributor|Journalist|Writer|Photographer)$/u;

/**
 * What a part is trimmed of, beside white space, at its start and at its end (a period may end an initial: kept
 * there).
 */
const PART_START = ':.,-\u2013\u2014';
const PART_END = ':,-\u2013\u2014';

/** "Jane Doe Jane Doe" (the name, a space, the same name again, at least three characters): "Jane Doe". */
function onceIfTwice(part: string): string {
  const half = (part.length - 1) / 2;
  return Number.isInteger(half) &&
    part[half] === ' ' &&
    part.slice(0, half) === part.slice(half + 1) &&
    [...part.slice(0, half)].length >= MIN_REPEATED_NAME_CHARS
    ? part.slice(0, half)
    : part;
}

/** The capitals that start a name's words ("Jane Doe" -> "JD"). */
export function initials(name: string): string {
  return name
    .split(/[\s-]+/)
    .filter((w) => /^\p{Lu}/u.test(w))
    .map((w) => w[0])
    .join('');
}

/** A word of an organisation's name led by a digit ("3i Global"): one digit, then letters. */
const DIGIT_LED = /^\d\p{Ll}+$/u;

function looksLikeName(s: string): boolean {
  const words = s.split(' ');
  if (words.length > MAX_NAME_WORDS) return false;
  // A login with a number is how some pages sign ("freeman1984", "delta201"): one word, letters then digits.
  const numbered = words.length === 1 && NUMBERED_LOGIN.test(s);
  if (
    !numbered &&
    (/\d{2}|https?:|www\.|\.(?:com|de|org|net)\b|[<>{}=]/i.test(s) ||
      (words.length > 1 && words.some((w) => /\d/.test(w) && !DIGIT_LED.test(w))))
  )
    return false;
  // One letter ("I" of "Yellow Vests and I") is no name; quoted words are a title or a phrase.
  if ([...s].length < MIN_NAME_CHARS || /[«»\u201c\u201d\u201e"]/.test(s)) return false;
  // A name has letters; a single lower-case word ("admin", "staff") is a role, not a name.
  if (!/\p{L}/u.test(s) || /[!?\p{Extended_Pictographic}]/u.test(s)) return false;
  if (words.length === 1 && NOT_NAMES.test(s)) return false;
  if (words.some((w) => UI_WORD.test(w)) || /^from$/i.test(words[0]!)) return false;
  // A label around the name, not a name: "Über den Autor", "Post author", "Zuletzt geändert",
  // "Show all articles of", "Publié par" (a name does not end with "by"/"von"/"of").
  if (words.some((w) => LABEL_WORD.test(w)) || (words.length > 1 && TRAILING_LINK_WORD.test(words[words.length - 1]!)))
    return false;
  if (COMPANY.test(s) || AUTHOR_HEADING.test(s)) return false;
  // A login handle ("jane.doe", "gabor_munier") is an account, not the name the page shows.
  if (HANDLE.test(s) && !DOMAIN_END.test(s)) return false;
  // A name is written capitalised: several words mostly in lower case are a phrase
  // ("View my complete profile", "the numbers"), not a byline.
  if (words.length > 1 && words.filter((w) => /^\p{Ll}/u.test(w) && !PARTICLE.test(w)).length * 2 > words.length)
    return false;
  return true;
}

function dateStart(s: string): number {
  if (!findDateInText(s)) return -1;
  const m =
    // eslint-disable-next-line max-len -- one pattern or word list, kept whole
    /\b(?:\d{1,2}[./]\s?\d{1,2}[./]\s?\d{2,4}|\d{4}-\d{2}-\d{2}|\d{1,2}\.?\s+\p{L}+\.?\s+\d{4}|\p{L}{3,9}\.?\s+\d{1,2},?\s+\d{4}|(?:updated|published|posted|aktualisiert|veröffentlicht)\b)/iu.exec(
      s,
    );
  return m ? m.index : -1;
}

/** An author as a name, a list of names, or an object with a name ({ name: "Ann Lee" }); joined with ", ". */
export function declaredNames(value: unknown): string | null {
  const list = Array.isArray(value) ? value : [value];
  const out = list
    .map((v) => (v !== null && typeof v === 'object' ? textValue((v as Record<string, unknown>).name) : textValue(v)))
    .filter((n): n is string => n !== null)
    .map((n) => collapse(n));
  return out.length > 0 ? [...new Set(out)].join(', ') : null;
}
