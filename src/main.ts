// Process entry for `npm start`: `urlkit serve` (configuration from the environment, listen,
// graceful shutdown), its start settings made sure of before the service's modules load.
import { execWithStartSettings } from './cli/start-settings.js';

const startNote = execWithStartSettings();
const { runCommand } = await import('./cli/commands.js');
await runCommand(['serve'], startNote);
