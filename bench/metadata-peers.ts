// The two libraries bench:metadata-quality compares urlkit with, mapped to urlkit's field names
// (the mapping is written down in docs/metadata.md). Both are given HTML and a URL; neither
// fetches anything here.
import type { Data } from './metadata-score.js';

/** Optional dev dependencies: loaded by name so the build does not need them installed. */
const load0 = (name: string): Promise<unknown> => import(name);

export interface Peer {
  name: string;
  extract(html: string, url: string): Promise<Data>;
}

/** metascraper with the rule packages for the scored fields (no logo/favicon rules: those fetch). */
export async function metascraperPeer(): Promise<Peer> {
  const load = async (name: string) => ((await import(name)) as { default: (opts?: unknown) => unknown }).default();
  const create = (
    (await load0('metascraper')) as {
      default: (rules: unknown[]) => (o: { html: string; url: string }) => Promise<Record<string, unknown>>;
    }
  ).default;
  const rules = await Promise.all(
    [
      'metascraper-author',
      'metascraper-date',
      'metascraper-description',
      'metascraper-image',
      'metascraper-publisher',
      'metascraper-title',
      'metascraper-url',
    ].map(load),
  );
  const scrape = create(rules);
  return {
    name: 'metascraper',
    async extract(html, url) {
      const m = await scrape({ html, url });
      // metascraper's date is its single date (published, else modified), as an ISO string.
      return {
        title: m.title ?? null,
        description: m.description ?? null,
        image: m.image ?? null,
        author: m.author ?? null,
        published_at: m.date ?? null,
        site_name: m.publisher ?? null,
      };
    },
  };
}

function absolute(u: string | null, base: string): string | null {
  if (!u) return null;
  try {
    return new URL(u, base).href;
  } catch {
    return null;
  }
}

/**
 * open-graph-scraper on the given HTML: Open Graph first, its own fallbacks (title, meta
 * description, first img...) after.
 */
export async function ogsPeer(): Promise<Peer> {
  const ogs = (
    (await load0('open-graph-scraper')) as {
      default: (o: { html: string }) => Promise<{ result: Record<string, unknown> }>;
    }
  ).default;
  return {
    name: 'open-graph-scraper',
    async extract(html, url) {
      // It refuses `url` together with `html`; relative image URLs are resolved against the page URL here.
      const { result: r } = await ogs({ html });
      const images = r.ogImage as Array<{ url?: string }> | undefined;
      const str = (...vals: unknown[]) =>
        (vals.find((v) => typeof v === 'string' && v.trim() !== '') as string | undefined) ?? null;
      return {
        title: str(r.ogTitle, r.twitterTitle, r.dcTitle),
        description: str(r.ogDescription, r.twitterDescription, r.dcDescription),
        image: absolute(str(images?.[0]?.url), url),
        author: str(r.author, r.articleAuthor, r.bookAuthor, r.dcCreator),
        published_at: str(r.articlePublishedTime, r.ogDate, r.articlePublishedDate, r.dcDate, r.dcDateIssued),
        modified_at: str(r.articleModifiedTime, r.ogArticleModifiedTime, r.updatedTime),
        site_name: str(r.ogSiteName),
      };
    },
  };
}
