import { renderBlocks } from '../dist/src/render/render.js';
const t = (text) => ({ type: 'text', text });
const p = (...children) => ({ type: 'paragraph', children });
const blocks = [];
for (let i = 0; i < 200; i++) blocks.push(p(t(`Paragraph ${i} says high water comes about fifty minutes later each day and more words.`)));
for (const format of ['text','markdown']) for (const l of [{maxChars:700},{maxChars:200000,maxTokens:150}]) {
  let s = performance.now(); let start = 0, n = 0;
  for (;;) { const r = renderBlocks(blocks, { format, title: 'T', ...l, start }); n++; if (r.nextStart === null) break; start = r.nextStart; }
  console.log(format, JSON.stringify(l), n, 'parts', (performance.now() - s).toFixed(0), 'ms');
}
