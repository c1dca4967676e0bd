// The text content of a tool result: what a model reads when its host does not pass
// structuredContent on. For the cleaners that is the cleaned document itself, headed by its
// title and final URL (so the model can cite it), never the document escaped inside JSON; for
// the other tools, the results as compact JSON. Item errors are written out, not hidden.
// Made in parts (answers/answer-text.ts), a page's text a part of its own: a transport that sends
// parts takes them as they are (answers/deferred-text.ts), and one that needs the text joins them.
import { joinInTurns, jsonParts, type AnswerText } from '../answers/answer-text.js';
import type { ToolItem } from '../tools/types.js';
import type { ModelFacing } from './descriptions.js';

type TextContentKind = ModelFacing['text'];

/** The text content of `results`, in parts. */
export async function textContent(results: readonly ToolItem[], kind: TextContentKind): Promise<AnswerText> {
  return kind === 'document' ? documentParts(results) : jsonParts({ results }, { items: results, count: false });
}

/** The text content of `results`, joined (with turns between parts: answer-text.ts). */
export async function joinedTextContent(results: readonly ToolItem[], kind: TextContentKind): Promise<string> {
  return joinInTurns(await textContent(results, kind));
}

/** The cleaned documents one after another, each headed; `bytes` is their characters (a lower bound). */
export function documentParts(results: readonly ToolItem[]): AnswerText {
  const parts = results.flatMap((item, i) => [...(i > 0 ? ['\n\n======\n\n'] : []), ...documentItemParts(item)]);
  return { parts, bytes: parts.reduce((n, part) => n + part.length, 0) };
}

/** One result's text: its head, then its document (its own string, not copied). */
function documentItemParts(item: ToolItem): string[] {
  const meta = item.meta;
  const data = item.data;
  const url = str(meta.final_url) ?? str(meta.url) ?? '';
  if (meta.error) {
    return [
      [
        `URL: ${str(meta.url) ?? url}`,
        `Error: ${meta.error.code}: ${meta.error.message}${meta.error.retryable ? ' (retryable)' : ''}`,
      ].join('\n'),
    ];
  }
  const head = [`Title: ${str(data?.title) ?? ''}`, `URL: ${url}`];
  const notes: string[] = [];
  if (typeof meta.next_start === 'number')
    notes.push(`this is one part of a longer page; call again with start ${meta.next_start} for the next part`);
  else if (meta.truncated === true) notes.push('the content was cut at max_chars');
  if (meta.fallback_used === true)
    notes.push(
      `no main content for the ${String(meta.extraction_profile_requested)} profile; the ` +
        `${String(meta.extraction_profile)} profile was used`,
    );
  if (notes.length) head.push(`Note: ${notes.join('; ')}.`);
  return [`${head.join('\n')}\n\n`, str(data?.content) ?? ''];
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}
