// Standalone lines that are page furniture by their wording, wherever the page put them: a
// "Read also" / "Mehr zum Thema" lead-in left inside the article container after its teaser
// links were dropped, a picture credit set as a plain paragraph, a newsletter or "support us"
// call, an ad label or affiliate notice. Only short whole lines are judged, never a sentence
// inside prose.
import type { Block, Inline } from '../../blocks.js';
import { inlineText } from '../../to-blocks/block-text.js';
import { unionOf } from '../../dom/patterns.js';

/** Longer than this, a line is a sentence or a real heading, not a box label. */
const LEAD_IN_MAX_CHARS = 60;

/**
 * Lead-ins of "other articles" boxes in the major languages of the web. A line that starts
 * with one of these and stays short ("Mehr zum Thema auf example.org") is the box's label.
 */
const RELATED_LEAD_IN = new RegExp(
  '^(?:' +
    [
      // English
      'related(?: articles?| posts?| stories| content| coverage| topics| reading| news| links)?',
      'read (?:also|more|next)',
      'also read',
      'see also',
      'more on this(?: topic| story)?',
      'further reading',
      'you (?:may|might) (?:also )?(?:like|enjoy|be interested)',
      'recommended (?:for you|reading|articles|stories)',
      'more (?:stories|articles) (?:like this|from)',
      "don't miss",
      // German
      'mehr zum thema',
      'auch interessant',
      'ebenfalls interessant',
      'das (?:könnte|dürfte) (?:sie|dich|euch|ihnen) (?:auch )?interessieren',
      'das thema könnte (?:sie|dich|euch) (?:auch )?interessieren',
      '(?:lesen sie|lies) (?:auch|mehr|weiter)',
      'zum weiterlesen',
      'weiterlesen',
      'schon gelesen',
      'passend (?:dazu|zum thema)',
      'ähnliche (?:artikel|beiträge|themen|news)',
      'verwandte (?:artikel|beiträge|themen)',
      'weitere (?:artikel|beiträge|themen|news|meldungen|nachrichten)',
      'mehr themen',
      'empfohlene (?:artikel|beiträge)',
      // Rails of the site's other pages: "Mehr aus der Sendung", "Viel gelesen in Handel", "Weitere Tourentipps in Schweden"
      'mehr aus (?:der|dem|diesem|dieser) (?:sendung|ressort|rubrik|reihe|serie|kategorie)',
      '(?:viel|meist) ?gelesen(?:e)?',
      'weitere [\\p{L}-]*tipps',
      'neueste (?:artikel|beiträge|nachrichten)',
      '(?:heute )?empfehlen wir',
      'wir empfehlen (?:auch|außerdem|ihnen|dir|euch)',
      'diese (?:artikel|beiträge) könnten (?:sie|dich|euch) (?:auch |ebenfalls )?interessieren',
      'siehe auch',
      // Spanish / Portuguese
      'temas relacionados',
      '(?:noticias|artículos|notas|contenidos?) relacionad[oa]s',
      'le(?:e|a) (?:también|más)',
      '(?:también )?te puede interesar',
      'le puede interesar',
      'sigue leyendo',
      'seguir leyendo',
      'leia (?:também|mais)',
      'veja também',
      '(?:notícias|artigos) relacionad[oa]s',
      // French / Italian
      '(?:à )?lire aussi',
      '(?:à )?voir aussi',
      'sur le même sujet',
      'articles similaires',
      'dans la même rubrique',
      'leggi anche',
      'articoli correlati',
      '(?:ti )?potrebbe(?:ro)? interessarti',
      'vedi anche',
      // Polish / Dutch
      '(?:czytaj|przeczytaj|zobacz) (?:też|także|również|więcej)',
      'polecamy',
      'powiązane artykuły',
      'lees ook',
      'gerelateerde artikelen',
      // Links to other pages of the site: archives, next and previous article
      'alle (?:nachrichten|artikel|beiträge|news|meldungen)',
      'weitere informationen zu[mr]?',
      'vorschau auf (?:den|die) nächsten?',
      '(?:next|previous) (?:article|post|story)',
      '(?:nächster|vorheriger) (?:artikel|beitrag)',
      'artículo (?:anterior|siguiente)',
      'article (?:précédent|suivant)',
    ].join('|') +
    ')(?![\\p{L}\\p{N}])',
  'iu',
);

/**
 * Labels of the contact / further-information / sources box under a press release or post,
 * when the label is the whole line (the box's text itself is judged on its own).
 */
const APPENDIX_LABEL =
  /^(?:weitere (?:informationen|infos)|zusatzinformationen|mehr (?:informationen|infos)|further information|more information|más información|plus d.informations?|(?:presse)?kontakt|(?:press |media )?contacts?|ansprechpartner(?:in)?(?: zum thema)?|quellen(?:angaben)?|kontaktieren sie uns(?: gerne)?(?: auch)?(?: direkt)?|contact us(?: directly)?|(?:pressesprecher|pressereferent)(?:\*in|:in|in|innen)?(?: \p{Lu}[\p{L}.'-]*){0,3})\s*[:.]?$/iu;

/** The label of a table of contents ("Inhaltsverzeichnis", "Table of contents"): the list of
 *  links under it goes as a link list, the label would stand alone. */
const TOC_LABEL =
  /^(?:inhaltsverzeichnis|table of contents|contents|sommaire|table des matières|índice|indice|spis treści|inhoudsopgave|innehåll|indholdsfortegnelse)\s*[:.]?$/iu;

/** A post-metadata line: a date (and time) alone or under a "published / updated" label. */
const DATE_LINE_MAX_CHARS = 60;
const MONTH_WORD = '\\p{L}{3,10}\\.?';
const DATE = `(?:\\d{1,2}\\.? ?(?:\\d{1,2}\\.|${MONTH_WORD}) ?\\d{2,4}|\\d{4}-\\d\\d-\\d\\d|${MONTH_WORD} \\d{1,2}(?:st|nd|rd|th)?,? \\d{4})`;
const DATE_LINE = new RegExp(
  '^(?:(?:stand|aktualisiert(?: am)?|zuletzt (?:aktualisiert|geändert)(?: am)?|veröffentlicht(?: am)?|veröffentlichung|erstellt(?: am)?|' +
    'published(?: on)?|updated(?: on)?|posted(?: on)?|last (?:modified|updated)(?: on)?|publicado(?: el)?|actualizado(?: el)?|' +
    'publié le|mis à jour le|opublikowano|aktualizacja)\\s*:?\\s*)?' +
    '(?:\\p{L}+,? )?' +
    DATE +
    '(?:,? (?:um |at |à )?\\d\\d?[:.]\\d\\d(?: ?uhr| ?[ap]m)?)?\\.?$',
  'iu',
);

/**
 * A byline standing as a line: "Von Claudia Lindner", "By Nada Tawfik, BBC News", "Por Agencia EFE",
 * "Autorin: Sylvia Grossgasteiger". Without a colon the words after "by" must read as names (two
 * or more capitalised words), so "Von Rechts wegen" or "By the numbers" stay.
 */
const BYLINE_MAX_CHARS = 80;
const NAME = "\\p{Lu}[\\p{L}'’.-]*(?: \\p{Lu}[\\p{L}'’.-]*){1,3}";
const BYLINE = new RegExp(
  '^(?:' +
    `(?:von|by|par|por|door|przez|written by|posted by|verfasst von|geschrieben von|publicado por) ${NAME}(?: (?:,|und|and|&|y|et|i) ?${NAME})*` +
    '|(?:von|by|autor(?:in|en|innen|:innen)?|authors?|text|texto|redakcja|redacción)\\s*:\\s*\\p{L}[^.!?]*' +
    ')(?:\\s*[,|/]\\s*[^.!?]{0,40})?$',
  'u',
);
const BYLINE_WORD =
  /^(?:von|by|par|por|door|przez|written|posted|verfasst|geschrieben|publicado|autor|author|text|texto|redakcja|redacción)/iu;

/** A post-meta line: short fields split by "|", "·" or "•", one of them a date
 *  ("Freitag | 14. Juni 2019 | 15:49 von X in Fashion | 0 comments"). */
const META_LINE_MAX_CHARS = 150;
const META_FIELD_MAX_CHARS = 60;
const META_SEPARATOR = /\s[|·•]\s/u;
/** Inside a line, a date needs a full year or numeric day and month, so "12 Euro 50" is none. */
const DATE_IN_LINE = `(?:\\d{1,2}\\.\\d{1,2}\\.\\d{2,4}|\\d{1,2}/\\d{1,2}/\\d{4}|\\d{4}-\\d\\d-\\d\\d|\\d{1,2}\\.? ${MONTH_WORD} \\d{4}|${MONTH_WORD} \\d{1,2}(?:st|nd|rd|th)?,? \\d{4})`;
const HAS_DATE = new RegExp(`(?:^|[^\\p{L}\\p{N}])${DATE_IN_LINE}(?![\\p{N}])`, 'iu');

/** "Back to the overview" links left as text. */
const BACK_LINK =
  /^[\W_]*(?:zurück|back|retour|volver|powrót)(?: (?:to|zur|zum|zu|nach|à|a la|al|do) .{0,30}(?:übersicht\w*|startseite|seite|liste\w*|top|oben|home|overview|index|meldungen|newsroom|accueil|inicio|lexikon|ansicht|blog|news|\w+seite))?\W*$/iu;

/** The sentence or label of a blog's post-metadata footer ("This entry was posted on ... and is
 *  filed under ...", "Der Beitrag wurde am ... veröffentlicht", "Abgelegt unter: ..."). */
const POST_META_LEAD =
  /^(?:this entry was posted|(?:der|dieser) (?:beitrag|eintrag|artikel) wurde am|abgelegt unter|filed under|veröffentlicht in|posted in|release date)(?![\p{L}\p{N}])/iu;
const POST_META_MAX_CHARS = 300;
/** The blog system's full footer goes on to the comment feed and trackbacks ("You can follow
 *  any responses to this entry through the RSS 2.0 feed", "Du kannst ... einen Trackback ...
 *  einrichten"): longer, and no sentence of an article talks so. */
const POST_META_FEED = /\b(?:rss|trackbacks?|pingbacks?|pings|feed)\b/i;
const POST_META_FEED_MAX_CHARS = 600;

/** Credits and captions are short; a longer paragraph that mentions a photo is prose. */
const CREDIT_MAX_CHARS = 200;

/** Labels of picture credits and sources ("Foto: dpa", "Crédits photos : X", "Abbildung 4: ..."). */
const CREDIT_LABEL =
  /^\(?\s*(?:fotos?|photos?|bild(?:er|quelle)?|titelbild|beitragsbild|titelfoto|headerbild|aufmacherbild|fotoquelle|quellen?|credits?|crédits?(?: photos?)?|image(?:s| credits?)?|photo credits?|picture|source|fuente|fotografía|zdjęcie|fot\.|abbildung(?: \d+)?|abb\. ?\d*)\s*:/iu;

/** A caption that ends in its credit: "... Ski-Star aus der Schweiz. © AFP / X", "... Foto: Andina". */
const TRAILING_CREDIT = /(?:©|\b(?:foto|photo|bild|credit|quelle|fuente|source)\s*:)\s*[^.!?:©]{1,60}\)?$/i;
/** The same after a "©" whose holder is a web address ("... was man darüber wissen muss© Rike/pixelio.de"):
 *  its dots sit between letters, not at a sentence's end. */
const TRAILING_COPYRIGHT_SITE = /©\s*(?:[^.!?:©]|\.(?=\p{L})){1,60}$/iu;

/** How to cite the page ("SUGGESTED CITATION Sauer, Heiko: ...", "Diese Folge zitieren: ..."),
 *  its permanent address ("Permalink: https://...", "Permalien https://p.dw.com/p/RPYx") and a
 *  picture viewer's controls ("Alle Bilder anzeigen", "Bild anzeigen Bild schließen"): about the
 *  page, not its text. */
const PAGE_TOOL_LINE =
  /^(?:suggested citation|zitiervorschlag|zitierweise|(?:diese[ns]? (?:folge|artikel|beitrag) )?zitieren\s*:|cite this (?:article|post|page|episode)|citer cet article|cómo citar|permalink|permalien|enlace permanente|(?:alle )?bild(?:er)? (?:anzeigen|schließen|vergrößern)(?: bild(?:er)? (?:anzeigen|schließen|vergrößern))?$)/iu;
const PAGE_TOOL_MAX_CHARS = 400;

/** A listing's count line ("Es werden die Weine 1 bis 10 von insgesamt 19 angezeigt!",
 *  "Showing 1–10 of 19 results") and a pingback's notice ("1. Pingback von [Title](url) |
 *  date"): about the page's lists, not its text. */
const LIST_NOTICE_LINE =
  /^\W*(?:showing|displaying|es werden (?:die )?\p{L}+|zeige|angezeigt werden)\s+\d+\s*(?:[-–]|bis|to)\s*\d+\s+(?:von|of)\s+(?:insgesamt\s+)?\d+(?![\p{L}\p{N}])/iu;
const PINGBACK_LINE = /^\W*(?:\d+\.\s*)?(?:pingback|trackback)(?:\s+(?:von|from|de|by))?\s*:?\s+\S/iu;
const LIST_NOTICE_MAX_CHARS = 300;

/** A journal's paywall offer under the preview of an article ("Access options", "Buy single
 *  article", "Instant access to the full article PDF.", "Immediate online access to all
 *  issues from 2019. Subscription will auto renew annually."): the offer, not the article. */
const PAYWALL_OFFER_LINE =
  /^(?:access options|buy (?:single )?article(?: pdf)?|instant access to the full article(?: pdf)?\.?|immediate online access to all issues\b.*|subscription will auto[- ]renew\b.*|rent this article\b.*)$/iu;
const PAYWALL_OFFER_MAX_CHARS = 160;

/** A copyright line: "© 2022 Example Media", "Copyright © Example". */
const COPYRIGHT_LINE = /^(?:copyright\s*)?©/iu;

/** A link to a picture file: lightbox and "full size" links, whose label is a caption. */
const PICTURE_FILE = /\.(?:jpe?g|png|gif|webp|avif)(?:[?#]|$)/i;

/** Calls to action are one or two sentences; a longer paragraph that mentions them is prose. */
const CALL_MAX_CHARS = 200;

/** Newsletter, subscription, "support us" and "follow us" calls in the major languages. */
const CALL_TO_ACTION = new RegExp(
  [
    'subscribe (?:to|for|now|today|and|here)',
    'sign(?:ing)? up (?:for|to|here|now|today)',
    '\\babonnier',
    'abonnez-vous',
    'inscrivez-vous',
    'suscr[ií]b(?:ete|ite|ase)',
    'zapraszamy (?:też )?do subskrypcji',
    'support (?:our|independent|quality) (?:work|journalism)',
    'unterstützen sie (?:uns|unsere|diese)',
    'unterstütze (?:uns|unsere)',
    'apóyanos',
    'hazte (?:miembro|socio)',
    'become a (?:member|patron|supporter|subscriber)',
    'werden sie mitglied',
    'follow us',
    'folg(?:e|t|en sie) uns',
    'síguenos',
    'suivez[- ]nous',
    'obserwuj nas',
    'nuestro canal de',
    'unseren? (?:youtube|instagram|tiktok)',
    'our (?:youtube|instagram|tiktok) (?:channel|account)',
  ].join('|'),
  'i',
);

/**
 * Appeals to support, join or pay for the publication, and ads for the site's own app or ad
 * space: imperatives no article prose uses about itself ("Unterstütze unser Magazin mit einem
 * kleinen Beitrag", "Apóyanos", "Would you consider supporting our work?"). Such a box is often
 * a whole paragraph of pitch, so it is judged up to APPEAL_MAX_CHARS.
 */
const SUPPORT_APPEAL = new RegExp(
  [
    'consider supporting',
    'support (?:our|independent|quality) (?:work|journalism|reporting)',
    'become a (?:member|patron|supporter|subscriber)',
    'join now or renew',
    'first-time subscribers',
    'advertise with us',
    'straight to your (?:phone|inbox)',
    // Asking for money, not for a petition or a cause ("unterstützen Sie unsere Forderung").
    '(?:unterstütze|unterstützen sie) (?:uns|unser\\p{L}*)(?: \\p{L}+)? mit (?:einem|einer|\\d)',
    'brauchen wir (?:deine|eure|ihre) unterstützung',
    // An amount names the money whatever is supported ("Unterstütze RosaMag bereits mit 2,50!").
    '(?:unterstütze|unterstützen sie) \\S+(?: \\S+)? (?:bereits |schon |ab )?mit (?:\\d|€)',
    'werden sie mitglied',
    'ihr beitrag hilft',
    'apóyanos',
    'hazte (?:miembro|socio)',
    'únete a nuestra comunidad',
    'cancela cuando quieras',
    'soutenez[- ](?:nous|notre)',
    'wesprzyj (?:nas|nasz)',
  ].join('|'),
  'iu',
);
const APPEAL_MAX_CHARS = 600;

/** Licence notices of the page's text ("Dieser Text wurde veröffentlicht unter der Lizenz CC-BY",
 *  "Unless otherwise noted, content on this site is licensed under ..."). */
const LICENCE_NOTICE =
  /(?:veröffentlicht|steh(?:t|en)) unter (?:der|einer) (?:\S+ )?lizenz|sofern nicht anders (?:angegeben|ausgewiesen|vermerkt)|unless otherwise (?:noted|stated|indicated|specified)|(?:text|article|post|content|work) is licensed under/i;
const LICENCE_MAX_CHARS = 250;

/** A line naming a newsletter is a call only when it is a label or asks the reader to act:
 *  "The newsletter reached 10,000 readers" is prose. */
const NEWSLETTER = /newsletter/i;
const NEWSLETTER_LABEL_MAX_CHARS = 40;
const NEWSLETTER_CALL =
  /abonn|subscri|sign(?:ing)? ?up|anmeld|register|registrier|inscri|suscri|bestell|iscriv|zapisz|receive|erhalt|bekomm|recib|recev|get (?:the|our)|join (?:our|the|us)|hol (?:dir|euch)|holen sie|kostenlos|gratis|free\b|e-?mail/i;
function isNewsletterCall(text: string): boolean {
  if (!NEWSLETTER.test(text)) return false;
  return text.length <= NEWSLETTER_LABEL_MAX_CHARS || NEWSLETTER_CALL.test(text);
}

/** "Follow X on Twitter and Instagram ...": a follow call naming social networks is furniture
 *  even with contact details appended. */
const SOCIAL_FOLLOW =
  /\b(?:follow|folg\w*|síg\w*|suiv\w*|obserwuj)\b.{0,80}\b(?:twitter|facebook|instagram|youtube|tiktok|linkedin|whatsapp|telegram|mastodon)\b/iu;
const SOCIAL_FOLLOW_MAX_CHARS = 300;
/** Cheap first test: most lines name no network at all. */
const SOCIAL_NETWORK = /twitter|facebook|instagram|youtube|tiktok|linkedin|whatsapp|telegram|mastodon/i;

/** Advertising labels standing alone ("Anzeige", "- Advertisement -", "Reklama"). */
const AD_LABEL =
  /^[\W_]*(?:anzeige|werbung|reklama|publicidad|publicité|pubblicità|advertisement|advertorial|sponsored|gesponsert)[\W_]*$/iu;

/** Affiliate and advertising disclosures. */
const DISCLOSURE =
  /all rights reserved|alle rechte vorbehalten|todos los derechos reservados|tous droits réservés|wszelkie prawa zastrzeżone|copyrighted property|written permission|affiliate[- ]?links?|affiliatelink|we (?:may )?(?:earn|receive) (?:a )?(?:small )?(?:commission|compensation)|(?:contains|enthält) (?:werbung|affiliate|anzeigen?)|advertising disclos|references to products from|alle angaben ohne gewähr/i;
const DISCLOSURE_MAX_CHARS = 400;

/** Placeholders of embedded posts and videos, and sign-up fine print: the privacy policy and
 *  consent in one short paragraph ("Mit dem Laden des Tweets akzeptieren Sie die
 *  Datenschutzerklärung", "By signing up you accept our Privacy Policy"). */
const PRIVACY = /datenschutz|privatsphäre|privacy|cookies?\b|confidentialité|privacidad|prywatności/i;
const CONSENT =
  /laden|load|akzeptier|accept|einverständnis|einwillig|consent|zustimm|agree|aceptas?|acepto|accepte|zgod/i;
/** What such a notice is about: an embedded post, video or map, or a sign-up form. Without one
 *  a short paragraph on data protection and consent is an article's own prose (a report on a
 *  privacy ruling). */
const NOTICE_SUBJECT =
  /tweet|twitter|video|youtube|vimeo|instagram|facebook|tiktok|podcast|spotify|soundcloud|karte|\bmaps?\b|inhalt|content|embed|eingebettet|extern|external|drittanbieter|third[- ]part|newsletter|anmeld|sign(?:ing)? ?up|subscri|abonn|registr|formular|form\b/i;

/** Labels of comment, share, print and rating widgets are short; a line opening such a widget
 *  may carry a short note ("Keine Kommentare (Kommentare erscheinen nach Freigabe)"). */
const WIDGET_MAX_CHARS = 40;
const WIDGET_LEAD_MAX_CHARS = 80;

/** A widget label that is the whole line: "Kommentare (3)", "Print", "Teilen:". */
const WIDGET_WORD =
  /^(?:\d+ )?(?:kommentare?|kommentieren|comments?|comentarios?|commentaires?|komentarze?|drucken|print|teilen|share|compartir|partager|udostępnij)(?: ?\(?\d+\)?)?\s*[:.!]?$/iu;

/** Lines that open a comment, share or rating widget. */
const WIDGET_LEAD = new RegExp(
  '^(?:' +
    [
      'kommentar(?:e)? (?:schreiben|verfassen|hinzufügen|abgeben)',
      'kommentare (?:sind )?geschlossen',
      'keine kommentare',
      'kommentare zu',
      'kommentieren sie',
      'leave a (?:comment|reply)',
      '(?:write|add|post) a comment',
      'comments are closed',
      'no comments',
      'comment by',
      'deja (?:un|tu) comentario',
      'laisser un commentaire',
      'dodaj komentarz',
      'pingback',
      'trackback',
      '(?:diesen )?artikel (?:teilen|bewerten|drucken)',
      'teilen (?:sie )?(?:dies|den artikel|mit)',
      'share (?:this|the) (?:article|post|story|page)',
      'möchten sie (?:den|diesen) artikel teilen',
      'hier können sie den artikel bewerten',
      'bewerten sie (?:diesen|dieses|den)',
      'rate this (?:article|post|recipe)',
      'print (?:this )?(?:recipe|article|page)',
      'sie sind (?:aktuell )?nicht (?:eingeloggt|angemeldet)',
      'you must be logged in',
      'nur (?:angemeldete|registrierte|eingeloggte) (?:benutzer|nutzer|user|mitglieder)',
      'only (?:registered|logged[- ]in) (?:users|members)',
      'noch keine kommentare',
      'sei (?:der|die) erste',
      'be the first to (?:comment|like)',
      '(?:\\S+ )*als pdf (?:herunterladen|speichern)',
      'download (?:as )?pdf',
      'pdf version',
    ].join('|') +
    ')(?![\\p{L}\\p{N}])',
  'iu',
);

/** A source or picture credit set as "author/agency" ("dpa/lni", "aja/PAP", "Judy Eddy/WENN.com"):
 *  one slash between one to three words on each side, nothing else. */
const SLASH_CREDIT = /^\p{L}[\p{L}.&-]*(?: [\p{L}.&-]+){0,2} ?\/ ?[\p{L}.&-]+(?: [\p{L}.&-]+){0,2}$/u;
const SLASH_CREDIT_MAX_CHARS = 40;

/** Such a line is a credit only where credits stand: first text (the lead picture's) or last (the
 *  agency's signature) in the content; elsewhere "Berlin/Brandenburg" may be a subheading. */
function isSlashCredit(block: Block): boolean {
  if (block.type !== 'paragraph') return false;
  const text = inlineText(block.children, SLASH_CREDIT_MAX_CHARS + 1).trim();
  return text.length <= SLASH_CREDIT_MAX_CHARS && SLASH_CREDIT.test(text);
}

export function dropFurnitureLines(blocks: Block[]): Block[] {
  let changed = false;
  const out: Block[] = [];
  // The first line of text (after the lead picture) and the last one.
  const first = blocks.findIndex((b) => b.type !== 'image');
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i]!;
    if (isFurnitureLine(b) || ((i === first || i === blocks.length - 1) && blocks.length > 1 && isSlashCredit(b))) {
      changed = true;
      continue;
    }
    if (b.type === 'list') {
      const list = withoutPageTools(b);
      if (list !== b) {
        changed = true;
        if (list !== null) out.push(list);
        continue;
      }
    }
    const pictures = b.type === 'paragraph' ? (pictureLinkImages(b.children) ?? viewerCaptionImages(b.children)) : null;
    if (pictures) {
      changed = true;
      out.push(...pictures);
      continue;
    }
    out.push(b);
  }
  return changed ? out : blocks;
}

/** The label of a picture viewer's control ("Vergrößern", "Enlarge", "View larger"). */
const VIEWER_LABEL =
  /^\W*(?:vergrößern|bild vergrößern|zum vergrößern klicken|enlarge|click to enlarge|view larger|zoom|agrandir|ampliar|ingrandisci|powiększ)\W*$/iu;
/** A caption is a line or two. */
const VIEWER_CAPTION_MAX_CHARS = 300;

/**
 * A line that opens with a picture viewer's control, a link to the picture file labelled
 * "Vergrößern" or "Enlarge", is that picture's caption ("[Vergrößern](photo.jpg) Eine kleine
 * runde Aussparung ..."): the picture (if the link shows one) stays, the line goes.
 */
function viewerCaptionImages(inlines: Inline[]): Block[] | null {
  let i = 0;
  while (i < inlines.length && inlines[i]!.type === 'text' && (inlines[i] as { text: string }).text.trim() === '') i++;
  const first = inlines[i];
  if (first === undefined || first.type !== 'link' || first.href === null || !PICTURE_FILE.test(first.href))
    return null;
  if (!VIEWER_LABEL.test(inlineText(first.children, 40))) return null;
  const rest = inlineText(inlines.slice(i + 1), VIEWER_CAPTION_MAX_CHARS * 2)
    .replace(/\s+/g, ' ')
    .trim();
  if (rest.length === 0 || rest.length > VIEWER_CAPTION_MAX_CHARS) return null;
  const images: Block[] = [];
  collectImages(first.children, images);
  return images;
}

/** A page tool set as a list item (a metadata list "Date ... / Print this page / Permalien
 *  https://...") or a pingback in the list of comments: the item goes, the other items stay;
 *  a list of nothing else goes. Only these lines are judged in lists (the other line rules
 *  read prose paragraphs). Returns
 *  `list` itself when no item is one. */
function withoutPageTools(list: Extract<Block, { type: 'list' }>): Block | null {
  let kept: typeof list.items | null = null;
  for (let i = 0; i < list.items.length; i++) {
    const item = list.items[i]!;
    // A pingback's item holds its excerpt too; a tool is the item's only line.
    const head = item.children[0];
    const tool =
      head !== undefined && head.type === 'paragraph' && isNoticeLine(head.children, item.children.length === 1);
    if (tool && kept === null) kept = list.items.slice(0, i);
    else if (!tool && kept !== null) kept.push(item);
  }
  if (kept === null) return list;
  return kept.length === 0 ? null : { ...list, items: kept };
}

function isNoticeLine(inlines: Inline[], alone: boolean): boolean {
  const raw = inlineText(inlines, PAGE_TOOL_MAX_CHARS * 2);
  if (raw.length > PAGE_TOOL_MAX_CHARS * 2) return false;
  const text = raw.replace(/\s+/g, ' ').trim();
  if (text.length === 0) return false;
  if (text.length <= LIST_NOTICE_MAX_CHARS && PINGBACK_LINE.test(text)) return true;
  return (
    alone &&
    ((text.length <= PAGE_TOOL_MAX_CHARS && PAGE_TOOL_LINE.test(text)) ||
      (text.length <= LIST_NOTICE_MAX_CHARS && LIST_NOTICE_LINE.test(text)))
  );
}

/**
 * A line made only of links to picture files ("[Caption](photo.jpg)", or a linked thumbnail
 * whose alt text is the caption) is a picture, not text: its images stay, the caption goes.
 */
function pictureLinkImages(inlines: Inline[]): Block[] | null {
  const images: Block[] = [];
  let links = 0;
  for (const n of inlines) {
    if (n.type === 'text' && n.text.trim() === '') continue;
    if (n.type === 'break') continue;
    if (n.type !== 'link' || n.href === null) return null;
    const before = images.length;
    const hasText = collectImages(n.children, images);
    // A link to a picture file is a picture whatever its label; any other link is one only
    // when it shows nothing but pictures (a linked thumbnail, whose alt would read as text).
    if (!PICTURE_FILE.test(n.href) && (hasText || images.length === before)) return null;
    links++;
  }
  return links > 0 ? images : null;
}

/** Collects the images under a link; says whether the link also shows text. */
function collectImages(inlines: Inline[], into: Block[]): boolean {
  let hasText = false;
  const stack = [...inlines].reverse();
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.type === 'image') into.push({ type: 'image', src: n.src, alt: n.alt, caption: null });
    else if (n.type === 'text' || n.type === 'code') hasText ||= n.text.trim() !== '';
    else if (n.type === 'link' || n.type === 'emphasis' || n.type === 'strong')
      stack.push(...[...n.children].reverse());
  }
  return hasText;
}

/** No rule judges a line longer than this. */
const LONGEST_LINE = APPEAL_MAX_CHARS;
const WHITESPACE_RUN = /\s\s/;
/** Whitespace that collapsing changes: a run, or any whitespace but a plain space. */
const COLLAPSIBLE = /[^\S ]| {2}/;
/** Whitespace collapses, so raw text may be longer than the line; beyond this it is prose. */
const RAW_TEXT_LIMIT = 4 * LONGEST_LINE;

/** The rules that look for their words anywhere in the line. Most short lines are prose that
 *  holds none of them: one scan of the union answers "none" for all (each scan of a line costs
 *  about as much as the union's, which tries its alternatives at each place in one pass). */
const ANYWHERE = unionOf(
  CALL_TO_ACTION,
  NEWSLETTER,
  LICENCE_NOTICE,
  SOCIAL_NETWORK,
  DISCLOSURE,
  PRIVACY,
  TRAILING_CREDIT,
);
/** No rule of the union judges a line longer than this. */
const ANYWHERE_MAX_CHARS = Math.max(
  CALL_MAX_CHARS,
  LICENCE_MAX_CHARS,
  SOCIAL_FOLLOW_MAX_CHARS,
  DISCLOSURE_MAX_CHARS,
  CREDIT_MAX_CHARS,
);

function isFurnitureLine(block: Block): boolean {
  if (block.type !== 'heading' && block.type !== 'paragraph') return false;
  // Most paragraphs are prose: their text is read only as far as the limit.
  const raw = inlineText(block.children, RAW_TEXT_LIMIT);
  if (raw.length > RAW_TEXT_LIMIT) return false;
  // Collapsing shortens a line only where whitespace runs, and trimming by one space at each
  // end: without a run, a line this long stays too long, and needs no copy to tell.
  if (raw.length > LONGEST_LINE + 2 && !WHITESPACE_RUN.test(raw)) return false;
  // Whitespace other than single spaces is rare: the copy is made only when there is some
  // (trim removes the same characters as \s matches).
  const text = COLLAPSIBLE.test(raw) ? raw.replace(/\s+/g, ' ').trim() : raw.trim();
  if (text.length === 0 || text.length > LONGEST_LINE) return false;
  if (
    text.length <= LEAD_IN_MAX_CHARS &&
    (RELATED_LEAD_IN.test(text) || APPENDIX_LABEL.test(text) || TOC_LABEL.test(text))
  )
    return true;
  // A date set as a heading titles a section of a timeline, live blog or changelog; only a
  // date paragraph is post metadata.
  if (
    text.length <= DATE_LINE_MAX_CHARS &&
    ((block.type === 'paragraph' && DATE_LINE.test(text)) || BACK_LINK.test(text))
  )
    return true;
  // The anchored lead first: it fails at the line's first word, the feed words are looked for
  // all along the line.
  if (
    POST_META_LEAD.test(text) &&
    (text.length <= POST_META_MAX_CHARS || (text.length <= POST_META_FEED_MAX_CHARS && POST_META_FEED.test(text)))
  )
    return true;
  if (text.length <= BYLINE_MAX_CHARS && isByline(text)) return true;
  if (text.length <= META_LINE_MAX_CHARS && isMetaLine(text)) return true;
  if (
    (text.length <= WIDGET_MAX_CHARS && WIDGET_WORD.test(text)) ||
    (text.length <= WIDGET_LEAD_MAX_CHARS && WIDGET_LEAD.test(text))
  )
    return true;
  // Where the union finds none of its rules' words, each of them would find none.
  const anywhere = text.length <= ANYWHERE_MAX_CHARS && ANYWHERE.test(text);
  if (
    text.length <= CALL_MAX_CHARS &&
    ((anywhere && (CALL_TO_ACTION.test(text) || isNewsletterCall(text))) || AD_LABEL.test(text))
  )
    return true;
  if (text.length <= APPEAL_MAX_CHARS && SUPPORT_APPEAL.test(text)) return true;
  if (anywhere && text.length <= LICENCE_MAX_CHARS && LICENCE_NOTICE.test(text)) return true;
  if (anywhere && text.length <= SOCIAL_FOLLOW_MAX_CHARS && SOCIAL_NETWORK.test(text) && SOCIAL_FOLLOW.test(text))
    return true;
  if (
    text.length <= DISCLOSURE_MAX_CHARS &&
    ((anywhere && isDisclosure(text)) ||
      COPYRIGHT_LINE.test(text) ||
      (anywhere && PRIVACY.test(text) && CONSENT.test(text) && NOTICE_SUBJECT.test(text)))
  )
    return true;
  if (text.length <= PAGE_TOOL_MAX_CHARS && PAGE_TOOL_LINE.test(text)) return true;
  if (text.length <= LIST_NOTICE_MAX_CHARS && (LIST_NOTICE_LINE.test(text) || PINGBACK_LINE.test(text))) return true;
  if (text.length <= PAYWALL_OFFER_MAX_CHARS && PAYWALL_OFFER_LINE.test(text)) return true;
  return block.type === 'paragraph' && isCredit(text, anywhere);
}

/** A sentence of prose that tags one of its links "(affiliate link)" is prose, not the notice:
 *  the tag in brackets, in a line of some length. */
const TAGGED_PROSE_MIN_CHARS = 120;

function isDisclosure(text: string): boolean {
  const m = DISCLOSURE.exec(text);
  if (!m) return false;
  return !(
    text.length >= TAGGED_PROSE_MIN_CHARS &&
    text[m.index - 1] === '(' &&
    text.indexOf(')', m.index) === m.index + m[0].length
  );
}

/** The byline word may be capitalised ("Von", "BY"); the names after it must be. */
function isByline(text: string): boolean {
  const m = BYLINE_WORD.exec(text);
  if (!m) return false;
  return BYLINE.test(m[0].toLowerCase() + text.slice(m[0].length));
}

function isMetaLine(text: string): boolean {
  // Every separator holds one of these: most lines hold none, and need no split.
  if (!text.includes('|') && !text.includes('·') && !text.includes('•')) return false;
  const fields = text.split(META_SEPARATOR);
  if (fields.length < 2 || fields.some((f) => f.length > META_FIELD_MAX_CHARS)) return false;
  return HAS_DATE.test(text);
}

/** `anywhere`: the union of the unanchored rules (TRAILING_CREDIT among them) matched. */
function isCredit(text: string, anywhere: boolean): boolean {
  if (text.length > CREDIT_MAX_CHARS) return false;
  return CREDIT_LABEL.test(text) || (anywhere && TRAILING_CREDIT.test(text)) || TRAILING_COPYRIGHT_SITE.test(text);
}
