import { countTokens } from '../dist/src/render/token-count.js';
import { countTokens as lib } from 'gpt-tokenizer/encoding/o200k_base';
import fs from 'node:fs';
const files = fs.readdirSync('/work/main/docs').map(f=>fs.readFileSync('/work/main/docs/'+f,'utf8'));
for (let r=0;r<3;r++){ let s=performance.now(); let n=0; for (const t of files) n+=countTokens(t); const a=performance.now()-s; s=performance.now(); let m=0; for (const t of files) m+=lib(t); console.log('ours',n,a.toFixed(1),'lib',m,(performance.now()-s).toFixed(1), files.reduce((x,f)=>x+f.length,0)); }
