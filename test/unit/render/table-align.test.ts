// A data table's column alignment, as the page declares it on its cells (`align`, or `text-align` in
// their style), carried to markdown's delimiter row: a column of figures set right reads as one.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cleanPage } from '../../support/clean-page.js';

const PROSE =
  '<p>The harbour authority publishes its quarterly figures for every berth, and this page lists the latest.</p>';

function delimiterRow(table: string, profile: 'content' | 'index' = 'content'): string | undefined {
  const article = `<article><h1>Berths</h1>${PROSE}${table}</article>`;
  const html = `<html><head><title>Berths</title></head><body>${article}</body></html>`;
  const { content } = cleanPage(html, 'https://harbour.example/berths', { profile });
  return content.split('\n').find((line) => /^\|(?: :?-+:? \|)+$/.test(line));
}

describe('table column alignment in markdown', () => {
  it("takes the body cells' alignment (align or text-align), else the header's; none where they differ", () => {
    const table =
      '<table><thead><tr><th>Berth</th><th>Ships</th><th align="center">Status</th><th>Depth</th></tr></thead>' +
      '<tbody><tr><td>North</td><td align="right">1,204</td><td>open</td>' +
      '<td style="color: red; text-align: right">9 m</td></tr>' +
      '<tr><td>South</td><td align="RIGHT">87</td><td>closed</td><td align="left">12 m</td></tr></tbody></table>';
    for (const profile of ['content', 'index'] as const) {
      assert.equal(delimiterRow(table, profile), '| - | -: | :-: | - |', profile);
    }
  });

  it('writes no alignment where the page declares none, or only what markdown cannot say', () => {
    const plain =
      '<table><tr><th>Berth</th><th>Ships</th></tr><tr><td>North</td><td>1,204</td></tr>' +
      '<tr><td>South</td><td align="justify" style="text-align: end">87</td></tr></table>';
    assert.equal(delimiterRow(plain), '| - | - |');
  });
});
