// The MCP tool list is generated from the registry: every tool there is listed with text written
// for a model, its input schema is the registry's, and the rules a host might refuse to see at
// the schema root are still enforced by the shared validator.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DESCRIBED_TOOLS } from '../../../src/mcp/descriptions.js';
import { joinAnswer } from '../../../src/answers/answer-text.js';
import { documentParts } from '../../../src/mcp/text-content.js';
import { mcpToolDefinitions } from '../../../src/mcp/tool-definitions.js';
import { TOOLS } from '../../../src/tools/registry.js';
import { inMemoryClient } from './in-memory-client.js';

describe('MCP tool definitions', () => {
  it('lists every registry tool, each with model-facing text', () => {
    const defs = mcpToolDefinitions(TOOLS);
    assert.deepEqual(
      defs.map((d) => d.name),
      TOOLS.map((t) => t.name),
    );
    assert.deepEqual(
      [...DESCRIBED_TOOLS].sort(),
      TOOLS.map((t) => t.name).sort(),
      'a new tool needs its model-facing text in src/mcp/descriptions.ts',
    );
    for (const d of defs) {
      assert.ok(d.title && d.annotations?.title === d.title);
      assert.match(d.description ?? '', /\bNot for\b|\bdoes not\b/, `${d.name} says what it is not for`);
    }
  });

  it('takes the input schemas from the registry, without combinators at the root', () => {
    for (const [i, def] of mcpToolDefinitions(TOOLS).entries()) {
      const { oneOf: _o, anyOf: _a, allOf: _l, ...rest } = TOOLS[i]!.inputSchema;
      assert.deepEqual(def.inputSchema, rest);
      assert.equal('oneOf' in def.inputSchema, false);
    }
    assert.ok(
      'oneOf' in TOOLS.find((t) => t.name === 'get_url_metadata')!.inputSchema,
      'the registry schema itself keeps its rule',
    );
  });

  it('still refuses url and items together, through the shared validator', async (t) => {
    const client = await inMemoryClient(TOOLS);
    t.after(() => client.close());
    const result = await client.callTool({
      name: 'get_url_metadata',
      arguments: { url: 'https://example.com/', items: ['https://example.com/'] },
    });
    assert.equal(result.isError, true);
    const { error } = JSON.parse((result.content as Array<{ text: string }>)[0]!.text) as {
      error: { code: string; message: string };
    };
    assert.equal(error.code, 'invalid_request');
    assert.match(error.message, /send either "url" or "items", not both/);
    await assert.rejects(client.callTool({ name: 'crawl_site', arguments: {} }), /Unknown tool "crawl_site"/);
  });
});

describe('MCP text content of the cleaners', () => {
  it('is the document with its title and final URL; notes truncation; writes item errors out', () => {
    const text = joinAnswer(
      documentParts([
        {
          data: { title: 'Tides', content: 'High water comes later each day.', word_count: 6, format: 'text' },
          meta: {
            url: 'http://a.example/t',
            final_url: 'http://a.example/tides',
            truncated: true,
            fallback_used: false,
          },
        },
        {
          data: null,
          meta: { url: 'http://10.0.0.1/', error: { code: 'blocked_url', message: 'Blocked.', retryable: false } },
        },
      ]),
    );
    assert.equal(
      text,
      'Title: Tides\nURL: http://a.example/tides\nNote: the content was cut at max_chars.\n\nHigh water comes later each day.\n\n======\n\nURL: http://10.0.0.1/\nError: blocked_url: Blocked.',
    );
  });
});
