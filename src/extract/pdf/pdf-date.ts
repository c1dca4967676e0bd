// PDF date strings (ISO 32000-1, 7.9.4: "D:YYYYMMDDHHmmSSOHH'mm'", every part after the year
// optional) -> ISO 8601 with the offset the file declares, so the document's own calendar day
// survives ("2024-03-05T10:00:00+01:00"). No offset in the file: a local time without one.
// A date alone stays a date ("2024-03-05"). Anything unreadable: null.

export function pdfDate(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const m = /^(?:D:)?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?\s*(?:([Zz])|([+-])(\d{2})'?(\d{2})?'?)?/.exec(
    raw.trim(),
  );
  if (!m) return null;
  const [, y, mo = '01', d = '01', h, mi, s, z, sign, oh, om] = m;
  const month = Number(mo);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const date = `${y}-${mo}-${d}`;
  if (h === undefined) return m[2] === undefined ? y! : m[3] === undefined ? `${y}-${mo}` : date;
  if (Number(h) > 23 || Number(mi ?? 0) > 59 || Number(s ?? 0) > 59) return null;
  const time = `${h}:${mi ?? '00'}:${s ?? '00'}`;
  if (z) return `${date}T${time}+00:00`;
  if (sign) {
    if (Number(oh) > 23 || Number(om ?? 0) > 59) return null;
    return `${date}T${time}${sign}${oh}:${om ?? '00'}`;
  }
  return `${date}T${time}`;
}
