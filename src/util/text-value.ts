// A field of parsed data (JSON, YAML) that should hold text: the text, trimmed, or null when the
// field is missing, empty or of another type.
export function textValue(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}
