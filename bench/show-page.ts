// Debug aid for quality work: node dist/bench/show-page.js <file-in-pages/> [readability]
// prints urlkit's content text (or Readability's) for one corpus page.
import { loadCorpus } from './corpus.js';
import { readabilityText, urlkitText } from './quality-systems.js';

const [file, which] = process.argv.slice(2);
const page = loadCorpus().find((p) => p.file === file || p.url === file);
if (!page) {
  console.error('no such page');
  process.exit(1);
}
console.log(which === 'readability' ? readabilityText(page) : urlkitText(page, true));
console.error('\nWITH:', page.with, '\nWITHOUT:', page.without);
