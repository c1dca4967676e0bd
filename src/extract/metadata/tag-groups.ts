// og:* and twitter:* as objects keyed by the name after the prefix. A key the page repeats
// (og:image for a gallery) becomes an array in page order; URL-valued keys are made absolute.
import type { PageTags } from './page-tags.js';
import { collapse } from './text.js';
import type { TagValues } from './types.js';
import { resolveUrl } from './urls.js';
import { MAX_TAG_KEYS, MAX_VALUES_PER_KEY } from './thresholds.js';

const URL_KEYS: Record<string, ReadonlySet<string>> = {
  'og:': new Set([
    'url',
    'image',
    'image:url',
    'image:secure_url',
    'video',
    'video:url',
    'video:secure_url',
    'audio',
    'audio:url',
    'audio:secure_url',
    'see_also',
  ]),
  'twitter:': new Set(['image', 'image:src', 'player', 'player:stream', 'url']),
};

export function tagGroup(tags: PageTags, prefix: 'og:' | 'twitter:', base: string): TagValues {
  const group: TagValues = {};
  const urlKeys = URL_KEYS[prefix]!;
  let keys = 0;
  for (const [fullKey, rawValues] of tags.meta) {
    if (!fullKey.startsWith(prefix)) continue;
    const key = fullKey.slice(prefix.length);
    if (key === '' || keys >= MAX_TAG_KEYS) continue;
    const values: string[] = [];
    for (const raw of rawValues) {
      if (values.length >= MAX_VALUES_PER_KEY) break;
      const v = urlKeys.has(key) ? resolveUrl(raw, base) : collapse(raw);
      if (v) values.push(v);
    }
    if (values.length === 0) continue;
    keys++;
    group[key] = values.length === 1 ? values[0]! : values;
  }
  return group;
}

/** The first value of a key, for fields that must be a single string. */
export function single(value: string | string[] | undefined): string {
  if (Array.isArray(value)) return value[0] ?? '';
  return value ?? '';
}
