// The text content of a tool result: what a model reads when its host does not pass
// structuredContent on. For the cleaners that is the cleaned document itself, headed by its
// title and final URL (so the model can cite it), never the document escaped inside JSON; for
// the other tools, the results as compact JSON. Item errors are written out, not hidden.
import { joinInTurns, jsonParts } from '../answers/answer-text.js';
import type { ToolItem } from '../tools/types.js';

export function documentText(results: readonly ToolItem[]): string {
  return results.map(documentItemText).join('\n\n======\n\n');
}

function documentItemText(item: ToolItem): string {
  const meta = item.meta;
  const data = item.data;
  const url = str(meta.final_url) ?? str(meta.url) ?? '';
  if (meta.error) {
    return [
      `URL: ${str(meta.url) ?? url}`,
      `Error: ${meta.error.code}: ${meta.error.message}${meta.error.retryable ? ' (retryable)' : ''}`,
    ].join('\n');
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
  return `${head.join('\n')}\n\n${str(data?.content) ?? ''}`;
}

/**
 * `JSON.stringify({ results })`, made an item at a time with turns between (answers/answer-text.ts):
 * a metadata batch with its text is 20 MB of JSON, about 200 ms of the main thread in one block.
 */
export async function jsonText(results: readonly ToolItem[]): Promise<string> {
  return joinInTurns(await jsonParts({ results }, results, false));
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}
