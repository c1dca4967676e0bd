// node dist/bench/quality-controls.js RUN.json: the labels of a wcxb page's controls (a <button>,
// a <summary>, a `role="button"` element, an element with `aria-controls` or `aria-expanded`)
// against the page's truth and the answers a saved run holds (bench:quality-pages). It measures
// the class of an FAQ or accordion read without its questions: how many labels the truth keeps
// and the answer leaves out (what a rule reading them could win), how many both leave out (what
// it could lose), and, of the labels the answer leaves out, whether their panel (what the control
// names in `aria-controls`, a <summary>'s next sibling, or the element after the control or the
// wrapper it ends) is in the answer and whether the label is a question. A label is matched as a
// run of word tokens (the set's metric's tokens) inside the truth's or the answer's.
import type { Document, Element } from 'domhandler';
import { parseHtml } from '../src/parse/parse-html.js';
import { attribute } from '../src/parse/nodes.js';
import { findElement, holdsHeading, isElement, textContent, visitElements } from '../src/extract/dom/walk.js';
import { readRun, type PageResult } from './quality-runs.js';
import { loadWcxb } from './wcxb.js';

/** A label is a line of 3 or more words, LABEL_MIN_CHARS to LABEL_MAX_CHARS of tokens. */
const LABEL_MIN_WORDS = 3;
const LABEL_MIN_CHARS = 10;
const LABEL_MAX_CHARS = 250;
/** Characters of a control read for its label, and of a panel read for its first words. */
const READ_CHARS = 2000;
/** A panel is in the answer when its first this many words are; one shorter than
 *  PANEL_MIN_CHARS counts as no panel. */
const PANEL_WORDS = 8;
const PANEL_MIN_CHARS = 20;
/** Levels climbed from the control to find the element after it. */
const PANEL_CLIMB = 2;

const WORD = /[\p{L}\p{N}_]+/gu;
const QUESTION_END = /[?？؟]$/;

/** The text's word tokens, lower-cased, joined by single spaces. */
function words(text: string): string {
  return Array.from(text.toLowerCase().matchAll(WORD), (m) => m[0]).join(' ');
}

function kindOf(el: Element): string | null {
  if (el.name === 'summary') return 'summary';
  if (el.name === 'button') return 'button';
  if (attribute(el, 'role') === 'button') return 'role=button';
  if (attribute(el, 'aria-controls') !== undefined || attribute(el, 'aria-expanded') !== undefined) return 'aria state';
  return null;
}

function nextElement(el: Element): Element | null {
  let next = el.next;
  while (next && !isElement(next)) next = next.next;
  return next;
}

function panelOf(doc: Document, el: Element): Element | null {
  if (el.name === 'summary') return nextElement(el);
  const id = attribute(el, 'aria-controls')?.trim().split(/\s+/)[0];
  if (id) {
    const named = findElement(doc, (e) => attribute(e, 'id') === id);
    if (named) return named;
  }
  let cur: Element = el;
  for (let level = 0; level <= PANEL_CLIMB; level++) {
    const next = nextElement(cur);
    if (next) return next;
    if (!cur.parent || !isElement(cur.parent)) return null;
    cur = cur.parent;
  }
  return null;
}

interface Tally {
  truthKept: { answerDrops: number; answerKeeps: number };
  truthDrops: { answerDrops: number; answerKeeps: number };
  /** Pages, by split, with a label the truth keeps and the answer drops / both drop. */
  lostPages: { tune: Set<string>; check: Set<string> };
  bothDropPages: { tune: Set<string>; check: Set<string> };
}

function newTally(): Tally {
  return {
    truthKept: { answerDrops: 0, answerKeeps: 0 },
    truthDrops: { answerDrops: 0, answerKeeps: 0 },
    lostPages: { tune: new Set(), check: new Set() },
    bothDropPages: { tune: new Set(), check: new Set() },
  };
}

function main(): void {
  const file = process.argv[2];
  if (file === undefined) {
    console.error('usage: quality-controls.js RUN.json  (a file from bench:quality-pages)');
    process.exitCode = 2;
    return;
  }
  const answers = new Map<string, PageResult>();
  for (const p of readRun(file).pages) if (p.set === 'wcxb') answers.set(p.id, p);
  const byKind = new Map<string, Tally>();
  /** Labels the answer drops, by panel (in the answer, not, none) and question mark: truth keeps / drops. */
  const byPanel = new Map<string, [number, number]>();
  for (const page of loadWcxb()) {
    const result = answers.get(page.id);
    if (!result) continue;
    const truth = ` ${words(page.truth)} `;
    const answer = ` ${words(result.text)} `;
    const doc = parseHtml(page.html);
    const seen = new Set<string>();
    visitElements(doc, (el) => {
      const kind = kindOf(el);
      if (kind === null) return;
      const raw = textContent(el, READ_CHARS);
      const label = words(raw);
      if (label.length < LABEL_MIN_CHARS || label.length > LABEL_MAX_CHARS || seen.has(label)) return;
      if (label.split(' ').length < LABEL_MIN_WORDS) return;
      seen.add(label);
      const key = kind + (holdsHeading(el) ? ' (heading)' : '');
      const tally = byKind.get(key) ?? newTally();
      byKind.set(key, tally);
      const inTruth = truth.includes(` ${label} `);
      const inAnswer = answer.includes(` ${label} `);
      const side = inTruth ? tally.truthKept : tally.truthDrops;
      if (inAnswer) side.answerKeeps++;
      else side.answerDrops++;
      if (inTruth && !inAnswer) tally.lostPages[result.split].add(page.id);
      if (!inTruth && !inAnswer) tally.bothDropPages[result.split].add(page.id);
      if (inAnswer) return;
      const panel = panelOf(doc, el);
      const panelWords = panel ? words(textContent(panel, READ_CHARS)) : '';
      const state =
        panelWords.length < PANEL_MIN_CHARS
          ? 'no panel'
          : answer.includes(` ${panelWords.split(' ').slice(0, PANEL_WORDS).join(' ')} `)
            ? 'panel in the answer'
            : 'panel left out';
      const question = QUESTION_END.test(raw.trimEnd()) ? 'question' : 'other';
      const row = byPanel.get(`${state} | ${question}`) ?? [0, 0];
      row[inTruth ? 0 : 1]++;
      byPanel.set(`${state} | ${question}`, row);
    });
  }
  console.log('Control labels on wcxb-dev: truth keeps / leaves out, answer keeps / leaves out');
  console.log('');
  console.log(
    '| control | truth in, answer out | truth in, answer in | truth out, answer out | truth out, answer in ' +
      '| pages lost T / C | pages both out T / C |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  const pages = { lost: newTally().lostPages, out: newTally().bothDropPages };
  for (const [kind, t] of [...byKind].sort(([a], [b]) => a.localeCompare(b))) {
    console.log(
      `| ${kind} | ${t.truthKept.answerDrops} | ${t.truthKept.answerKeeps} | ${t.truthDrops.answerDrops} | ` +
        `${t.truthDrops.answerKeeps} | ${t.lostPages.tune.size} / ${t.lostPages.check.size} | ` +
        `${t.bothDropPages.tune.size} / ${t.bothDropPages.check.size} |`,
    );
    for (const split of ['tune', 'check'] as const) {
      for (const id of t.lostPages[split]) pages.lost[split].add(id);
      for (const id of t.bothDropPages[split]) pages.out[split].add(id);
    }
  }
  const lost = `${pages.lost.tune.size} / ${pages.lost.check.size}`;
  console.log(`| (any) | | | | | ${lost} | ${pages.out.tune.size} / ${pages.out.check.size} |`);
  console.log('');
  console.log('Labels the answer leaves out, by their panel and whether they end with a question mark');
  console.log('');
  console.log('| panel | label | truth keeps | truth leaves out |');
  console.log('|---|---|---:|---:|');
  for (const [key, [kept, out]] of [...byPanel].sort(([a], [b]) => a.localeCompare(b))) {
    const [state, question] = key.split(' | ');
    console.log(`| ${state} | ${question} | ${kept} | ${out} |`);
  }
}

main();
