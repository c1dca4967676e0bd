// The MCP tool list, generated from the registry: same names, the same input JSON Schemas that
// validate HTTP and CLI requests, an output schema for structuredContent (the envelope's
// `data`), and annotations that tell a host these tools only read the open web.
import type { Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';
import type { JsonSchema, Tool } from '../tools/types.js';
import { modelFacing } from './descriptions.js';

/**
 * Combinators a host may refuse at the top level of a tool's input schema. Several model APIs
 * (and the hosts that relay MCP schemas to them unchanged) reject a tool whose input_schema has
 * oneOf/anyOf/allOf at the root, which would make the whole server unusable there. The rule
 * they express (get_url_metadata: `url` or `items`, not both) is still enforced by the shared
 * validator and stated in the description.
 */
const ROOT_COMBINATORS = ['oneOf', 'anyOf', 'allOf', 'not'];

export function mcpInputSchema(tool: Tool<unknown>): McpTool['inputSchema'] {
  const schema = structuredClone<JsonSchema>(tool.inputSchema);
  for (const key of ROOT_COMBINATORS) delete schema[key];
  return { ...schema, type: 'object' };
}

/** structuredContent is the envelope's `data`: { results: [{ data, meta }, ...] }. */
export function mcpOutputSchema(tool: Tool<unknown>): NonNullable<McpTool['outputSchema']> {
  return {
    type: 'object',
    required: ['results'],
    properties: {
      results: {
        type: 'array',
        description:
          'One item per requested URL, in request order. A URL that could not be handled has meta.error { code, ' +
          'message, retryable }.',
        items: {
          type: 'object',
          required: ['data', 'meta'],
          properties: { data: structuredClone(tool.itemDataSchema), meta: structuredClone(tool.itemMetaSchema) },
        },
      },
    },
  };
}

export function mcpToolDefinition(tool: Tool<unknown>): McpTool {
  const facing = modelFacing(tool);
  return {
    name: tool.name,
    title: facing.title,
    description: facing.description,
    inputSchema: mcpInputSchema(tool),
    outputSchema: mcpOutputSchema(tool),
    annotations: {
      title: facing.title,
      // The tools fetch and read; they never change anything on the target or in urlkit.
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: facing.idempotent,
      // They reach arbitrary URLs on the internet.
      openWorldHint: true,
    },
  };
}

export function mcpToolDefinitions(tools: readonly Tool<unknown>[]): McpTool[] {
  return tools.map(mcpToolDefinition);
}
