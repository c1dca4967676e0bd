// Where the browser tests find Chromium: Debian's package puts it at /usr/bin/chromium (CI
// installs it with apt-get). Tests that need it skip, saying why, only when it is missing.
import { firstExecutable } from '../../src/util/executables.js';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

export function findChromium(): string | null {
  return firstExecutable(CANDIDATES);
}

export const NO_CHROMIUM =
  `no Chromium executable at ${CANDIDATES.join(' or ')}: install Debian's chromium package ` +
  `(apt-get install -y chromium) to run the browser tests`;
