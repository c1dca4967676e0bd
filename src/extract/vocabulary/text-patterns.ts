// Patterns of text (not of names): what a price looks like, where a sentence ends.

/** A price: a currency sign or code next to a number. The card-text pass once kept a narrower
 *  copy (signs only: $ € £ ¥ ₹ before, $ € £ after); this one changes no answer there on the
 *  development sets. */
export const PRICE =
  /(?:[$€£¥₹₽]|\b(?:USD|EUR|GBP|CHF|CAD|AUD|Rs\.?))\s?\d|\d\s?(?:[$€£₽]|kr\b|zł|Kč|lei\b|USD\b|EUR\b)/;

/** A line that ends as a sentence does (a closing quote allowed). */
export const SENTENCE_END = /[.!?…]["”“»«’']?$/;
