// Thresholds of the index profile (index/). Each says why; `Depends on` names the thresholds
// it is weighed against.

// index/page-parts
/** A <form> with this much text wraps the page (ASP.NET WebForms) rather than being a form. */
export const FORM_WRAPPER_CHARS = 400;
/** A banner-named container with this much text wraps content rather than being a banner. */
export const WRAPPER_CHARS = 2000;
/** Links that read like headlines or titles: at least three, most of four words or more. */
export const CONTENT_LINK_WORDS = 4;
/** Three or more <header>s (or <footer>s) outside sectioning elements are teaser cards' own:
 *  only the first header and the last footer are the page's. */
export const CARD_CHROME_MIN = 3;
/** Navigation whose links read like headlines (at least this many links, most of them
 *  CONTENT_LINK_WORDS words or more) is a hub's content. */
export const CONTENT_MIN_LINKS = 3;
/** ...judged on the first this many links: a sample settles it, and a site map of thousands
 *  costs no more. */
export const LINK_SAMPLE = 200;
/** A box named for languages is a picker when small; a page of translations is content. */
export const LANGUAGE_PICKER_MAX_CHARS = 600;
