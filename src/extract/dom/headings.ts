// The heading tags, tested by character rather than by a regular expression: the test runs on
// every element of several walks, and one test answers for every module that asks.
import type { Element } from 'domhandler';

const H = 104; // 'h'
const ONE = 49; // '1'
const TWO = 50; // '2'
const SIX = 54; // '6'

function headingLevelAtLeast(el: Element, lowest: number): boolean {
  const name = el.name;
  if (name.length !== 2 || name.charCodeAt(0) !== H) return false;
  const level = name.charCodeAt(1);
  return level >= lowest && level <= SIX;
}

/** <h1>-<h6>. */
export function isHeading(el: Element): boolean {
  return headingLevelAtLeast(el, ONE);
}

/** <h2>-<h6>: a heading under the page's own. */
export function isSubheading(el: Element): boolean {
  return headingLevelAtLeast(el, TWO);
}
