// The learned block labeller's trees (scripts/learned/train-block-drop.py writes them,
// docs/learned-extraction.md says how they were trained and what they win): gradient-boosted
// regression trees whose summed leaves, through the logistic function, are the chance a page block
// is content. Scored here, in our own code: the model is data, read once.
import shipped from './block-drop-model.json' with { type: 'json' };

/** One tree as parallel arrays over its nodes: a node goes left when x[feature] <= threshold;
 *  a leaf has left -1 and its value already scaled by the learning rate. */
export interface Tree {
  feature: number[];
  threshold: number[];
  left: number[];
  right: number[];
  value: number[];
}

export interface BlockModel {
  /** Numbers in a row (page-rows.ts PAGE_ROW_WIDTH). */
  width: number;
  /** The raw score every tree adds to. */
  baseline: number;
  trees: Tree[];
  /** An answer block scoring under this is dropped. */
  dropUnder: number;
  /** The answer is kept whole when dropping would leave under this share of its words. */
  floor: number;
  /** Declared page types the model is not used on (page-rows.ts DECLARED_TYPES names). */
  gate: string[];
}

/** The chance each row's block is content. */
export function scoreRow(model: BlockModel, row: readonly number[]): number {
  let raw = model.baseline;
  for (const t of model.trees) {
    let node = 0;
    while (t.left[node]! >= 0) node = row[t.feature[node]!]! <= t.threshold[node]! ? t.left[node]! : t.right[node]!;
    raw += t.value[node]!;
  }
  return 1 / (1 + Math.exp(-raw));
}

/** The shipped model (block-drop-model.json beside this module; tsc copies it into the build). */
export const SHIPPED_MODEL: BlockModel = shipped;
