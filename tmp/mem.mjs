import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
global.gc(); const h0 = process.memoryUsage();
let t=performance.now();
const lib = require('gpt-tokenizer/cjs/encoding/' + process.argv[2]);
lib.countTokens('hello world');
const dt = performance.now()-t;
global.gc(); const h1 = process.memoryUsage();
console.log(process.argv[2], 'ms', dt.toFixed(0), 'heapMB', ((h1.heapUsed-h0.heapUsed)/1e6).toFixed(1), 'rssMB', ((h1.rss-h0.rss)/1e6).toFixed(1));
