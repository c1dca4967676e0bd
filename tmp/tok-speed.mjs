import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import fs from 'node:fs';
const t = fs.readFileSync('/work/main/README.md','utf8').repeat(3);
console.log('chars', t.length);
for (let r=0;r<3;r++){ let s=performance.now(); const n=countTokens(t); console.log('tokens',n,'ms',(performance.now()-s).toFixed(1)); }
for (const n of [10000, 50000, 200000]) { const s1 = 'a'.repeat(n); let s=performance.now(); const k=countTokens(s1); console.log('run', n, k, (performance.now()-s).toFixed(1)); }
const rnd = Array.from({length:100000},()=>String.fromCharCode(97+Math.floor(Math.random()*26))).join('');
let s=performance.now(); console.log('rnd100k', countTokens(rnd), (performance.now()-s).toFixed(1));
