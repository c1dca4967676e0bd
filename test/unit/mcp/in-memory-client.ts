// An MCP client connected in memory to a server over the given tools, with the shared validator
// and services that fail if touched: for tests of what the server answers before any tool runs.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { pino } from 'pino';
import { createMcpServer } from '../../../src/mcp/server.js';
import { createValidator } from '../../../src/tools/validation.js';
import type { Tool } from '../../../src/tools/types.js';
import { testConfig } from '../../support/loopback-server.js';
import { unusedServices } from '../http/helpers.js';

export async function inMemoryClient(tools: readonly Tool<unknown>[]): Promise<Client> {
  const server = createMcpServer({
    tools,
    config: testConfig(),
    services: unusedServices(),
    validator: createValidator(tools),
    logger: pino({ level: 'silent' }),
    correlationId: () => '00000000-0000-4000-8000-000000000000',
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'unit', version: '1' });
  await client.connect(clientSide);
  return client;
}
