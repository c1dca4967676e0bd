// Icons from a web app manifest (https://www.w3.org/TR/appmanifest/#icons-member): the
// largest one meant for general use. Monochrome icons are never chosen; maskable ones only
// when nothing else is offered (they are cropped by design).
import { resolveUrl } from './urls.js';

const SCALABLE = 1024;
const MAX_ICONS = 100;

export function bestManifestIcon(manifest: unknown, manifestUrl: string): { url: string; size: number } | null {
  if (!manifest || typeof manifest !== 'object' || !Array.isArray((manifest as { icons?: unknown }).icons)) return null;
  let best: { url: string; size: number; rank: number } | null = null;
  for (const icon of ((manifest as { icons: unknown[] }).icons).slice(0, MAX_ICONS)) {
    if (!icon || typeof icon !== 'object') continue;
    const { src, sizes, type, purpose } = icon as Record<string, unknown>;
    if (typeof src !== 'string') continue;
    const purposes = typeof purpose === 'string' ? purpose.toLowerCase().split(/\s+/) : ['any'];
    if (!purposes.includes('any') && !purposes.includes('maskable')) continue;
    const url = resolveUrl(src, manifestUrl);
    if (!url) continue;
    const size = iconSize(typeof sizes === 'string' ? sizes : '', typeof type === 'string' ? type : '', url);
    // 'any' icons outrank maskable-only ones; within a rank, the larger wins.
    const rank = purposes.includes('any') ? 1 : 0;
    if (!best || rank > best.rank || (rank === best.rank && size > best.size)) best = { url, size, rank };
  }
  return best ? { url: best.url, size: best.size } : null;
}

function iconSize(sizes: string, type: string, url: string): number {
  let best = 0;
  for (const token of sizes.toLowerCase().split(/\s+/)) {
    if (token === 'any') return SCALABLE;
    const m = /^(\d{1,5})x(\d{1,5})$/.exec(token);
    if (m) best = Math.max(best, Math.min(Number(m[1]), Number(m[2])));
  }
  if (best === 0 && (type === 'image/svg+xml' || /\.svg(?:$|[?#])/i.test(url))) return SCALABLE;
  return best;
}
