// The cleaners' answer for a PDF body: text (or markdown) from the PDF worker task, with the
// same meta as an HTML page. Profiles do not apply to a PDF (it has no page chrome to tell
// from an article); the requested one is reported as the one used.
import { ItemFailure, itemError } from '../../errors/codes.js';
import type { FetchResult } from '../../fetch/types.js';
import { WorkerCrashed } from '../../workers/pool.js';
import type { CleanInput } from '../clean-web-content.js';
import { failedWith, type ToolContext, type ToolItem } from '../types.js';
import { answerShape } from './answer-shape.js';

export async function cleanPdf(
  res: FetchResult,
  input: CleanInput,
  ctx: ToolContext,
  meta: ToolItem['meta'],
  /** Epoch ms by which the task must have a worker (the URL's deadline). */
  startBy?: number,
): Promise<ToolItem> {
  const bytes = res.body!.bytes;
  if (bytes.length === 0 && res.truncated) {
    return failedWith(
      meta,
      itemError(
        'response_too_large',
        `The PDF is larger than the PDF size limit (${ctx.config.maxPdfBytes} bytes, URLKIT_MAX_PDF_BYTES).`,
      ),
    );
  }
  if (res.truncated) {
    // Cut at the byte cap: what arrived is not a whole PDF.
    return failedWith(
      meta,
      itemError(
        'response_too_large',
        `The PDF was cut at the PDF size limit (${ctx.config.maxPdfBytes} bytes, URLKIT_MAX_PDF_BYTES).`,
      ),
    );
  }
  let result;
  try {
    result = await ctx.services.pool.run(
      {
        kind: 'pdf',
        input: {
          bytes,
          maxPages: ctx.config.maxPdfPages,
          ...answerShape(input),
          wantText: true,
        },
      },
      { signal: ctx.signal, startBy },
    );
  } catch (err) {
    if (err instanceof ItemFailure && !ctx.signal.aborted) return failedWith(meta, err.toItemError());
    if (err instanceof WorkerCrashed && !ctx.signal.aborted) {
      return failedWith(
        meta,
        itemError('response_too_large', 'The PDF is too large or complex to process within the worker memory limit.'),
      );
    }
    throw err;
  }
  if (result.error || result.content === null) {
    return {
      data: { title: result.title, content: '', word_count: 0, format: input.output_format },
      meta: { ...meta, error: itemError('no_content', result.error?.message) },
    };
  }
  return {
    data: { title: result.title, content: result.content, word_count: result.wordCount, format: input.output_format },
    meta: {
      ...meta,
      truncated: result.truncated,
      tokens: result.tokens,
      next_start: result.nextStart,
      extraction_profile: meta.extraction_profile_requested,
      fallback_used: false,
    },
  };
}
