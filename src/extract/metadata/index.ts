// Public surface of metadata extraction.
export { extractMetadata } from './extract-metadata.js';
export { nonHtmlMetadata } from './non-html.js';
export { feedMetadata, jsonFeedMetadata } from './feed-document.js';
export { markdownMetadata } from './markdown-document.js';
export type { Feed, FeedType, PageMetadata, TagValues } from './types.js';
