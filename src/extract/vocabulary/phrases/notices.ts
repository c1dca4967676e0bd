/** Licence notices of the page's text ("Dieser Text wurde veröffentlicht unter der Lizenz CC-BY",
 *  "Unless otherwise noted, content on this site is licensed under ..."). */
export const LICENCE_NOTICE = new RegExp(
  '(?:veröffentlicht|steh(?:t|en)) unter (?:der|einer) (?:\\S+ )?lizenz|' +
    'sofern nicht anders (?:angegeben|ausgewiesen|vermerkt)|' +
    'unless otherwise (?:noted|stated|indicated|specified)|(?:text|article|' +
    'post|content|work) is licensed under',
  'i',
);
/** Affiliate and advertising disclosures. */
export const DISCLOSURE = new RegExp(
  'all rights reserved|alle rechte vorbehalten|todos los derechos reservados|' +
    'tous droits réservés|wszelkie prawa zastrzeżone|copyrighted property|' +
    'written permission|affiliate[- ]?links?|we (?:may )?(?:earn|' +
    'receive) (?:a )?(?:small )?(?:commission|compensation)|(?:contains|' +
    'enthält) (?:werbung|affiliate|anzeigen?)|advertising disclos|' +
    'references to products from|alle angaben ohne gewähr',
  'i',
);
/** Placeholders of embedded posts and videos, and sign-up fine print: the privacy policy and
 *  consent in one short paragraph ("Mit dem Laden des Tweets akzeptieren Sie die
 *  Datenschutzerklärung", "By signing up you accept our Privacy Policy"). */
export const PRIVACY = /datenschutz|privatsphäre|privacy|cookies?\b|confidentialité|privacidad|prywatności/i;
export const CONSENT_WORD =
  /laden|load|akzeptier|accept|einverständnis|einwillig|consent|zustimm|agree|aceptas?|acepto|zgod/i;
/** What such a notice is about: an embedded post, video or map, or a sign-up form. Without one
 *  a short paragraph on data protection and consent is an article's own prose (a report on a
 *  privacy ruling). */
export const NOTICE_SUBJECT = new RegExp(
  'tweet|twitter|video|youtube|vimeo|instagram|facebook|tiktok|podcast|' +
    'spotify|soundcloud|karte|\\bmaps?\\b|inhalt|content|embed|eingebettet|' +
    'extern|drittanbieter|third[- ]part|newsletter|anmeld|sign(?:ing)? ?up|' +
    'subscri|abonn|registr|formular|form\\b',
  'i',
);
/** How to cite the page ("SUGGESTED CITATION Sauer, Heiko: ...", "Diese Folge zitieren: ..."),
 *  its permanent address ("Permalink: https://...", "Permalien https://p.dw.com/p/RPYx") and a
 *  picture viewer's controls ("Alle Bilder anzeigen", "Bild anzeigen Bild schließen"): about the
 *  page, not its text. */
export const PAGE_TOOL_LINE = new RegExp(
  '^(?:suggested citation|zitiervorschlag|zitierweise|(?:diese[ns]? (?:folge|' +
    'artikel|beitrag) )?zitieren\\s*:|cite this (?:article|post|page|episode)|' +
    'citer cet article|cómo citar|permalink|permalien|enlace permanente|' +
    '(?:alle )?bild(?:er)? (?:anzeigen|schließen|' +
    'vergrößern)(?: bild(?:er)? (?:anzeigen|schließen|vergrößern))?$)',
  'iu',
);
/** A listing's count line ("Es werden die Weine 1 bis 10 von insgesamt 19 angezeigt!",
 *  "Showing 1–10 of 19 results") and a pingback's notice ("1. Pingback von [Title](url) |
 *  date"): about the page's lists, not its text. */
export const LIST_NOTICE_LINE = new RegExp(
  '^\\W*(?:showing|displaying|es werden (?:die )?\\p{L}+|zeige|' +
    'angezeigt werden)\\s+\\d+\\s*(?:[-–]|bis|to)\\s*\\d+\\s+(?:von|' +
    'of)\\s+(?:insgesamt\\s+)?\\d+(?![\\p{L}\\p{N}])',
  'iu',
);
export const PINGBACK_LINE = /^\W*(?:\d+\.\s*)?(?:pingback|trackback)(?:\s+(?:von|from|de|by))?(?:\s*:)?\s+\S/iu;
/** A journal's paywall offer under the preview of an article ("Access options", "Buy single
 *  article", "Instant access to the full article PDF.", "Immediate online access to all
 *  issues from 2019. Subscription will auto renew annually."): the offer, not the article. */
export const PAYWALL_OFFER_LINE = new RegExp(
  '^(?:access options|buy (?:single )?article(?: pdf)?|' +
    'instant access to the full article(?: pdf)?\\.?|' +
    'immediate online access to all issues\\b.*|' +
    'subscription will auto[- ]renew\\b.*|rent this article\\b.*)$',
  'iu',
);
export const CONSENT_WORDS = /\b(?:cookies?|consent|vendors?|opt[ -]?out|legitimate interest|tracking)\b/gi;
