// Machine identifier runs: paragraphs made of them are dropped; prose, codes and long non-Latin text stay.
import { test } from 'node:test';
import assert from 'node:assert/strict';

test('paragraphs made of machine identifier runs are dropped; prose, codes and long non-Latin text stay', async () => {
  const { dropIdRuns } = await import('../../../../../src/extract/content/passes/id-runs.js');
  const para = (text: string) => ({ type: 'paragraph' as const, children: [{ type: 'text' as const, text }] });
  const ids =
    'S19aea247-2e76-4905-9b83-15a5a5664cfaG661bd3c3-576f-4713-baee-9dc0dd7c3568p2e2c3720-cfa9-41e9-9571-b179b489e15' +
    'f 4466aaa5-b3b2-4d16-adfd-03659a220a60ob40593e2-a65c-47d1-aa1d-8eac5d04101a';
  const prose =
    'International shipment of items may be subject to customs processing and additional charges, and the seller ' +
    'ships within one day.';
  const cjk =
    '这是一段很长的中文说明文字没有任何空格但它是真正的内容读者会阅读它并且理解其中的意思这段文字描述了产品的材料尺寸重量和保养方法以及退货政策和运输时间这是一段很长的中文说明文字没有任何空格';
  const out = dropIdRuns([para(prose), para(ids), para('Item number: 404928375058'), para(cjk)]);
  assert.deepEqual(
    out.map((b) => (b.type === 'paragraph' && b.children[0]?.type === 'text' ? b.children[0].text.slice(0, 20) : '')),
    [prose.slice(0, 20), 'Item number: 4049283', cjk.slice(0, 20)],
  );
});
