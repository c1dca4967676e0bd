// text/plain bodies are returned as they are, apart from line endings and blank lines at the
// ends; max_chars cuts at a line boundary (the text's own blocks are unknown).
import { cutWords } from './truncate.js';
import { countWords } from './word-count.js';
import type { Rendered } from './render.js';

export function renderPlainText(body: string, maxChars: number): Rendered {
  const text = body
    .replace(/\r\n?/g, '\n')
    .replace(/^(?:[ \t]*\n)+/, '')
    .trimEnd();
  if (text.length <= maxChars) return { content: text, wordCount: countWords(text), truncated: false };
  const head = text.slice(0, maxChars + 1);
  const nl = head.lastIndexOf('\n');
  const content = nl > 0 ? text.slice(0, nl).trimEnd() : cutWords(text, maxChars);
  return { content, wordCount: countWords(content), truncated: true };
}
