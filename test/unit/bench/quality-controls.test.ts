import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { RUN_FORMAT, type SavedRun } from '../../../bench/quality-runs.js';

const CONTROLS_CLI = fileURLToPath(new URL('../../../bench/quality-controls.js', import.meta.url));

const PAGE = `<!doctype html><html><body><main>
<h2>Questions</h2>
<div class="faq">
  <button aria-expanded="true">What does the plan cost each month?</button>
  <div class="answer"><p>The plan costs ten dollars each month, billed on the first day.</p></div>
</div>
<button type="button">Add this plan to my cart</button>
</main></body></html>`;

test('bench:quality-controls counts the control labels the truth keeps and the answer leaves out', () => {
  const dir = mkdtempSync(join(tmpdir(), 'urlkit-controls-'));
  try {
    const set = join(dir, 'wcxb');
    mkdirSync(join(set, 'dev', 'html'), { recursive: true });
    mkdirSync(join(set, 'dev', 'ground-truth'), { recursive: true });
    writeFileSync(join(set, 'metadata.json'), JSON.stringify({ files: { '0001': { domain: 'plans.example' } } }));
    writeFileSync(join(set, 'dev', 'html', '0001.html.gz'), gzipSync(PAGE));
    writeFileSync(
      join(set, 'dev', 'ground-truth', '0001.json'),
      JSON.stringify({
        url: 'https://plans.example/faq',
        _internal: { page_type: { primary: 'service' } },
        ground_truth: {
          main_content: [
            'Questions',
            'What does the plan cost each month?',
            'The plan costs ten dollars each month, billed on the first day.',
          ].join('\n\n'),
        },
      }),
    );
    const run: SavedRun = {
      format: RUN_FORMAT,
      build: '/builds/x',
      commit: null,
      created: '2026-12-01T00:00:00.000Z',
      pages: [
        {
          set: 'wcxb',
          id: '0001',
          type: 'service',
          split: 'check',
          site: 'plans.example',
          f1: 0.9,
          text: 'Questions\nThe plan costs ten dollars each month, billed on the first day.',
        },
      ],
    };
    const runFile = join(dir, 'run.json');
    writeFileSync(runFile, JSON.stringify(run));
    const out = spawnSync(process.execPath, [CONTROLS_CLI, runFile], {
      encoding: 'utf8',
      env: { ...process.env, URLKIT_WCXB_DIR: set },
    });
    assert.equal(out.status, 0, out.stderr);
    // The question: kept by the truth, left out by the answer (lost on a check page); the cart
    // button: left out by both.
    assert.match(out.stdout, /^\| button \| 1 \| 0 \| 1 \| 0 \| 0 \/ 1 \| 0 \/ 1 \|$/m);
    // The question's panel (the element after it) is in the answer; the cart button has none.
    assert.match(out.stdout, /^\| panel in the answer \| question \| 1 \| 0 \|$/m);
    assert.match(out.stdout, /^\| no panel \| other \| 0 \| 1 \|$/m);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('bench:quality-controls refuses to run without a saved run', () => {
  const out = spawnSync(process.execPath, [CONTROLS_CLI], { encoding: 'utf8' });
  assert.equal(out.status, 2);
  assert.match(out.stderr, /usage: quality-controls\.js RUN\.json/);
});
