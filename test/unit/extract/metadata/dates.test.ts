// Dates in the forms pages write them: ISO normalising, written forms, ranges and times.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { findDateInText, toIsoDate } from '../../../../src/extract/metadata/dates.js';

describe('dates: a time range is not an offset', () => {
  it('reads "10:00-11:30 Uhr" as a start time without an offset', () => {
    assert.equal(findDateInText('19.01.2023, 10:00-11:30 Uhr'), '2023-01-19T10:00:00');
  });
  it('still reads a signed offset right after a time', () => {
    assert.equal(findDateInText('19.01.2023, 10:00-05:00'), '2023-01-19T10:00:00-05:00');
    assert.equal(findDateInText('March 3, 2020 10:00 +0100'), '2020-03-03T10:00:00+01:00');
  });
});

describe('dates: more written forms', () => {
  it('reads Romanian, Turkish and Arabic month names', () => {
    assert.equal(findDateInText('duminică, 20 septembrie 2020'), '2020-09-20');
    assert.equal(findDateInText('3 Şubat 2021'), '2021-02-03');
    assert.equal(findDateInText('الأربعاء، 07 أكتوبر 2020'), '2020-10-07');
  });
  it('reads a month written in two calendars ("24 نيسان / أبريل 2020") and an Arabic evening time', () => {
    assert.equal(findDateInText('الجمعة 24 نيسان / أبريل 2020 09:22 مساءً'), '2020-04-24T21:22:00');
  });
  it('reads a dotted numeric date with spaces ("4. 2. 2022")', () => {
    assert.equal(findDateInText('Von Deutscher Tennis Bund 4.\u20092.\u20092022.'), '2022-02-04');
    assert.equal(findDateInText('Version 4. 2. 20221'), null);
  });
  it('does not read a month name inside a word', () => {
    assert.equal(findDateInText('Kapitel 3 martinsgans 2020'), null);
  });
});

describe('dates: times as before', () => {
  it('reads a time glued to "Uhr" and a lower-case am/pm', () => {
    assert.equal(findDateInText('03.03.2020, 10:30Uhr'), '2020-03-03T10:30:00');
    assert.equal(findDateInText('March 3, 2020 9:30pm'), '2020-03-03T21:30:00');
  });
});

describe('toIsoDate', () => {
  const cases: Array<[string, string | null]> = [
    // The page's own offset is kept, never converted to UTC (decisions.md).
    ['2024-03-01T09:30:00Z', '2024-03-01T09:30:00Z'],
    ['2024-03-01T09:30:00+02:00', '2024-03-01T09:30:00+02:00'],
    ['2020-02-15T00:00:00+02:00', '2020-02-15T00:00:00+02:00'],
    ['2019-08-06T23:30:00-0700', '2019-08-06T23:30:00-07:00'],
    ['2024-03-01T09:30:00-0530', '2024-03-01T09:30:00-05:30'],
    ['2024-03-01 09:30', '2024-03-01T09:30:00'],
    ['2024-03-01T09:30:00.123456Z', '2024-03-01T09:30:00.123Z'],
    ['2024-03-01', '2024-03-01'],
    ['20240301', '2024-03-01'],
    ['2024-03', '2024-03'],
    ['Fri, 01 Mar 2024 09:30:00 GMT', '2024-03-01T09:30:00Z'],
    ['Fri, 01 Mar 2024 23:30:00 -0500', '2024-03-01T23:30:00-05:00'],
    ['March 1, 2024', '2024-03-01'],
    ['1. März 2024', '2024-03-01'],
    ['3 de marzo de 2020', '2020-03-03'],
    ['le 3 mars 2020 à 10h15', '2020-03-03T10:15:00'],
    ['2020年3月3日', '2020-03-03'],
    ['03.04.2020', '2020-04-03'],
    ['2024/03/01', '2024-03-01'],
    ['1709285400', '2024-03-01T09:30:00Z'],
    ['2024-02-30', null],
    ['2024-13-01', null],
    ['1850-01-01', null],
    ['2024', null],
    ['yesterday', null],
    ['', null],
  ];
  for (const [input, expected] of cases) {
    it(`${JSON.stringify(input)} -> ${expected}`, () => assert.equal(toIsoDate(input), expected));
  }
});

/** Each written date and the ISO date read from it. */
const reads = (cases: Array<[string, string]>) => {
  for (const [written, iso] of cases) assert.equal(findDateInText(written), iso, written);
};

describe('dates: the zone written after a time', () => {
  it('reads "GMT+10" and "(GMT+7)" as offsets, not as GMT', () => {
    reads([
      ['News24 13 Jan 2020, 22:11 GMT+10 Exhausted', '2020-01-13T22:11:00+10:00'],
      ['Thursday, 2/11/2023, 19:20 (GMT+7)', '2023-02-11T19:20:00+07:00'],
      ['1 Feb 2020 10:50 GMT-03 Buenos Aires', '2020-02-01T10:50:00-03:00'],
    ]);
  });
  it('reads the United States zones written without the season by the date ("ET", "PT")', () => {
    reads([
      ['11/28/2016 11:00 AM PT', '2016-11-28T11:00:00-08:00'],
      ['July 4, 2016 4:19 PM ET', '2016-07-04T16:19:00-04:00'],
      // Daylight saving time ended on the last Sunday of October before 2007.
      ['Nov 1, 2006 1:00 PM CT', '2006-11-01T13:00:00-06:00'],
      ['Nov 1, 2008 1:00 PM CT', '2008-11-01T13:00:00-05:00'],
    ]);
  });
  it('does not read the French word "et" after a time as a zone', () => {
    reads([['3 mars 2020 à 10h30 et à 14h', '2020-03-03T10:30:00']]);
  });
});
