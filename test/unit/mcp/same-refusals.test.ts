// A refused call gets the same error object over HTTP and over MCP: the same code and message,
// details naming each refused field for invalid_request, and no details at all for invalid_json
// (a body nested too deep has no field to name). Both front ends take the shape from one place
// (src/tools/validation.ts, refusalError), so a client can handle either the same way.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { ErrorEnvelope } from '../../support/answers.js';
import { appWith, echoMetadataTool, echoTool } from '../http/helpers.js';
import { inMemoryClient } from './in-memory-client.js';

type RefusalError = ErrorEnvelope['error'];

/** An object `levels` deep: { a: { a: ... 1 } }. */
const nested = (levels: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < levels; i++) v = { a: v };
  return v;
};

describe('refused calls, HTTP and MCP', () => {
  const tools = [echoTool(), echoMetadataTool()];
  let app: FastifyInstance;
  let client: Client;
  before(async () => {
    app = await appWith(tools, { rateLimitMax: 0 });
    client = await inMemoryClient(tools);
  });
  after(async () => {
    await client.close();
    await app.close();
  });

  const overHttp = async (tool: string, args: Record<string, unknown>): Promise<RefusalError> => {
    const res = await app.inject({ method: 'POST', url: `/api/v1/tools/${tool}`, payload: args });
    assert.equal(res.statusCode, 400, res.body);
    return res.json<ErrorEnvelope>().error;
  };
  const overMcp = async (tool: string, args: Record<string, unknown>): Promise<RefusalError> => {
    const result = await client.callTool({ name: tool, arguments: args });
    assert.equal(result.isError, true);
    return (JSON.parse((result.content as Array<{ text: string }>)[0]!.text) as ErrorEnvelope).error;
  };

  it('arguments nested too deep: invalid_json with the same message and no details', async () => {
    const args = { url: 'https://example.com/', x: nested(40) };
    const http = await overHttp('clean_web_content', args);
    const mcp = await overMcp('clean_web_content', args);
    assert.equal(http.code, 'invalid_json');
    assert.match(http.message, /nest deeper than 32 levels/);
    assert.equal('details' in mcp, false, JSON.stringify(mcp));
    assert.deepEqual(mcp, http);
  });

  it('fields refused by the schema: invalid_request with the same details', async () => {
    for (const [tool, args] of [
      ['clean_web_content', { url: 'https://example.com/', colour: 'red' }],
      ['clean_web_content', {}],
      ['get_url_metadata', { url: 'https://example.com/', items: ['https://example.com/'] }],
    ] as const) {
      const http = await overHttp(tool, args);
      assert.equal(http.code, 'invalid_request');
      assert.ok(Array.isArray(http.details) && http.details.length > 0, JSON.stringify(http));
      assert.deepEqual(await overMcp(tool, args), http);
    }
  });
});
