// Types of the JSON the service answers, for tests that read it: fields are read typed instead
// of through `any`. The envelopes, the status item and the metadata data are src's own types;
// the cleaners' item data follows cleanItemDataSchema (src/tools/clean-web-content.ts). The item
// schemas themselves are checked against real answers by test/integration/http/openapi-client.
import type { ItemError } from '../../src/errors/codes.js';
import type { PageMetadata } from '../../src/extract/metadata/types.js';
import type { ErrorEnvelope } from '../../src/tools/envelope.js';
import type { StatusData, StatusMeta } from '../../src/tools/status/probe.js';

export type { ErrorEnvelope, PageMetadata, StatusData, StatusMeta };

/** One result item: the tool's data (null when meta.error says why) and meta. */
export interface Item<D = Record<string, unknown>, M = Record<string, unknown>> {
  data: D | null;
  meta: M & { url: string; error?: ItemError };
}

/** A tool call's 200 answer. */
export interface Answer<D = Record<string, unknown>, M = Record<string, unknown>> {
  correlation_id: string;
  data: { results: Array<Item<D, M>> };
}

/** clean_web_content and clean_web_index item data. */
export interface CleanData {
  title?: string;
  content: string;
  word_count: number;
  format: 'text' | 'markdown';
}

/** get_url_metadata item data; pages for a PDF, content and word_count with include_content. */
export type MetadataData = PageMetadata & {
  pages?: number | null;
  content?: string | null;
  word_count?: number | null;
};

/**
 * A tool route's body read by a test that checks the status itself: a 200 answer's fields and
 * the error envelope's (a refused call) in one type, the status saying which are there.
 */
export type Reply<D = Record<string, unknown>, M = Record<string, unknown>> = Answer<D, M> & ErrorEnvelope;

export type CleanAnswer = Answer<CleanData>;
export type MetadataAnswer = Answer<MetadataData>;
export type StatusAnswer = Answer<StatusData, StatusMeta>;

/** A fetch response's JSON body, as the type the caller says the route answers. */
export async function json<T = Answer>(res: Response): Promise<T> {
  return (await res.json()) as T;
}
