// Credentials written in a requested URL (`http://user:pw@host/`) go to the target as Basic auth
// and are never shown back: every answer leaves here without them in its url and final_url,
// whichever tool, transport or failure path built it.
import { withoutUserinfo } from '../fetch/url-policy.js';
import type { ToolItem } from './types.js';

const URL_FIELDS = ['url', 'final_url'];

function shown(part: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!part) return part;
  let out = part;
  for (const f of URL_FIELDS) {
    const v = part[f];
    if (typeof v !== 'string') continue;
    const w = withoutUserinfo(v);
    if (w !== v) out = { ...out, [f]: w };
  }
  return out;
}

export function withoutShownUserinfo(items: ToolItem[]): ToolItem[] {
  return items.map((item) => {
    const meta = shown(item.meta);
    const data = shown(item.data);
    return meta === item.meta && data === item.data ? item : ({ ...item, meta, data } as ToolItem);
  });
}
