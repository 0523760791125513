import fc from 'fast-check'

/**
 * A value as it travels in a query string, a form body or a JSON body. `Raw` is text that goes on the
 * wire already percent-encoded (invalid UTF-8, encoded slashes), bypassing the encoder.
 */
export class Raw {
  constructor(readonly text: string) {}
  toJSON() {
    return this.text
  }
}
export type Wire = string | number | boolean | null | Raw | Wire[] | { [key: string]: Wire }

/** Dates in the forms strtotime() reads, and in odd ones it does not. */
export const DATES = [
  '2027-03-01', '2027-03-01 20:00:00', '2027-03-01T20:00:00Z', '2027-03-01T20:00:00+02:00', '+1 month', 'next friday',
  'tomorrow', 'yesterday noon', 'now', '1700000000', '@1700000000', '1 January 2027', 'last day of next month',
  '2027-02-30', '0000-00-00', '0000-00-00 00:00:00', '9999-12-31 23:59:59', '2027-13-45', '31/12/2027', '12/31/2027',
  '2027-W05-3', '20270301T2000', '2027-03-01T20:00:00+25:00', '275760-09-13', '-271821-04-20', 'P1D', '-1', '0',
  '2027-03-01 25:61:61', '1e10', '2027-03-01\u0000', '\u0662\u0660\u0662\u0667-03-01',
]

export const BOOLEANS = ['true', 'false', '1', '0', '', 'TRUE', 'yes', 'no', 'on']
export const STATUSES = ['publish', 'draft', 'pending', 'private', 'future', 'trash', 'any', 'inherit', 'auto-draft', 'publish,draft']
export const TIMEZONES = ['UTC', 'Europe/Paris', 'America/New_York', 'Asia/Kolkata', 'UTC+2', 'UTC-11:30', 'Etc/GMT+12', 'Mars/Olympus', '+05:30', 'Local']

/** Image and website URLs: only hosts that are refused before any download, so no request leaves the machine. */
export const URLS = [
  'http://127.0.0.1/image.png', 'https://localhost/a.jpg', 'http://10.0.0.1/i.png', 'http://169.254.169.254/latest/meta-data/',
  'http://[::1]:3000/x.gif', 'http://0.0.0.0/', 'ftp://127.0.0.1/x.png', 'http://', 'https://', 'file:///etc/passwd',
  'data:image/png;base64,AAAA', '//127.0.0.1/x.png', 'http://127.0.0.1/' + 'a'.repeat(3000),
]

const NUMBERS = [
  '0', '-1', '1', '1.5', '-0', '9'.repeat(30), '1e308', '1e-308', '-1e308', 'NaN', 'Infinity', '-Infinity', '0x10', '1e3',
  '00001', ' 7 ', '+5', '9007199254740993', '2147483648', '1_000',
]

/** Strings that have broken parsers, query builders and databases before. */
const NASTY = [
  '', ' ', '\t\n', '%', '_', "'", '"', '\\', '%_%', "' OR '1'='1", "'; DROP TABLE events; --", '\\x00', '.*', '(a+)+$', '[',
  '^$', '$where', '{"$gt":""}', '../../etc/passwd', '..\\..\\windows\\win.ini', '....//....//', '%2e%2e%2f', 'a\u0000b', '\u0000',
  'Café Müller', '日本語のイベント', '🎉🎶', '\u202Eevil', 'e\u0301\u0301\u0301', '\uFEFF', '\uD800', '\uDFFF\uD800', 'null',
  'undefined', '__proto__', 'constructor', 'prototype', 'toString', '[object Object]', '{}', '[]', 'true', '<b>bold</b>',
  '<script>alert(1)</script>', '<p onclick="x()">p</p>', '<img src=x onerror=alert(1)>', '<a href="javascript:alert(1)">x</a>', 'javascript:alert(1)', '&lt;&amp;', 'a,b,,c', ',,,', ' , ', '1,2,3', '1,abc', '-1,-2',
  'x'.repeat(300), 'word '.repeat(2000), '\r\nX-Injected: 1', '${7*7}', '{{7*7}}', '%00', '%FF',
]

/** Bytes that are not UTF-8 or decode into path separators, sent as they are. */
export const RAW_ENCODED = ['%FF', '%C0%AF', '%E0%A4%A', '%', '%2F', '%2e%2e%2f', '%00', '..', '.', '%252e', '%u0041'].map((t) => new Raw(t))

export const HUGE_STRING = 'z'.repeat(6000)

/** A hostile scalar: of any kind, for any parameter. */
export const hostileScalar: fc.Arbitrary<Wire> = fc.oneof(
  // Each family as likely as the others, so a short list (booleans) is drawn as often as a long one.
  ...[NASTY, NUMBERS, DATES, BOOLEANS, STATUSES, TIMEZONES, URLS].map((family) => ({ weight: 1, arbitrary: fc.constantFrom<Wire>(...family) })),
  { weight: 1, arbitrary: fc.constantFrom<Wire>(...RAW_ENCODED, HUGE_STRING) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null)) },
)

/** Hostile structure: arrays, nested objects (`x[a][b]=`), deep nesting. */
export const hostileStructure: fc.Arbitrary<Wire> = fc.oneof(
  fc.array(hostileScalar, { maxLength: 4 }),
  fc.dictionary(fc.constantFrom('a', 'b', '0', '1', 'id', '__proto__', 'constructor', 'in', 'equals'), hostileScalar, { maxKeys: 3 }),
  fc.constantFrom<Wire>({ a: { b: { c: 'd' } } }, [[['x']]], [{ id: 1 }], { '': '' }, [], {}, [null]),
)

/** Parameter names a route does not declare. */
export const undeclaredName = fc.oneof(
  fc.constantFrom('_fields', '_embed', '_method', '_envelope', '__proto__', 'constructor', 'prototype', 'where', 'depth', 'a[b][c]', 'x[]', '', ' ', '%00'),
  fc.string({ minLength: 1, maxLength: 12 }),
)
