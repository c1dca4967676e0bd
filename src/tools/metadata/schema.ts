// Schemas of get_url_metadata's item data and meta, for validation of our own output in
// tests and for the OpenAPI document.
import { cacheMetaProperties, fetchMetaProperties } from '../fields.js';
import type { JsonSchema } from '../types.js';

const str = (description: string): JsonSchema => ({ type: 'string', description });
const nullableStr = (description: string): JsonSchema => ({ type: ['string', 'null'], description });
const tagValues = (description: string): JsonSchema => ({
  type: 'object',
  description,
  additionalProperties: { oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
});

export const metadataDataSchema: JsonSchema = {
  type: ['object', 'null'],
  description: 'Page metadata; null when the URL could not be fetched (see meta.error).',
  additionalProperties: false,
  required: [
    'title',
    'description',
    'favicon',
    'logo',
    'og',
    'canonical_url',
    'lang',
    'site_name',
    'image',
    'author',
    'published_at',
    'modified_at',
    'twitter',
    'feeds',
    'keywords',
  ],
  properties: {
    title: str(
      'The title the page declares, verbatim (entities decoded, whitespace collapsed, nothing cut): ' +
        'og:title, else twitter:title, else <title>, else JSON-LD headline, else the first <h1>; for a ' +
        'non-HTML target the file name. Empty string when none.',
    ),
    description: str(
      'The description the page declares, verbatim: og:description, else twitter:description, else meta ' +
        'description, else JSON-LD description, else the lead paragraph. Empty string when none.',
    ),
    favicon: str(
      'Absolute URL of the best declared icon (largest size, svg/png over ico, then apple-touch-icon; a ' +
        'mask-icon only when nothing else is declared; never fetched), else /favicon.ico of the final origin.',
    ),
    logo: nullableStr(
      "Absolute URL of the site's logo as the page declares it: JSON-LD logo of the publisher or the site's" +
        " Organization, og:logo, itemprop=logo, else an image in the page's header marked or named as the " +
        'logo. Null when none (never the favicon).',
    ),
    og: {
      ...tagValues(
        'Every og:* property keyed by the name after "og:" (image, url, type, site_name, locale, ' +
          'image:width...). A repeated key is an array in page order. URL values are absolute.',
      ),
      required: ['title', 'description'],
      properties: {
        title: str('og:title, empty string when absent.'),
        description: str('og:description, empty string when absent.'),
      },
    },
    canonical_url: nullableStr('<link rel=canonical>, else og:url, else an HTTP Link rel=canonical header; absolute.'),
    lang: nullableStr(
      'BCP 47 language: <html lang>, Content-Language meta, og:locale, JSON-LD inLanguage, then the ' +
        'Content-Language header.',
    ),
    site_name: nullableStr('og:site_name, application-name, JSON-LD WebSite name or publisher name.'),
    image: nullableStr(
      'Absolute URL of the preview image: og:image, twitter:image, JSON-LD image, <link rel=image_src>.',
    ),
    author: nullableStr(
      'meta author, article:author (when a name), JSON-LD author names joined by ", ", byline metas.',
    ),
    published_at: nullableStr(
      'ISO 8601: a full timestamp in UTC ("2024-03-01T08:00:00.000Z") or a date ("2024-03-01").',
    ),
    modified_at: nullableStr('ISO 8601, like published_at. For a non-HTML target, its Last-Modified header.'),
    twitter: tagValues('Every twitter:* property keyed by the name after "twitter:". A repeated key is an array.'),
    feeds: {
      type: 'array',
      description: 'Feeds the page announces (<link rel=alternate>).',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['url', 'type', 'title'],
        properties: {
          url: str('Absolute feed URL.'),
          type: { type: 'string', enum: ['rss', 'atom', 'json'], description: 'Feed format.' },
          title: nullableStr('The link title, if any.'),
        },
      },
    },
    keywords: {
      type: 'array',
      items: { type: 'string' },
      description: 'meta keywords, news_keywords, article:tag and JSON-LD keywords, de-duplicated.',
    },
    pages: {
      type: ['integer', 'null'],
      description: 'Only for a PDF: its page count (null when the file could not be read).',
    },
    content: nullableStr(
      'Only with include_content: the main text, as clean_web_content gives it with include_title false. ' +
        'null when meta.error says why.',
    ),
    word_count: {
      type: ['integer', 'null'],
      description: 'Only with include_content: words in content (Unicode word segmentation).',
    },
  },
};

export const metadataMetaSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['url', 'final_url', 'status_code', 'content_type', 'via_proxy', 'retries', 'cached', 'fetched_at'],
  properties: {
    ...fetchMetaProperties,
    ...cacheMetaProperties,
    tokens: {
      type: 'integer',
      description: 'Only with include_content and content: tokens of data.content in token_encoding.',
    },
    truncated: {
      type: 'boolean',
      description: 'Only with include_content and content: data.content was cut (at 200000 characters or max_tokens).',
    },
  },
};
