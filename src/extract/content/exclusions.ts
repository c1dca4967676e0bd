// What an attempt leaves out before scoring: never-text elements and hidden ones always;
// boilerplate landmarks and unlikely containers in strict passes.
import type { Element } from 'domhandler';
import { isHidden } from '../dom/visibility.js';
import { BOILERPLATE_ROLES, isUnlikelyCandidate } from '../dom/patterns.js';
import type { AttemptFlags } from './attempt-flags.js';

export const NEVER_TEXT = new Set([
  'script', 'style', 'noscript', 'template', 'svg', 'math', 'title', 'iframe', 'frame', 'frameset', 'object', 'embed',
  'canvas', 'video', 'audio', 'select', 'option', 'button', 'input', 'textarea', 'dialog', 'map', 'link', 'meta',
]);

/** Landmarks that are page chrome when outside the article. */
const CHROME_TAGS = new Set(['nav', 'aside', 'footer', 'menu']);
/** Never stripped by class/id: they are the page frame or the likely article itself. */
const KEEP_TAGS = new Set(['html', 'body', 'article', 'main', 'a', 'table', 'tbody', 'tr', 'td', 'th', 'pre', 'code']);

const AUTHOR_PROPS = /\b(?:author|creator|datePublished|dateModified)\b/;

export function alwaysExcluded(el: Element): boolean {
  return NEVER_TEXT.has(el.name) || isHidden(el);
}

export function strictlyExcluded(el: Element, flags: AttemptFlags): boolean {
  if (!flags.stripUnlikely) return false;
  if (CHROME_TAGS.has(el.name)) return true;
  const role = el.attribs['role'];
  if (role && BOILERPLATE_ROLES.has(role)) return true;
  // Bylines and dates stay out of the body; the title is added by the renderer when asked.
  const prop = el.attribs['itemprop'];
  if (prop && AUTHOR_PROPS.test(prop) && el.name !== 'article' && el.name !== 'body') return true;
  if (el.attribs['rel'] === 'author') return true;
  if (KEEP_TAGS.has(el.name)) return false;
  if (el.attribs['itemprop'] === 'articleBody' || el.attribs['itemprop'] === 'text') return false;
  return isUnlikelyCandidate(el);
}
