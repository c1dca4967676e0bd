// Which element an XML body's root is, from its first bytes: a page served as `application/xml` whose root is
// `<html>` is XHTML, which browsers render as a web page (and so read it here), not an XML tree.
import { Parser } from 'htmlparser2';

/** The bytes read: the head describeBody is given, past an XML declaration, a doctype and comments. */
const ROOT_SCAN_BYTES = 2048;

/**
 * True when the first element in the body's first bytes is `html` (with or without a namespace prefix).
 * htmlparser2's tokenizer in XML mode, over at most ROOT_SCAN_BYTES: one step a character.
 */
export function rootIsHtml(head: Uint8Array): boolean {
  const first: { name: string | null } = { name: null };
  const parser = new Parser(
    {
      onopentagname(name) {
        first.name ??= name;
        parser.pause();
      },
    },
    { xmlMode: true },
  );
  const bytes = head.subarray(0, ROOT_SCAN_BYTES);
  parser.write(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1'));
  return first.name !== null && /^(?:[\w.-]+:)?html$/i.test(first.name);
}
