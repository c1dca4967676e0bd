// A fetched body whose text is decoded when first read. The cleaners and the metadata reader
// hand the bytes and the charset to a worker, which decodes there (workers/page-bytes.ts): the
// main thread, which serves every connection, does not spend a millisecond per 100 KB decoding
// text it never reads, and the bytes cross to the worker at half the size of the decoded UTF-16
// string.
import { decodeText } from './decode.js';
import type { BodyKind, FetchedBody } from './types.js';

export function fetchedBody(bytes: Buffer, kind: BodyKind, charset: string | null): FetchedBody {
  let text: string | null | undefined;
  return {
    bytes,
    kind,
    charset,
    // An own enumerable getter: spreading or serialising the body still yields the text.
    get text() {
      if (text === undefined) text = charset === null ? null : decodeText(bytes, charset);
      return text;
    },
  };
}
