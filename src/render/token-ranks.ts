// An encoding of gpt-tokenizer built from the tiktoken file the library ships
// (gpt-tokenizer/data/<encoding>.tiktoken) rather than from its JavaScript module of the same
// table. Compiling that module (a 2.4 MB array literal for o200k_base) leaves its parser's and
// compiler's memory behind in a worker thread: measured, a worker thread holding o200k_base had
// 11 MiB more RSS right after the load, and 20 MiB more after counting 300 corpus pages, than
// one that read the file (heap alike). The table is the same, entry for entry (a test compares
// them), and the library builds its encoder from it through its own public entry.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export interface EncodingApi {
  countTokens(text: string, options?: { disallowedSpecial: Set<string> }): number;
  setMergeCacheSize(size: number): void;
}

interface GptEncodingClass {
  getEncodingApi(name: string, getMergeableRanks: () => Array<string | number[]>): EncodingApi;
}

/**
 * The ranks of an encoding, as the library's modules hold them: each token a string when its
 * bytes decode as UTF-8 and encode back to the same bytes, else the bytes themselves (a byte
 * order mark at the start is one that would not come back).
 */
export function readRanks(encoding: string): Array<string | number[]> {
  const file = readFileSync(require.resolve(`gpt-tokenizer/data/${encoding}.tiktoken`), 'latin1');
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  const ranks: Array<string | number[]> = [];
  let at = 0;
  while (at < file.length) {
    let end = file.indexOf('\n', at);
    if (end === -1) end = file.length;
    const space = file.indexOf(' ', at);
    if (space > at && space < end) {
      const bytes = Buffer.from(file.slice(at, space), 'base64');
      ranks[Number(file.slice(space + 1, end))] = asToken(bytes, utf8);
    }
    at = end + 1;
  }
  return ranks;
}

function asToken(bytes: Buffer, utf8: TextDecoder): string | number[] {
  try {
    const text = utf8.decode(bytes);
    if (Buffer.byteLength(text) === bytes.length) return text;
  } catch {
    // not UTF-8: kept as bytes
  }
  return [...bytes];
}

/** The library's encoding API for `encoding`, built from its data file. */
export function loadEncodingApi(encoding: string): EncodingApi {
  const { GptEncoding } = require('gpt-tokenizer/cjs/GptEncoding') as { GptEncoding: GptEncodingClass };
  const ranks = readRanks(encoding);
  return GptEncoding.getEncodingApi(encoding, () => ranks);
}
