// Language tags normalised to BCP 47 casing ("en_us" -> "en-US"); junk is dropped.
export function normaliseLang(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const first = raw
    .trim()
    .split(/[,;\s]+/)[0]
    ?.replace(/_/g, '-');
  if (!first || !/^[a-z]{2,3}(?:-[a-z0-9]{1,8})*$/i.test(first)) return null;
  try {
    return Intl.getCanonicalLocales(first)[0] ?? null;
  } catch {
    return null;
  }
}
