// The block model between extraction and rendering. Extractors produce it; renderers consume it.
// Extraction knows nothing about output formats, renderers nothing about HTML.
// Every href/src here is already absolute (resolved against <base href> or the final URL).

export type Inline =
  | { type: 'text'; text: string }
  /** href null: the link was dropped (javascript:, unresolvable); its text is kept. */
  | { type: 'link'; href: string | null; children: Inline[] }
  | { type: 'emphasis'; children: Inline[] }
  | { type: 'strong'; children: Inline[] }
  /** Struck-through text (<del>, <s>, <strike>): an old price, a withdrawn statement. */
  | { type: 'delete'; children: Inline[] }
  | { type: 'code'; text: string }
  /** A formula as TeX source (`display`: set apart on its own line, as the page shows it). */
  | { type: 'math'; tex: string; display: boolean }
  | { type: 'image'; src: string; alt: string }
  | { type: 'break' };

/** An inline around others: a link or a style. */
export type Wrapper = Extract<Inline, { children: Inline[] }>;
/** A style around text: emphasis, strong, struck through. */
export type Styled = Extract<Inline, { type: 'emphasis' | 'strong' | 'delete' }>;

/** `n` holds inlines (a link or a style): a walk of the text goes into it. */
export function isWrapper(n: Inline): n is Wrapper {
  return 'children' in n;
}

/** `n` styles its inlines (emphasis, strong, struck through): its text is the text of the line. */
export function isStyled(n: Inline): n is Styled {
  return n.type === 'emphasis' || n.type === 'strong' || n.type === 'delete';
}

export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

export interface ListItem {
  children: Block[];
  /** A task list's item (a checkbox first in it, GitHub's "- [x]"): whether it is ticked. */
  checked?: boolean;
  /** An ordered list's item: the number the page shows for it (a browser's count from the list's
   *  `start`, down in a `reversed` list, or the item's own `value`). Without it, the item before's plus
   *  one (the list's `start`, else 1, for the first). */
  number?: number;
}

export interface TableCell {
  header: boolean;
  children: Inline[];
  /** How the page aligns its text (`align`, or `text-align` in its style), when it says. */
  align?: 'left' | 'center' | 'right';
}

export interface TableRow {
  cells: TableCell[];
}

export type Block =
  | { type: 'heading'; level: HeadingLevel; children: Inline[] }
  /** `term`: read from a definition list's term (`<dt>`), which its definition follows. */
  | { type: 'paragraph'; children: Inline[]; term?: true }
  | { type: 'list'; ordered: boolean; start: number | null; items: ListItem[] }
  | { type: 'quote'; children: Block[] }
  | { type: 'table'; rows: TableRow[] }
  | { type: 'code'; language: string | null; text: string }
  | { type: 'image'; src: string; alt: string; caption: Inline[] | null }
  | { type: 'rule' };

export type Profile = 'content' | 'index';

/** What an extractor returns; null from an extractor means "no main content". */
export interface Extraction {
  title: string | null;
  blocks: Block[];
}
