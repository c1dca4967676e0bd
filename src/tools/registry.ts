// The one list of tools. HTTP routes, validation, OpenAPI, the CLI and (later) MCP come from here.
import { checkUrlStatus } from './check-url-status.js';
import { cleanWebContent } from './clean-web-content.js';
import { cleanWebIndex } from './clean-web-index.js';
import { getUrlMetadata } from './get-url-metadata.js';
import type { Tool } from './types.js';

// Each tool's Input type differs; the registry holds them by their common shape.
export const TOOLS: readonly Tool<unknown>[] = [cleanWebIndex, cleanWebContent, getUrlMetadata, checkUrlStatus];

export function findTool(name: string): Tool<unknown> | undefined {
  return TOOLS.find((t) => t.name === name);
}

export function findToolByCommand(command: string): Tool<unknown> | undefined {
  return TOOLS.find((t) => t.command === command);
}
