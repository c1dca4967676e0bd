// The cleaners' `explain` request field and the schema of meta.explain (src/extract/explain.ts
// builds it): how the extraction read the page and what it left out, by which rule.
import type { JsonSchema } from '../types.js';

export const explainField: JsonSchema = {
  type: 'boolean',
  default: false,
  description:
    'When true, meta.explain tells how the text was found: the page type, every reading tried ' +
    '(characters, accepted or not, and why), the chosen container, every element or block left out ' +
    '(rule, path, size, first 80 characters), the hidden wrappers read as shown and the fallback ' +
    'between profiles.',
};

const droppedSchema: JsonSchema = {
  type: 'object',
  description: 'An element or block left out. Rules may add fields of their own (a score).',
  required: ['rule', 'stage', 'path', 'chars', 'text'],
  properties: {
    rule: { type: 'string', description: 'The rule that left it out (an exclusion, a prune, a block pass).' },
    stage: {
      type: 'string',
      enum: ['element', 'block'],
      description: 'element: left out before conversion; block: dropped by a block pass.',
    },
    path: { type: 'string', description: 'Its ancestors from <body>, as tag#id.class joined by " > ".' },
    chars: { type: 'integer', minimum: 0, description: 'Its characters of text, whitespace collapsed.' },
    text: { type: 'string', description: 'Its first 80 characters.' },
  },
};

const readingSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'tried', 'chars', 'accepted', 'why'],
  properties: {
    name: { type: 'string' },
    tried: { type: 'boolean', description: 'It applied to the page and to what was found before it.' },
    chars: { type: ['integer', 'null'], description: 'Characters it read; null when it read nothing.' },
    accepted: { type: 'boolean', description: 'It replaced what the readings before it found.' },
    why: { type: 'string' },
  },
};

const explanationProperties: Record<string, JsonSchema> = {
  profile: { type: 'string', enum: ['index', 'content'] },
  page_type: { type: ['string', 'null'], description: 'The type the page declares (content profile).' },
  readings: { type: 'array', items: readingSchema, description: 'Every reading, in the order tried.' },
  strategy: { type: ['string', 'null'], description: 'How the chosen reading read; null when none read text.' },
  container: { type: ['string', 'null'], description: 'The chosen roots\' paths, joined by " + ".' },
  dropped: { type: 'array', items: droppedSchema, description: 'What the chosen reading left out (at most 500).' },
  dropped_omitted: { type: 'integer', minimum: 0, description: 'Records past the 500 kept.' },
  revealed: {
    type: 'array',
    items: { type: 'string' },
    description:
      "Paths of the elements the page's markup hides that were read as shown: page-wide wrappers a " +
      "script reveals (a streaming render's hidden chunks, a hidden root or <main>). Empty when none.",
  },
};
const explanationRequired = Object.keys(explanationProperties);

const explanationSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: explanationRequired,
  properties: explanationProperties,
};

export const explainMetaSchema: JsonSchema = {
  type: 'object',
  description: 'Present when the request set explain (HTML pages; not for PDF or plain text).',
  additionalProperties: false,
  required: [...explanationRequired, 'fallback'],
  properties: {
    ...explanationProperties,
    fallback: {
      type: 'object',
      additionalProperties: false,
      required: ['used', 'why', 'other'],
      properties: {
        used: { type: 'boolean', description: 'The other profile produced the content.' },
        why: { type: ['string', 'null'] },
        other: {
          oneOf: [explanationSchema, { type: 'null' }],
          description: "The other profile's account, when it ran.",
        },
      },
    },
  },
};
