// The readings of the content profile, in the order they are tried: each against what the
// readings before it found (reading.ts). Adding a way of reading a page is one row here, one
// module, one fixture.
import { strictReading } from './strict.js';
import { relaxedReadings } from './relaxed.js';
import { titleBlockReading } from './title-block.js';
import { declaredRepliesReading, threadPostsReading, threadRepliesReading } from './threads.js';
import { gridInPlaceReading, gridReading, lateGridReading, supplementsReading } from './grid.js';
import { articleWholePageReading, manySectionsReading, wholePageReading } from './whole-page.js';
import { jsonLdBodyReading } from './json-ld-body.js';
import { declaredFaqReading } from './declared-faq.js';
import type { AnyReading } from './reading.js';

export const READINGS: readonly AnyReading[] = [
  strictReading,
  ...relaxedReadings,
  titleBlockReading,
  threadPostsReading,
  threadRepliesReading,
  declaredRepliesReading,
  gridReading,
  gridInPlaceReading,
  articleWholePageReading,
  wholePageReading,
  manySectionsReading,
  supplementsReading,
  lateGridReading,
  declaredFaqReading,
  jsonLdBodyReading,
];
