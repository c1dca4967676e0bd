// title: the title the page declares, verbatim (page/declared-title.ts): og:title, else
// twitter:title, else <title>, else JSON-LD headline, else the first <h1>.
import { DECLARED_TITLE } from '../../page/declared-title.js';
import type { Rule } from '../context.js';

export const TITLE: readonly Rule<string>[] = DECLARED_TITLE;
