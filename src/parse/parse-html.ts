// The only module that imports the HTML parser. htmlparser2 is forgiving, fast, and has no
// recursion in its tokenizer, so hostile nesting cannot overflow the stack here.
import { parseDocument } from 'htmlparser2';
import type { Document } from 'domhandler';

export interface ParseOptions {
  /** Characters of HTML handed to the parser; the rest is dropped. @default 5_000_000 */
  maxChars?: number;
  xml?: boolean;
}

export function parseHtml(html: string, options: ParseOptions = {}): Document {
  const max = options.maxChars ?? 5_000_000;
  const source = html.length > max ? html.slice(0, max) : html;
  return parseDocument(source, { xmlMode: options.xml ?? false, decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true });
}
