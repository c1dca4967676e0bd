// A page whose main text is about 200 KB, each paragraph its own: batches of it make large
// answers and hold large results (the unread-answer and result-memory tests).
export const LONG_PAGE =
  '<html><head><title>Long</title></head><body><article><h1>Long</h1>' +
  Array.from({ length: 600 }, (_, i) => `<p>Paragraph ${i} says ${'something of its own '.repeat(16)}${i}.</p>`).join(
    '',
  ) +
  '</article></body></html>';
