// Node kinds as the metadata readers tell them apart: a text node, and a plain element (a tag
// that is not <script> or <style>, which domhandler types apart from other elements).
import { isText, type AnyNode, type Element } from 'domhandler';

export { isText };

export function isPlainTag(node: AnyNode | null | undefined): node is Element {
  return !!node && (node.type as string) === 'tag';
}
