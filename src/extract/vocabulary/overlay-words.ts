/** Cookie and consent walls are never the article, in any pass: a page that is only a
 *  consent wall has no main content (the "block pages returned as content"). */
export const CONSENT_NAME = /cookie|consent|gdpr|privacy-wall/i;
/** A consent platform's container ("cmp" = consent management platform), but also the generic
 *  component class of Adobe's CMS ("cmp" = component), around any section of any page: it is a
 *  wall only when its text speaks of cookies and consent. */
export const CONSENT_PLATFORM = /cmp-container/i;
/** A page builder's pop-up or modal box, named as such (shown over the page by its script). */
export const POPUP = /(?:^|\s)(?:[\w-]*-)?(?:popup|modal)(?:$|\s)/i;
export const HIDDEN_CLASS = /(?:^|\s)!?(?:hidden|hide|d-none|is-hidden|visually-hidden-focusable|invisible)(?:\s|$)/i;
/** Disclosure panels a reader opens (accordion sections, FAQ answers, tab panels) and
 *  carousel slides not in view: hidden until asked for, their text is the page's. */
export const PANEL_CLASS =
  /accordion|tab-?pane|collapsible|(?:^|[\s_-])(?:collapse|faq|answer|slide|carousel-item|owl-item)(?:$|[\s_-])/i;
/** A carousel's copies of its first and last slides (for an endless loop) repeat them. */
export const SLIDE_COPY = /(?:^|[\s_-])(?:cloned?|duplicate)(?:$|[\s_-])/i;
/** Class or id words of overlays and navigation that a page hides until asked for. */
export const HIDDEN_UNTIL_ASKED =
  'modal|popup|pop-up|dialog|drawer|overlay|lightbox|offcanvas|off-canvas|menu|megamenu|mega-menu|nav|navigation|na' +
  'vbar|dropdown|tooltip|cookie|consent|search|cart|minicart|login|signin|signup|newsletter|mobile';
/** Text shown to screen readers only: a second copy of the menus, not a grid of the page. */
export const SCREEN_READER_ONLY =
  /(?:^|\s)(?:visually-hidden|visuallyhidden|sr-only|screen-reader-text|screenreader-only)(?:$|\s)/i;
