// The reference tables of docs/content-extraction.md, generated from the engine itself: the
// readings in the order READINGS tries them (src/extract/content/readings/readings.ts), the block
// passes in the order PASSES runs them (content/passes/passes.ts), and every threshold of
// content/thresholds/ with its value and doc comment. Each table sits between `<!-- engine:NAME -->`
// and `<!-- /engine:NAME -->` in the page; the prose around it is written by hand.
// test/unit/docs/engine.test.ts fails when the page and the code differ; `npm run docs:engine`
// rewrites the tables.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { READINGS } from '../src/extract/content/readings/readings.js';
import { PASSES } from '../src/extract/content/passes/passes.js';

const root = new URL('../../', import.meta.url);
export const ENGINE_DOC = 'docs/content-extraction.md';
export const THRESHOLDS_DIR = 'src/extract/content/thresholds/';

/** A table cell: one line, pipes escaped. */
const cell = (text: string) => text.replace(/\s+/g, ' ').trim().replace(/\|/g, '\\|');

export function readingsTable(): string {
  const rows = READINGS.map(
    (r, i) => `| ${i + 1} | \`${r.name}\` | ${r.kind} | ${cell(r.when)} | ${cell(r.reads)} | ${cell(r.accepts)} |`,
  );
  return [
    '| # | reading | blocks | tried when | reads | replaces what was found when |',
    '|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

export function passesTable(): string {
  const rows = PASSES.map((p, i) => {
    const does = cell(p.does) + (p.unweighed ? ' (after the reading is weighed)' : '');
    return `| ${i + 1} | \`${p.name}\` | ${p.appliesTo.join(', ')} | ${does} | ${cell(p.why ?? '')} |`;
  });
  return [
    '| # | pass | runs on | drops or changes | why not on the other kinds |',
    '|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

export interface Threshold {
  file: string;
  name: string;
  value: string;
  why: string;
}

/** Every exported constant of content/thresholds/, in file and source order, with its doc comment. */
export async function readThresholds(): Promise<Threshold[]> {
  const out: Threshold[] = [];
  const files = readdirSync(new URL(THRESHOLDS_DIR, root))
    .filter((f) => f.endsWith('.ts'))
    .sort();
  for (const f of files) {
    const path = THRESHOLDS_DIR + f;
    const source = ts.createSourceFile(path, readFileSync(new URL(path, root), 'utf8'), ts.ScriptTarget.ES2022, true);
    const values = (await import(
      new URL(path.replace(/\.ts$/, '.js'), new URL('../', import.meta.url)).href
    )) as Record<string, unknown>;
    for (const st of source.statements) {
      if (!ts.isVariableStatement(st) || !st.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
      for (const d of st.declarationList.declarations) {
        if (!ts.isIdentifier(d.name)) continue;
        const name = d.name.text;
        let why = '';
        for (const doc of ts.getJSDocCommentsAndTags(st))
          if (ts.isJSDoc(doc)) why += ts.getTextOfJSDocComment(doc.comment) ?? '';
        // A constant written right under another without a comment of its own shares its reason
        // (a bound's two sides: "this much text, or this share").
        const previous = out.at(-1);
        if (!why.trim() && previous?.file === f) why = `With \`${previous.name}\` (above).`;
        if (!why.trim()) throw new Error(`${path}: ${name} has no doc comment saying why`);
        out.push({ file: f, name, value: JSON.stringify(values[name]), why: cell(why) });
      }
    }
  }
  return out;
}

export function thresholdsTable(thresholds: readonly Threshold[]): string {
  const rows = thresholds.map((t) => `| \`${t.name}\` | ${t.value} | ${t.file} | ${t.why} |`);
  return ['| threshold | value | file | why |', '|---|---|---|---|', ...rows].join('\n');
}

/** `doc` with the body of each generated region replaced by what the code says now. */
export async function generate(doc: string): Promise<string> {
  const tables: Record<string, string> = {
    readings: readingsTable(),
    passes: passesTable(),
    thresholds: thresholdsTable(await readThresholds()),
  };
  let out = doc;
  for (const [name, table] of Object.entries(tables)) {
    const open = `<!-- engine:${name} -->`;
    const close = `<!-- /engine:${name} -->`;
    const start = out.indexOf(open);
    const end = out.indexOf(close);
    if (start < 0 || end < start) throw new Error(`${ENGINE_DOC}: no ${open} ... ${close} region`);
    out = `${out.slice(0, start + open.length)}\n${table}\n${out.slice(end)}`;
  }
  return out;
}

export function readDoc(): string {
  return readFileSync(new URL(ENGINE_DOC, root), 'utf8');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(new URL(ENGINE_DOC, root), await generate(readDoc()));
  console.log(`wrote the generated tables of ${ENGINE_DOC}`);
}
