// Cookies set during one fetch's redirect chain (consent and session redirects need them).

/** A cookie jar that lives for one fetchPage and only returns cookies to the origin that set them. */
export class HopCookies {
  private byOrigin = new Map<string, Map<string, string>>();
  store(url: URL, raw: string | string[] | undefined): void {
    if (!raw) return;
    const jar = this.byOrigin.get(url.origin) ?? new Map<string, string>();
    for (const line of Array.isArray(raw) ? raw : [raw]) {
      const pair = line.split(';', 1)[0]!;
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    if (jar.size) this.byOrigin.set(url.origin, jar);
  }
  header(url: URL): string | null {
    const jar = this.byOrigin.get(url.origin);
    if (!jar || jar.size === 0) return null;
    return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}
