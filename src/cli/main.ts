#!/usr/bin/env node
// `urlkit`: the entry of the command (commands.ts). The servers (`serve`, `worker`) first make
// sure of their start settings (start-settings.ts), before the commands' modules load: a restart
// for them then loads those once.
import { execWithStartSettings } from './start-settings.js';

const argv = process.argv.slice(2);
const startNote = argv[0] === 'serve' || argv[0] === 'worker' ? execWithStartSettings() : null;
const { runCommand } = await import('./commands.js');
await runCommand(argv, startNote);
