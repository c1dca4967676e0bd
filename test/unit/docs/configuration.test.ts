// docs/configuration.md is generated from src/config/config.ts (scripts/config-doc.ts): the page
// in the repository must be exactly what the code generates, so a setting added, renamed or given
// another default or bound without `npm run docs:config` fails here.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { defaultConfig } from '../../../src/config/config.js';
import { CONFIG_DOC, configSources, generate, readSettings } from '../../../scripts/config-doc.js';

const root = new URL('../../../../', import.meta.url);

describe('docs/configuration.md', () => {
  it('lists every setting loadConfig reads, with the default defaultConfig() has', () => {
    const settings = readSettings(configSources());
    const byVariable = new Map(settings.map((s) => [s.variable, s]));
    assert.ok(settings.length >= 40, `found only ${settings.length} settings`);
    assert.equal(byVariable.get('PORT')?.default, `\`${defaultConfig().port}\``);
    assert.equal(byVariable.get('URLKIT_MAX_BODY_BYTES')?.default, `\`${defaultConfig().maxBodyBytes}\``);
    assert.equal(byVariable.get('URLKIT_REDIS_URL')?.default, '(none)');
    assert.equal(byVariable.get('URLKIT_PROXY_MODE')?.accepts, '`never`, `always`, `fallback`');
    assert.equal(byVariable.get('URLKIT_MAX_REDIRECTS')?.accepts, '0 to 30');
  });

  it('is what `npm run docs:config` generates from the code', () => {
    assert.equal(readFileSync(new URL(CONFIG_DOC, root), 'utf8'), generate(), `run npm run docs:config`);
  });
});
