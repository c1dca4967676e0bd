/** Labels of picture credits and sources ("Foto: dpa", "Crédits photos : X", "Abbildung 4: ..."). */
export const CREDIT_LABEL = new RegExp(
  '^\\(?\\s*(?:fotos?|photos?|bild(?:er|quelle)?|titelbild|beitragsbild|' +
    'titelfoto|headerbild|aufmacherbild|fotoquelle|quellen?|credits?|' +
    'crédits?(?: photos?)?|image(?:s| credits?)?|photo credits?|picture|source|' +
    'fuente|fotografía|zdjęcie|fot\\.|abbildung(?: \\d+)?|abb\\. ?\\d*)\\s*:',
  'iu',
);
/** A caption that ends in its credit: "... Ski-Star aus der Schweiz. © AFP / X", "... Foto: Andina". */
export const TRAILING_CREDIT = /(?:©|\b(?:foto|photo|bild|credit|quelle|fuente|source)\s*:)\s*[^.!?:©]{1,60}\)?$/i;
/** The same after a "©" whose holder is a web address ("... was man darüber wissen muss© Rike/pixelio.de"):
 *  its dots sit between letters, not at a sentence's end. */
export const TRAILING_COPYRIGHT_SITE = /©\s*(?:[^.!?:©]|\.(?=\p{L})){1,60}$/iu;
/** A copyright line: "© 2022 Example Media", "Copyright © Example". */
export const COPYRIGHT_LINE = /^(?:copyright\s*)?©/iu;
/** A link to a picture file: lightbox and "full size" links, whose label is a caption. */
export const PICTURE_FILE = /\.(?:jpe?g|png|gif|webp|avif)(?:[?#]|$)/i;
/** A source or picture credit set as "author/agency" ("dpa/lni", "aja/PAP", "Judy Eddy/WENN.com"):
 *  one slash between one to three words on each side, nothing else. */
export const SLASH_CREDIT = /^\p{L}[\p{L}.&-]*(?: [\p{L}.&-]+){0,2} ?\/ ?[\p{L}.&-]+(?: [\p{L}.&-]+){0,2}$/u;
/** The label of a picture viewer's control ("Vergrößern", "Enlarge", "View larger"). */
export const VIEWER_LABEL = new RegExp(
  '^\\W*(?:vergrößern|bild vergrößern|zum vergrößern klicken|enlarge|' +
    'click to enlarge|view larger|zoom|agrandir|ampliar|ingrandisci|' +
    'powiększ)\\W*$',
  'iu',
);
