// What is known about a target that is not HTML (an image, a PDF, JSON...): the title comes
// from the file name (Content-Disposition, else the URL path), the rest from headers.
import { toIsoDate } from './dates.js';
import { dispositionFileName, linkHeaderTarget } from './http-headers.js';
import { normaliseLang } from './lang.js';
import { collapse } from './text.js';
import type { PageMetadata } from './types.js';
import { fileNameOf, resolveUrl } from './urls.js';

export function nonHtmlMetadata(finalUrl: string, headers: Record<string, string> = {}): PageMetadata {
  const name = dispositionFileName(headers['content-disposition']) ?? fileNameOf(finalUrl);
  return {
    title: collapse(name),
    description: '',
    favicon: faviconOf(finalUrl),
    logo: null,
    og: { title: '', description: '' },
    canonical_url: resolveUrl(linkHeaderTarget(headers.link, 'canonical'), finalUrl),
    lang: normaliseLang(headers['content-language']),
    site_name: null,
    image: null,
    author: null,
    published_at: null,
    // For a file, Last-Modified is the document's own modification date.
    modified_at: toIsoDate(headers['last-modified']),
    twitter: {},
    feeds: [],
    keywords: [],
  };
}

function faviconOf(finalUrl: string): string {
  try {
    return new URL('/favicon.ico', finalUrl).href;
  } catch {
    return '';
  }
}
