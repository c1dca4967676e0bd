// Where the browser tests find Chromium: Debian's package puts it at /usr/bin/chromium (CI
// installs it with apt-get). Tests that need it skip, saying why, only when it is missing.
import { accessSync, constants } from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

export function findChromium(): string | null {
  for (const path of CANDIDATES) {
    try {
      accessSync(path, constants.X_OK);
      return path;
    } catch {
      // next
    }
  }
  return null;
}

export const NO_CHROMIUM =
  `no Chromium executable at ${CANDIDATES.join(' or ')}: install Debian's chromium package ` +
  `(apt-get install -y chromium) to run the browser tests`;
