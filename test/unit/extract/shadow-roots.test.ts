// A page whose web components are rendered on the server into declarative shadow roots
// (`<template shadowrootmode="open">`): a browser shows their content, so the cleaners read it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cleanPage } from '../../support/clean-page.js';

const PAGE =
  '<html><head><title>Harbour bridge vote</title></head><body><nav><a href="/">Home</a></nav>' +
  '<news-article><template shadowrootmode="open"><style>p { margin: 0 }</style>' +
  '<article><h1>Harbour bridge vote</h1><p>The council voted nine to four on Tuesday evening to build the ' +
  'harbour bridge, after two years of debate in the chamber.</p><slot></slot></article></template>' +
  '<p>Building starts next spring, once the harbour permits are in place and the contracts are signed.</p>' +
  '</news-article><template><p>A template no reader sees, whatever the page does with it later.</p></template>' +
  '</body></html>';

describe('declarative shadow roots', () => {
  it('are read as the content of their host, in both profiles; a plain template is not', () => {
    for (const profile of ['content', 'index'] as const) {
      const { content } = cleanPage(PAGE, 'https://news.example/bridge', { profile, format: 'text' });
      assert.match(content, /The council voted nine to four/, profile);
      assert.match(content, /Building starts next spring/, profile);
      assert.doesNotMatch(content, /A template no reader sees/, profile);
    }
  });
});
