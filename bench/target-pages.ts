// The honest pages the load benches serve: the development corpus's news article closest to
// 100 KB, and a 2 KB page.
import { loadCorpus } from './corpus.js';

export function pickArticle(): string {
  const pages = loadCorpus();
  let best = pages[0]!;
  for (const p of pages) if (Math.abs(p.html.length - 100_000) < Math.abs(best.html.length - 100_000)) best = p;
  return best.html;
}

export function smallPage(): string {
  const para = '<p>' + 'A short paragraph of plain text for the status page. '.repeat(6) + '</p>\n';
  let html =
    '<!doctype html><html><head><meta charset="utf-8"><title>Status page</title></head><body><h1>Status</h1>\n';
  while (html.length < 1900) html += para;
  return html + '</body></html>\n';
}
