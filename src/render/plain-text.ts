// text/plain bodies are returned as they are, apart from line endings and blank lines at the
// ends; parts end at line boundaries (the text's own blocks are unknown), see part.ts.
import { linesLayout } from './layout.js';
import { cutPart, type PartLimits } from './part.js';
import type { Rendered } from './render.js';

export function renderPlainText(body: string, limits: PartLimits): Rendered {
  const text = body
    .replace(/\r\n?/g, '\n')
    .replace(/^(?:[ \t]*\n)+/, '')
    .trimEnd();
  const part = cutPart(linesLayout(text), limits);
  return { ...part, truncated: part.nextStart !== null };
}
