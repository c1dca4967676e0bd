// The shape of get_url_metadata's item data. Every URL in it is absolute; every string has its
// entities decoded and its whitespace collapsed.

export type FeedType = 'rss' | 'atom' | 'json';

export interface Feed {
  url: string;
  /** rss, atom or json (JSON Feed). */
  type: FeedType;
  title: string | null;
}

/** A repeated og:* or twitter:* key becomes an array, in page order. */
export type TagValues = Record<string, string | string[]>;

export interface PageMetadata {
  title: string;
  description: string;
  favicon: string;
  /** The site's logo as the page declares it, absolute; null when none. */
  logo: string | null;
  og: TagValues & { title: string; description: string };
  canonical_url: string | null;
  lang: string | null;
  site_name: string | null;
  image: string | null;
  author: string | null;
  published_at: string | null;
  modified_at: string | null;
  twitter: TagValues;
  feeds: Feed[];
  keywords: string[];
}
