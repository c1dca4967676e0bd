// The cascade's switches, relaxed one at a time when a pass finds too little
// (readability's FLAG_STRIP_UNLIKELYS / FLAG_WEIGHT_CLASSES / FLAG_CLEAN_CONDITIONALLY).
export interface AttemptFlags {
  /** Leave out boilerplate landmarks and unlikely class/id containers before scoring. */
  stripUnlikely: boolean;
  /** Add class/id weights (+25 content words, -25 boilerplate words) to scores. */
  weightClasses: boolean;
  /** Prune link-heavy, form-heavy or image-only containers inside the chosen content. */
  cleanConditionally: boolean;
}

export const ATTEMPTS: readonly AttemptFlags[] = [
  { stripUnlikely: true, weightClasses: true, cleanConditionally: true },
  { stripUnlikely: false, weightClasses: true, cleanConditionally: true },
  { stripUnlikely: false, weightClasses: false, cleanConditionally: true },
  { stripUnlikely: false, weightClasses: false, cleanConditionally: false },
];
