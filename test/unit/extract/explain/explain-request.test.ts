// The explain field reaches the cleaners from every front end: the CLI flag, the MCP tools'
// argument and the HTTP schema, all from one schema; off by default.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseToolArgs } from '../../../../src/cli/flags.js';
import { mcpInputSchema, mcpOutputSchema } from '../../../../src/mcp/tool-definitions.js';
import { cleanWebContent } from '../../../../src/tools/clean-web-content.js';
import { cleanWebIndex } from '../../../../src/tools/clean-web-index.js';

test('CLI: --explain sets explain, --no-explain clears it', () => {
  for (const tool of [cleanWebContent, cleanWebIndex]) {
    assert.equal(parseToolArgs(tool, ['https://a.example/', '--explain']).fields['explain'], true);
    assert.equal(parseToolArgs(tool, ['https://a.example/', '--no-explain']).fields['explain'], false);
    assert.equal(parseToolArgs(tool, ['https://a.example/']).fields['explain'], undefined);
  }
});

test('MCP: both cleaners take a boolean explain argument, false by default, and describe meta.explain', () => {
  for (const tool of [cleanWebContent, cleanWebIndex]) {
    const input = mcpInputSchema(tool) as { properties: Record<string, { type: string; default: unknown }> };
    assert.equal(input.properties['explain']!.type, 'boolean');
    assert.equal(input.properties['explain']!.default, false);
    const out = JSON.stringify(mcpOutputSchema(tool));
    assert.ok(out.includes('"dropped"') && out.includes('"readings"'));
  }
});
