// What an attempt leaves out before scoring: never-text elements and hidden ones always;
// boilerplate landmarks and unlikely containers in strict passes.
import type { AnyNode, Element, ParentNode } from 'domhandler';
import { isHiddenByMarkup, type HiddenTest } from '../../dom/visibility.js';
import { isHeadingToggle } from '../../dom/heading-toggle.js';
import { isHeading } from '../../dom/headings.js';
import { isUnlikelyName, unionOf } from '../../dom/patterns.js';
import type { AttemptFlags } from '../select/attempt-flags.js';
import { inQuoteFooter, isPlainTag, isQuoteFooter, textContent } from '../../dom/walk.js';
import { collapsedLength, rawTextLength } from '../../dom/measures.js';
import { BODY_CLASS } from '../../vocabulary/class-words.js';

import { attribute, readAttributes } from '../../../parse/nodes.js';
import { IndexSlots, SlotOwners } from '../../dom/index-slots.js';
import { DescendantSearch } from '../../dom/descendant-search.js';
import { RawTextLengths } from '../../dom/raw-text-lengths.js';
import { TextDigits } from '../../dom/text-digits.js';
import { isFormula } from '../../to-blocks/formulas.js';
import { KEEP_TAGS, STRICT_CHROME_TAGS, UNREADABLE_TAGS } from '../../vocabulary/tags.js';
import { isLayoutWrapper } from './layout-wrappers.js';
import { isHeadingWrapper, isTitleHeader } from './heading-wrappers.js';
import { inDeclaredPost, isOneLine } from './post-headers.js';
import { isFlowCaption, isQuoteCaption } from './flow-captions.js';
import { isRunInDateline } from './run-in-dateline.js';
import { isProseWidget } from './prose-widgets.js';
import { choicePanels } from './choice-panels.js';
import { isOptionGroup } from './option-groups.js';
import { isAuthorBox } from './author-boxes.js';
import { AUTHOR_BOX_NAME, CAPTION, FURNITURE_BOX, POST_META, SEO_COPY } from '../../vocabulary/class-words.js';
import { CONSENT_NAME, CONSENT_PLATFORM, POPUP } from '../../vocabulary/overlay-words.js';
import { AUTHOR_PROPS } from '../../vocabulary/schema-types.js';
import { BOILERPLATE_ROLES } from '../../vocabulary/roles.js';
import { CONSENT_WORDS } from '../../vocabulary/phrases/notices.js';
import {
  CONSENT_MAX_CHARS,
  CONSENT_WORDS_PER_CHAR,
  FURNITURE_BOX_MAX_CHARS,
  MODAL_PAGE_SHARE,
  NOSCRIPT_COPY_MAX_OTHER_CHARS,
  NOSCRIPT_COPY_MAX_OTHER_SHARE,
  NOSCRIPT_COPY_MIN_CHARS,
  POST_HEADER_MAX_CHARS,
  POST_META_BOX_MAX_CHARS,
  WRITING_FORM_MAX_CHARS,
} from '../thresholds/exclusions.js';

/**
 * What one extraction leaves out, by the page's own hidden test (`isHidden`, dom/visibility.ts)
 * and its text length (`pageChars`, for the layout-wrapper rule: the root's raw text, which the
 * page-facts walk has counted already). The answers of `always` and `strictly` (with
 * stripUnlikely) are remembered, one byte per element (IndexSlots): the strict, relaxed, wide
 * and whole-page readings and the conversion each ask about the same elements. They read only
 * the element, its subtree and its ancestors, and the page's reveal, none of which changes
 * during an extraction (the DOM is not modified there; the reveal is done before the first
 * question). Bits 0-1: always (0 not asked yet, 1 kept, 2 excluded); bits 2-3: strictly (0, 4
 * kept, 8 excluded).
 */
export class Exclusions {
  /** Whose each docIndex is, for every store below: one pointer per element, not one per store. */
  private readonly owners = new SlotOwners();
  private readonly memo = new IndexSlots(64, this.owners);
  /** The page's choice panels (choice-panels.ts), found on the first question. */
  private panels: Set<Element> | null = null;
  /** Where the judges read attributes to (each copies the values out at once, so that a nested
   *  judgement cannot overwrite them in use). */
  readonly alwaysValues: Array<string | undefined> = [];
  readonly strictValues: Array<string | undefined> = [];
  readonly declaredBodyValues: Array<string | undefined> = [];
  /** Raw text lengths (textContent's) of the elements the rules measure, kept: nested boxes of
   *  one class are measured once (layout slots, post-meta and furniture boxes, dialogs). */
  readonly rawTexts = new RawTextLengths(this.owners);
  /** Whether an element's text holds a digit (screen-reader.ts), kept: nested boxes. */
  readonly digits = new TextDigits(this.owners);
  /** Which elements hold a heading, a declared body, a story (holdsHeading, holdsDeclaredBody,
   *  holdsStory): asked of nested boxes, each answered once (dom/descendant-search.ts). */
  readonly headings = new DescendantSearch(isHeading, this.owners);
  readonly declaredBodies = new DescendantSearch((d) => isDeclaredBody(this, d), this.owners);
  readonly stories = new DescendantSearch(
    (d) => isDeclaredBody(this, d) && !classOrIdMatches(d, AUTHOR_BOX_NAME),
    this.owners,
  );

  constructor(
    readonly isHidden: HiddenTest = isHiddenByMarkup,
    readonly pageChars: (root: AnyNode) => number = rawTextLength,
  ) {}

  /** Never text, hidden, a consent wall, a modal, a writing form: left out of every reading. */
  readonly always = (el: Element): boolean => this.remembered(el, 1, judgeAlwaysExcluded);

  /** Boilerplate landmarks and unlikely containers, in the readings that strip them. */
  strictly(el: Element, flags: AttemptFlags): boolean {
    if (!flags.stripUnlikely) return false;
    return this.remembered(el, 4, judgeStrictlyExcluded);
  }

  /** Why `el` is left out of a reading with `flags` (the rule's name), or null: asked afresh, for
   *  explain. */
  reason(el: Element, flags: AttemptFlags): string | null {
    return alwaysRule(this, el) ?? (flags.stripUnlikely ? strictRule(this, el) : null);
  }

  /** `judge(this, el)`, answered from the memo when it is there. `kept`: the verdict's bit for
   *  "kept"; the bit above it stands for "excluded" (see above). */
  private remembered(el: Element, kept: number, judge: (ex: Exclusions, el: Element) => boolean): boolean {
    const m = this.memo;
    const slot = m.slot(el);
    if (slot < 0) return judge(this, el);
    const known = m.values[slot]! & (kept * 3);
    if (known !== 0) return known !== kept;
    const excluded = judge(this, el);
    m.values[slot] = m.values[slot]! | (excluded ? kept * 2 : kept);
    return excluded;
  }

  /** `el` is a filter panel of choices (choice-panels.ts): the panels are found once, from the
   *  document `el` is in. */
  isChoicePanel(el: Element): boolean {
    if (this.panels === null) {
      let top: ParentNode = el;
      while (top.parent) top = top.parent;
      this.panels = choicePanels(top);
    }
    return this.panels.has(el);
  }

  /** Text length of a page's outermost element (pages may hold many dialogs): its raw text
   *  length, kept with the others (`rawTexts`), so the page's text is not built as a string. */
  pageTextLength(top: Element): number {
    return this.rawTexts.of(top);
  }
}

/** What judgeAlwaysExcluded and judgeStrictlyExcluded read. */
const ALWAYS_ATTRIBUTES = ['class', 'id', 'role', 'aria-modal'] as const;
const STRICT_ATTRIBUTES = ['role', 'itemprop', 'rel', 'class', 'id'] as const;

function judgeAlwaysExcluded(ex: Exclusions, el: Element): boolean {
  return alwaysRule(ex, el) !== null;
}

/** Why every reading leaves `el` out (the rule's name), or null. */
function alwaysRule(ex: Exclusions, el: Element): string | null {
  if (isFormula(el, ex.isHidden)) return null;
  if (el.name === 'noscript') return isNoscriptCopy(el) ? null : 'noscript';
  if (UNREADABLE_TAGS.has(el.name) && !isHeadingToggle(el, ex.isHidden)) return 'unreadable tag';
  if (ex.isHidden(el)) return 'hidden';
  if (el.name === 'body' || el.name === 'html' || el.name === 'article' || el.name === 'main') return null;
  if (el.name === 'form' && isWritingForm(el)) return 'writing form';
  if (ex.isChoicePanel(el)) return 'choice panel';
  if (isOptionGroup(el)) return 'option group';
  // The four attributes read below, in one pass (readAttributes): most elements are judged here.
  const alwaysValues = ex.alwaysValues;
  readAttributes(el, ALWAYS_ATTRIBUTES, alwaysValues);
  const cls = alwaysValues[0];
  const id = alwaysValues[1];
  const role = alwaysValues[2];
  const ariaModal = alwaysValues[3];
  if (isAuthorBox(el, cls, id, ex.pageChars, (box) => holdsStory(ex, box))) return 'author box';
  // One test of the union first: when it fails, none of CONSENT_NAME, CONSENT_PLATFORM and POPUP
  // matches.
  const named = namesMatch(cls, id, ALWAYS_NAMES);
  const consentNamed = named && namesMatch(cls, id, CONSENT_NAME);
  if (!consentNamed && named && namesMatch(cls, id, CONSENT_PLATFORM))
    return speaksConsent(textContent(el)) ? 'consent platform' : null;
  if (!consentNamed && !isModal(ex, el, role, ariaModal, named && namesMatch(cls, id, POPUP))) return null;
  // Consent walls and modals are short; a long container whose class merely shares the
  // vocabulary is not one, unless its text is itself about cookies and consent (a preference
  // centre listing purposes).
  // Its text is read only to hear it speak of consent; a length is kept (nested boxes).
  if (ex.rawTexts.of(el) > CONSENT_MAX_CHARS && !(consentNamed && speaksConsent(textContent(el)))) return null;
  return consentNamed ? 'consent wall' : 'modal';
}

/** The element's class or id matches `re`. */
export function classOrIdMatches(el: Element, re: RegExp): boolean {
  return namesMatch(attribute(el, 'class'), attribute(el, 'id'), re);
}

/** This class or this id matches `re`. */
function namesMatch(cls: string | undefined, id: string | undefined, re: RegExp): boolean {
  return (cls !== undefined && re.test(cls)) || (id !== undefined && re.test(id));
}

/** A dialog (role or aria-modal) outside the page's <main> and <article> is an overlay over
 *  the page: a consent banner, a sign-up or a region picker, not the page's own text, in any
 *  pass. Inside them it is a sheet of the content (a product's details drawer); and a dialog
 *  holding most of the page's text is the page shown in a lightbox. `role`, `ariaModal`: the
 *  element's attributes; `popupNamed`: its class or id matches POPUP. */
function isModal(
  ex: Exclusions,
  el: Element,
  role: string | undefined,
  ariaModal: string | undefined,
  popupNamed: boolean,
): boolean {
  if (role !== 'dialog' && role !== 'alertdialog' && ariaModal !== 'true' && !popupNamed) return false;
  let top: Element = el;
  for (let p = el.parent; p && isPlainTag(p); p = p.parent) {
    const a = p;
    if (a.name === 'main' || a.name === 'article' || attribute(a, 'role') === 'main') return false;
    top = a;
  }
  return ex.rawTexts.of(el) < MODAL_PAGE_SHARE * ex.pageTextLength(top);
}
/** Any of the class and id patterns alwaysExcluded asks about (their union, made from them so
 *  that it follows their edits): most elements match none, and are told so in one test each
 *  for their class and their id instead of three. */
const ALWAYS_NAMES = unionOf(CONSENT_NAME, CONSENT_PLATFORM, POPUP);

function speaksConsent(text: string): boolean {
  let n = 0;
  const needed = Math.ceil(text.length * CONSENT_WORDS_PER_CHAR);
  const matches = text.matchAll(CONSENT_WORDS);
  while (matches.next().done !== true) if (++n >= needed) return true;
  return false;
}

/** The class patterns strictlyExcluded tests (their union, see unionOf). */
const STRICT_CLASSES = unionOf(CAPTION, POST_META, FURNITURE_BOX);

/** Exclusions.strictly with stripUnlikely, asked afresh. */
function judgeStrictlyExcluded(ex: Exclusions, el: Element): boolean {
  return strictRule(ex, el) !== null;
}

/** Why the readings that strip unlikely containers leave `el` out (the rule's name), or null. */
function strictRule(ex: Exclusions, el: Element): string | null {
  if (STRICT_CHROME_TAGS.has(el.name) && !isQuoteFooter(el)) return 'chrome tag';
  // MathJax's formula box: its class names the context menu it opens ("CtxtMenu_Attached_0").
  if (el.name === 'mjx-container') return null;
  // The five attributes read below, in one pass (readAttributes): most elements are judged here.
  const strictValues = ex.strictValues;
  readAttributes(el, STRICT_ATTRIBUTES, strictValues);
  const role = strictValues[0];
  const prop = strictValues[1];
  const rel = strictValues[2];
  const cls = strictValues[3];
  const id = strictValues[4];
  if (role && BOILERPLATE_ROLES.has(role)) return 'boilerplate role';
  // Bylines and dates stay out of the body; the title is added by the renderer when asked. A
  // quotation's author, named in its footer, is not the page's.
  if (
    prop &&
    el.name !== 'article' &&
    el.name !== 'body' &&
    AUTHOR_PROPS.test(prop) &&
    !isPostHeader(el) &&
    !inQuoteFooter(el)
  )
    return 'byline';
  if (rel === 'author' && !isPostHeader(el) && !inQuoteFooter(el)) return 'byline';
  if (el.name === 'figcaption') return isFlowCaption(el) || isQuoteCaption(el) ? null : 'figure caption';
  // One test of the union first: most classes match none of the three.
  if (cls && STRICT_CLASSES.test(cls)) {
    if (CAPTION.test(cls) && !holdsHeading(ex, el)) return 'caption class';
    if (
      POST_META.test(cls) &&
      !KEEP_TAGS.has(el.name) &&
      ex.rawTexts.of(el) <= POST_META_BOX_MAX_CHARS &&
      !isPostHeader(el) &&
      !isRunInDateline(el) &&
      !inQuoteFooter(el)
    )
      return 'post meta';
    if (FURNITURE_BOX.test(cls) && !KEEP_TAGS.has(el.name) && ex.rawTexts.of(el) <= FURNITURE_BOX_MAX_CHARS)
      return 'furniture box';
  }
  if (KEEP_TAGS.has(el.name)) return null;
  if (prop === 'articleBody' || prop === 'text') return null;
  const unlikely =
    isUnlikelyName(cls, id) &&
    !holdsDeclaredBody(ex, el) &&
    !isLayoutWrapper(el, ex.pageChars, ex.rawTexts) &&
    !isPanelTrigger(ex, el) &&
    !(cls !== undefined && SEO_COPY.test(cls)) &&
    !isHeadingWrapper(el) &&
    !isProseWidget(el) &&
    !isTitleHeader(el);
  return unlikely ? 'unlikely name' : null;
}

/** A declared forum post's author and date line (post-headers.ts) is read with the post. */
function isPostHeader(el: Element): boolean {
  // The ancestor walk first: on a page without declared posts it ends the test, and the text
  // is read only up to the limit (an author box can be long).
  return inDeclaredPost(el) && textContent(el, POST_HEADER_MAX_CHARS).length <= POST_HEADER_MAX_CHARS && isOneLine(el);
}

/** The button that opens an accordion panel (`aria-expanded`), holding a heading, is the
 *  panel's question or title, whatever its class says ("accordion__header"). */
function isPanelTrigger(ex: Exclusions, el: Element): boolean {
  return attribute(el, 'aria-expanded') !== undefined && holdsHeading(ex, el);
}

/** A picture's caption or credit (figcaption, caption/credit classes), not a card's text block. */
export function isCaption(ex: Exclusions, el: Element): boolean {
  if (el.name === 'figcaption') return true;
  const cls = attribute(el, 'class');
  return cls !== undefined && CAPTION.test(cls) && !holdsHeading(ex, el);
}

/** A picture's caption is a line or two under it; a "caption" holding a heading is the text
 *  block of a card or a slide ("product-caption": title, description, price). */
function holdsHeading(ex: Exclusions, el: Element): boolean {
  // A heading set in a typography class named "caption" ("caption-s5-fx") is a heading.
  return isHeading(el) || ex.headings.has(el);
}

/** An "unlikely" class on a wrapper that holds the page's declared article body (a layout
 *  "above-footer" or "header-wrap" around everything) names the layout slot, not boilerplate. */
function holdsDeclaredBody(ex: Exclusions, el: Element): boolean {
  return ex.declaredBodies.has(el);
}

/** A box holds the story when it holds a declared body that is not a part of the box itself
 *  ("single-content-author__about" carries a body class's word). */
function holdsStory(ex: Exclusions, box: Element): boolean {
  return ex.stories.has(box);
}

/** An itemprop of articleBody, or a BODY_CLASS class. holdsDeclaredBody asks it of every
 *  element under each unlikely-named one, so both come from one pass (readAttributes). */
const DECLARED_BODY_ATTRIBUTES = ['itemprop', 'class'] as const;

function isDeclaredBody(ex: Exclusions, el: Element): boolean {
  const declaredBodyValues = ex.declaredBodyValues;
  readAttributes(el, DECLARED_BODY_ATTRIBUTES, declaredBodyValues);
  if (declaredBodyValues[0] === 'articleBody') return true;
  const cls = declaredBodyValues[1];
  return !!cls && BODY_CLASS.test(cls);
}

function isNoscriptCopy(el: Element): boolean {
  const parent = el.parent;
  if (!parent || !isPlainTag(parent)) return false;
  const own = collapsedLength(textContent(el));
  if (own < NOSCRIPT_COPY_MIN_CHARS) return false;
  const other = collapsedLength(textContent(parent)) - own;
  return other <= Math.max(NOSCRIPT_COPY_MAX_OTHER_CHARS, NOSCRIPT_COPY_MAX_OTHER_SHARE * own);
}

function isWritingForm(form: Element): boolean {
  let hasTextArea = false;
  const stack: Element[] = [form];
  while (stack.length > 0 && !hasTextArea) {
    const el = stack.pop()!;
    for (const c of el.children) {
      if (!isPlainTag(c)) continue;
      if (c.name === 'textarea') {
        hasTextArea = true;
        break;
      }
      stack.push(c);
    }
  }
  return hasTextArea && textContent(form).trim().length <= WRITING_FORM_MAX_CHARS;
}
