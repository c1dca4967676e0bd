// Thresholds of the conversion to blocks (to-blocks/), shared by both profiles. Each says why.

// to-blocks/tables
/** A cell holding more text than this is a layout column, not data. */
export const LONG_CELL_CHARS = 600;

// to-blocks/to-blocks
/** Deeper inline wrappers are flattened (their text kept), keeping renderers' recursion shallow. */
export const MAX_INLINE_DEPTH = 24;
/** Deeper lists/quotes are flattened into their parent container. */
export const MAX_CONTAINER_DEPTH = 12;
