// The best declared icon. Ranking, in order: largest declared size (square sizes count at
// full size, others by their shorter side; an SVG or sizes="any" counts as scalable), then
// format (svg > png > other images > ico), then rel=icon over apple-touch-icon, then page
// order. An apple-touch-icon without sizes is taken as Apple's implied 180px. A mask-icon
// (a monochrome Safari pin) is a declared icon too, but the poorest: it is taken only when the
// page declares no other. With no usable declaration: /favicon.ico of the final origin
// (browsers request exactly that). Only declarations count: nothing (a manifest, the icon
// itself) is fetched.
import type { LinkTag } from './page-tags.js';
import { resolveUrl } from './urls.js';

const SCALABLE = 1024;
const APPLE_IMPLIED = 180;

interface Candidate {
  url: string;
  size: number;
  format: number;
  relRank: number;
  order: number;
}

/** The best declared icon with its effective size (0 when unknown), or null when none is usable. */
export function bestDeclaredIcon(links: LinkTag[], base: string): { url: string; size: number } | null {
  const candidates: Candidate[] = [];
  links.forEach((link, order) => {
    const isApple = link.rel.includes('apple-touch-icon') || link.rel.includes('apple-touch-icon-precomposed');
    const isIcon = link.rel.includes('icon') || link.rel.includes('fluid-icon');
    const isMask = link.rel.includes('mask-icon');
    if (!isApple && !isIcon && !isMask) return;
    // A fragment ("#") or an empty path points back at the page, or the site's root page: no image.
    if (/^\s*#/.test(link.href)) return;
    const url = resolveUrl(link.href, base);
    if (!url || !iconPath(url, base)) return;
    const format = formatRank(link.type, url);
    let size = declaredSize(link.sizes);
    if (size === null) size = format === 4 ? SCALABLE : isApple ? APPLE_IMPLIED : 0;
    candidates.push({ url, size, format, relRank: isMask ? -1 : isIcon ? 1 : 0, order });
  });
  // A mask-icon only when nothing else is declared: it is one colour, not the site's logo.
  candidates.sort(
    (a, b) =>
      Number(a.relRank < 0) - Number(b.relRank < 0) ||
      b.size - a.size ||
      b.format - a.format ||
      b.relRank - a.relRank ||
      a.order - b.order,
  );
  const best = candidates[0];
  return best ? { url: best.url, size: best.size } : null;
}

/** A URL that can be an image: not the page it is declared on, nor a site's root page ("/"). */
function iconPath(url: string, base: string): boolean {
  const u = new URL(url);
  if (u.pathname === '/' && u.search === '') return false;
  u.hash = '';
  const b = new URL(base);
  b.hash = '';
  return u.href !== b.href;
}

/** Largest size in a sizes attribute ("16x16 32x32", "any"), by the shorter side. */
function declaredSize(sizes: string): number | null {
  if (sizes === '') return null;
  let best: number | null = null;
  // Tokens as written in the wild: "16x16 32x32", "96x96, 192x192", "192X192", "192×192".
  for (const token of sizes.split(/[\s,;]+/)) {
    if (token === 'any') return SCALABLE;
    const m = /^(\d{1,5})\s*[x\u00d7]\s*(\d{1,5})(?:px)?$/i.exec(token);
    if (!m) continue;
    const w = Number(m[1]);
    const h = Number(m[2]);
    // A non-square icon is letterboxed in a square slot: its useful size is the shorter side.
    const useful = w === h ? w : Math.min(w, h) * 0.9;
    if (best === null || useful > best) best = useful;
  }
  return best;
}

function formatRank(type: string, url: string): number {
  const ext = /\.([a-z0-9]{2,5})(?:$|[?#])/i.exec(new URL(url).pathname)?.[1]?.toLowerCase() ?? '';
  if (type === 'image/svg+xml' || ext === 'svg') return 4;
  if (type === 'image/png' || ext === 'png') return 3;
  if (/^image\/(?:x-)?(?:icon?|vnd\.microsoft\.icon)$/.test(type) || ext === 'ico') return 1;
  if (type.startsWith('image/') || ['gif', 'jpg', 'jpeg', 'webp', 'avif'].includes(ext)) return 2;
  return 2;
}
