// Small pages for the metadata rule tests: a page's metadata, and the cleaners' title, at a story URL.
import { pageTitles } from '../../../../src/extract/page/headline.js';
import { extractMetadata } from '../../../../src/extract/metadata/index.js';
import { parseHtml } from '../../../../src/parse/parse-html.js';

export const meta = (html: string, url = 'https://news.example.com/story') => extractMetadata(parseHtml(html), url);

export const titles = (html: string, url = 'https://news.example.com/story') => ({
  title: pageTitles(parseHtml(html), url).headline,
});

export const ld = (o: unknown) => `<script type="application/ld+json">${JSON.stringify(o)}</script>`;

/** A paragraph of story text, long enough to read as the article. */
export const para = `<p>${'Some words of the story. '.repeat(8)}</p>`;
