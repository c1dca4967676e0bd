// The serializer's "unsafe" patterns (characters that could start markup in some construct, escaped where
// they stand) as this renderer applies them: the library's own, in list form, with an address's `&` escaped
// only where a reader would decode it and its parentheses only where they are not a pair.
//
// List form: the serializer checks every one of its ~100 patterns against each text it writes, and asks for
// each pattern whether the construct stack holds one of its constructs. A pattern that names one construct
// as a string is wrapped in a new one-element array for that question, every time: about 3 KiB per text,
// image or link written, nearly half of what escaping allocates (V8 heap sampling on the load article: a
// text node written costs 9.8 KiB with the library's list, 6.5 KiB with this one). The list a
// serialization applies is public (`State.unsafe`), and `inConstruct` / `notInConstruct` take one
// construct or a list of them alike, so the same patterns with every construct given as a list escape the
// same characters in the same places.
import type { ConstructName, Handle, State, Unsafe } from 'mdast-util-to-markdown';

/** Where an address is written: `[text](here)`, `[text](<here>)`, and an image's. */
const DESTINATIONS: ReadonlySet<ConstructName> = new Set<ConstructName>(['destinationRaw', 'destinationLiteral']);

/**
 * An address's `&` is escaped where it starts what a reader would decode as a character reference (`&amp;`,
 * `&#38;`), not before every letter, as the library's pattern for text does: every link with a query read
 * `?a=1\&b=2` then, and an address copied from the answer carried the backslash.
 */
const DESTINATION_AMPERSAND: Unsafe = {
  character: '&',
  after: '(?:#\\d{1,7}|#[xX][\\da-fA-F]{1,6}|[A-Za-z][A-Za-z\\d]{0,31});',
  inConstruct: [...DESTINATIONS],
};

/**
 * A raw address's parentheses: CommonMark reads a pair in it as part of it (`wiki/Mercury_(planet)`), so only
 * one that is no pair of another is escaped; the library escapes every one, and an address copied from the
 * answer carried the backslashes. A pair here is the simple one, no parenthesis or space between (a nested
 * pair's outer parentheses are escaped, which reads the same). The value these run on is the link so far
 * (`[text](`, whose `(` is no part of the address, hence the `]` it follows), the address and its `)`.
 */
const DESTINATION_PARENS: Unsafe[] = [
  // An opening one without its closing one before the address's end (the link's own `)` is the last).
  { character: '(', inConstruct: ['destinationRaw'], after: '(?![^()\\s]*\\).)' },
  // One after a `]`, as the link's own is: its pair's closing one is escaped (next), so it is too.
  { character: '(', inConstruct: ['destinationRaw'], before: '\\]' },
  // A closing one without an opening one before it that follows no `]` (the link's `](`, or one in the address).
  { character: ')', inConstruct: ['destinationRaw'], before: '(?<!(?<!\\])\\([^()\\s]*)' },
];

/** Each pattern's applied form, made once (none for a pattern replaced): the copy also keeps its compiled
 *  expression. */
const applied = new WeakMap<Unsafe, Unsafe[]>();

function asApplied(pattern: Unsafe): Unsafe[] {
  let forms = applied.get(pattern);
  if (!forms) {
    forms = isEveryParenthesis(pattern) ? [] : [listed(pattern)];
    applied.set(pattern, forms);
  }
  return forms;
}

/** The pattern with its constructs in list form, the library's `&` before a letter kept out of addresses. */
function listed(pattern: Unsafe): Unsafe {
  const copy = { ...pattern };
  if (typeof pattern.inConstruct === 'string') copy.inConstruct = [pattern.inConstruct];
  if (typeof pattern.notInConstruct === 'string') copy.notInConstruct = [pattern.notInConstruct];
  // In text still; in addresses as DESTINATION_AMPERSAND says (an address is written in phrasing too: out of
  // them, whatever the stack below).
  if (pattern.character === '&' && Array.isArray(copy.inConstruct)) {
    copy.inConstruct = copy.inConstruct.filter((name) => !DESTINATIONS.has(name));
    copy.notInConstruct = [...(Array.isArray(copy.notInConstruct) ? copy.notInConstruct : []), ...DESTINATIONS];
  }
  return copy;
}

/** The library's pattern for every `(` or every `)` of a raw address (DESTINATION_PARENS instead). */
function isEveryParenthesis(pattern: Unsafe): boolean {
  const construct = Array.isArray(pattern.inConstruct) ? pattern.inConstruct : [pattern.inConstruct];
  return (
    (pattern.character === '(' || pattern.character === ')') &&
    construct.length === 1 &&
    construct[0] === 'destinationRaw' &&
    !pattern.before &&
    !pattern.after &&
    !pattern.atBreak
  );
}

/** The root handler `root`, applying the patterns as this renderer does to everything below it. */
export function withAppliedPatterns(root: Handle): Handle {
  return (node, parent, state: State, info) => {
    state.unsafe = [...state.unsafe.flatMap(asApplied), DESTINATION_AMPERSAND, ...DESTINATION_PARENS];
    return root(node, parent, state, info);
  };
}
