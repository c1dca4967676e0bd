// When clean_web_index renders: the render field and the delivered HTML decide; and which
// hosts the renderer never asks.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isTrackerHost } from '../../../src/browser/blocklist.js';
import { needsRender } from '../../../src/browser/render-step.js';
import type { CleanResult } from '../../../src/workers/clean-task.js';

const ok = (wordCount: number): CleanResult => ({
  ok: true,
  title: 't',
  content: 'x',
  wordCount,
  truncated: false,
  tokens: 1,
  nextStart: null,
  profile: 'index',
  fallbackUsed: false,
});
const empty: CleanResult = { ok: false, code: 'no_content', title: 't' };
const SHELL = '<div id="root"></div><script src="/app.js"></script>';
const STATIC = '<h1>News</h1><ul><li><a href="/a">A story</a></li></ul>';

describe('needsRender', () => {
  it('never renders with render=never, always with render=always', () => {
    assert.equal(needsRender('never', SHELL, empty), false);
    assert.equal(needsRender('always', STATIC, ok(500)), true);
  });

  it('auto renders when the delivered HTML yields no index text', () => {
    assert.equal(needsRender('auto', STATIC, empty), true);
  });

  it('auto renders a script shell: little text from a page that runs scripts', () => {
    assert.equal(needsRender('auto', SHELL, ok(3)), true);
    assert.equal(needsRender('auto', '<div id="app"></div><script>boot()</script>', ok(3)), true);
  });

  it('auto keeps delivered HTML with enough text, or little text and no scripts', () => {
    assert.equal(needsRender('auto', SHELL, ok(400)), false);
    assert.equal(needsRender('auto', STATIC, ok(3)), false);
    // Data blocks are not scripts that build a page.
    assert.equal(needsRender('auto', `${STATIC}<script type="application/ld+json">{}</script>`, ok(3)), false);
  });
});

describe('isTrackerHost', () => {
  it('matches ad and analytics domains and their subdomains, nothing else', () => {
    assert.equal(isTrackerHost('www.google-analytics.com'), true);
    assert.equal(isTrackerHost('securepubads.g.doubleclick.net'), true);
    assert.equal(isTrackerHost('GOOGLETAGMANAGER.COM.'), true);
    assert.equal(isTrackerHost('example.com'), false);
    assert.equal(isTrackerHost('notdoubleclick.net'), false);
    assert.equal(isTrackerHost('doubleclick.net.example.com'), false);
  });
});
