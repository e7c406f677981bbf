// fast-check arbitraries from the JSON Schemas of an OpenAPI document: values a schema takes
// (validArbitrary) and values meant to break it (invalidArbitrary). Covers what the document's
// requests use: type (and type arrays for null), enum, const, properties / required /
// additionalProperties, items / minItems / maxItems, minimum / maximum (and the exclusive ones),
// minLength / maxLength / pattern, format date-time, oneOf / anyOf / allOf, $ref into the
// document. Neither side is exact: a generated value is judged by the document's own validator
// (ajv, test/support/openapi.ts) before anything is concluded from the answer to it.
import fc from 'fast-check';

export type JsonSchema = { [keyword: string]: unknown };

export interface SchemaOptions {
  /** A header's value: printable ASCII without leading or trailing blanks (what HTTP carries as sent). */
  header?: boolean;
}

type Resolve = (ref: string) => JsonSchema;

/** A resolver of `#/…` references into `doc`. */
export function resolverOf(doc: unknown): Resolve {
  return (ref) => {
    if (!ref.startsWith('#/')) throw new Error(`only local references: ${ref}`);
    let at: unknown = doc;
    for (const part of ref.slice(2).split('/')) at = (at as Record<string, unknown>)[part.replaceAll('~1', '/').replaceAll('~0', '~')];
    if (!at || typeof at !== 'object') throw new Error(`no schema at ${ref}`);
    return at as JsonSchema;
  };
}

/** The schema with its $ref followed and its allOf merged (the document's allOf only adds a description). */
function flatten(schema: JsonSchema, resolve: Resolve): JsonSchema {
  let s = schema;
  while (typeof s.$ref === 'string') {
    const { $ref, ...rest } = s;
    s = { ...resolve($ref), ...rest };
  }
  if (Array.isArray(s.allOf)) {
    const { allOf, ...rest } = s;
    return Object.assign(rest, ...(allOf as JsonSchema[]).map((part) => flatten(part, resolve)));
  }
  return s;
}

const typesOf = (s: JsonSchema): string[] => {
  if (Array.isArray(s.type)) return s.type as string[];
  if (typeof s.type === 'string') return [s.type];
  if (s.properties) return ['object'];
  if (s.items) return ['array'];
  return [];
};

/** Code points, as JSON Schema counts a string's length. */
const codePoints = (s: string) => [...s].length;

/**
 * Characters a text field's way to the database may trip over, mixed into generated text: controls,
 * invisible and direction marks, a byte order mark, lone surrogates, combining and astral ones,
 * quotes, backslashes, percent signs, and U+0000, which Postgres cannot store (every text field
 * must refuse it at the schema).
 */
const AWKWARD = ['\u0000', '\u0001', '\u001f', '\u007f', '\u0085', '\u00a0', '\u200b', '\u202e', '\ufeff', '\ud800', '\udfff', '\u{1F0A1}', 'e\u0301', '\\', '"', "'", '%', '\n', '\t', ' ', '\u2028'];

/** Printable ASCII, and inner blanks: what a header value may carry. */
const HEADER_CHAR = fc.mapToConstant({ num: 95, build: (v) => String.fromCharCode(0x20 + v) });
const headerSafe = (s: string) => /^[\x21-\x7e]([\x20-\x7e]*[\x21-\x7e])?$/.test(s);

const dateTime = (): fc.Arbitrary<string> =>
  fc
    .tuple(
      fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2199-12-31T23:59:59Z'), noInvalidDate: true }),
      fc.constantFrom('ms', 'seconds', 'offset'),
      fc.integer({ min: -14 * 60, max: 14 * 60 }),
    )
    .map(([date, style, offsetMinutes]) => {
      const iso = date.toISOString();
      if (style === 'ms') return iso;
      if (style === 'seconds') return `${iso.slice(0, 19)}Z`;
      // The same instant written with an offset from UTC (RFC 3339 allows either).
      const local = new Date(date.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 19);
      const sign = offsetMinutes < 0 ? '-' : '+';
      const abs = Math.abs(offsetMinutes);
      return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
    });

function stringArbitrary(s: JsonSchema, options: SchemaOptions): fc.Arbitrary<string> {
  const minLength = (s.minLength as number | undefined) ?? 0;
  const bound = s.maxLength as number | undefined;
  const fits = (x: string) => codePoints(x) >= minLength && (bound === undefined || codePoints(x) <= bound) && (!options.header || headerSafe(x));
  if (s.format === 'date-time') return dateTime();
  // A pattern says the length itself where no maxLength does (64 hex digits): only the given bounds filter.
  if (typeof s.pattern === 'string') return fc.stringMatching(new RegExp(s.pattern)).filter(fits);
  const maxLength = bound ?? minLength + 40;
  const sized = (unit: fc.Arbitrary<string> | 'grapheme-ascii' | 'binary') => fc.string({ unit, minLength, maxLength: Math.min(maxLength, minLength + 60) });
  const plain = options.header ? sized(HEADER_CHAR) : fc.oneof(sized('grapheme-ascii'), sized('binary'), sized(fc.oneof(fc.constantFrom(...AWKWARD), fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }))));
  // The longest string the schema takes, now and then: a bound is where a mismatch hides.
  const longest = fc.constant('x'.repeat(maxLength));
  return fc.oneof({ arbitrary: plain, weight: 5 }, { arbitrary: longest, weight: 1 }).filter(fits);
}

function integerBounds(s: JsonSchema) {
  let min = (s.minimum as number | undefined) ?? -(2 ** 31);
  let max = (s.maximum as number | undefined) ?? 2 ** 31 - 1;
  if (typeof s.exclusiveMinimum === 'number') min = Math.floor(s.exclusiveMinimum) + 1;
  if (typeof s.exclusiveMaximum === 'number') max = Math.ceil(s.exclusiveMaximum) - 1;
  return { min, max };
}

/** Values `schema` takes (mostly: a pattern and a length together are filtered, not solved). */
export function validArbitrary(schema: JsonSchema, resolve: Resolve, options: SchemaOptions = {}): fc.Arbitrary<unknown> {
  const s = flatten(schema, resolve);
  if ('const' in s) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
  const union = (s.oneOf ?? s.anyOf) as JsonSchema[] | undefined;
  if (union) return fc.oneof(...union.map((member) => validArbitrary(member, resolve, options)));
  const types = typesOf(s);
  if (types.length === 0) return fc.jsonValue({ maxDepth: 2 });
  if (types.length > 1) return fc.oneof(...types.map((type) => validArbitrary({ ...s, type }, resolve, options)));
  switch (types[0]) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer(integerBounds(s));
    case 'number':
      return fc.double({ min: (s.minimum as number) ?? -1e9, max: (s.maximum as number) ?? 1e9, noNaN: true, noDefaultInfinity: true });
    case 'string':
      return stringArbitrary(s, options);
    case 'array': {
      const minLength = (s.minItems as number | undefined) ?? 0;
      const maxLength = (s.maxItems as number | undefined) ?? minLength + 4;
      return fc.array(validArbitrary((s.items as JsonSchema) ?? {}, resolve), { minLength, maxLength });
    }
    case 'object': {
      const properties = (s.properties ?? {}) as Record<string, JsonSchema>;
      const required = (s.required ?? []) as string[];
      const record = fc.record(
        Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, validArbitrary(v, resolve)])),
        { requiredKeys: required },
      ) as fc.Arbitrary<Record<string, unknown>>;
      const extra = s.additionalProperties;
      if (extra && typeof extra === 'object')
        return fc.tuple(record, fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), validArbitrary(extra as JsonSchema, resolve), { maxKeys: 3 })).map(([r, d]) => ({ ...d, ...r }));
      return record;
    }
    default:
      throw new Error(`a type the converter does not know: ${String(types[0])}`);
  }
}

/** One value of each JSON type, for a value of the wrong one. */
const SAMPLES: [string, unknown][] = [
  ['null', null],
  ['boolean', true],
  ['integer', 7],
  ['number', 2.5],
  ['string', 'x'],
  ['array', [1]],
  ['object', { a: 1 }],
];

/** A value of a type the schema does not take (none when it takes any). */
function wrongType(s: JsonSchema): fc.Arbitrary<unknown>[] {
  const allowed = new Set(typesOf(s));
  if (allowed.size === 0) return [];
  if (allowed.has('number')) allowed.add('integer');
  const others = SAMPLES.filter(([type]) => !allowed.has(type)).map(([, value]) => value);
  return others.length > 0 ? [fc.constantFrom(...others)] : [];
}

/** A string some 20 000 to 40 000 characters long: past any maxLength, and past the body limit in a body. */
export const hugeString = () => fc.integer({ min: 20_000, max: 40_000 }).map((n) => 'x'.repeat(n));

/**
 * Values meant to break `schema`: the wrong type, out of range, too long or too short, not
 * matching the pattern or the enum, a required member missing, a member it does not know, one
 * member broken (recursively), an item too many or too few.
 */
export function invalidArbitrary(schema: JsonSchema, resolve: Resolve, options: SchemaOptions = {}): fc.Arbitrary<unknown> {
  const s = flatten(schema, resolve);
  const ways: fc.Arbitrary<unknown>[] = wrongType(s);
  const valid = () => validArbitrary(s, resolve, options);
  if ('const' in s || Array.isArray(s.enum)) {
    const known = new Set<unknown>('const' in s ? [s.const] : (s.enum as unknown[]));
    ways.push(fc.string({ maxLength: 12 }).filter((x) => !known.has(x)));
    const near = [...known].filter((x) => typeof x === 'string').map((x) => `${(x as string).toUpperCase()} `);
    if (near.length > 0) ways.push(fc.constantFrom(...near));
  }
  const union = (s.oneOf ?? s.anyOf) as JsonSchema[] | undefined;
  if (union) ways.push(...union.map((member) => invalidArbitrary(member, resolve, options)));
  const types = typesOf(s);
  if (types.includes('integer') || types.includes('number')) {
    const { min, max } = integerBounds(s);
    if (typeof s.minimum === 'number' || typeof s.exclusiveMinimum === 'number') ways.push(fc.integer({ min: min - 1000, max: min - 1 }), fc.constant(-1e300));
    if (typeof s.maximum === 'number' || typeof s.exclusiveMaximum === 'number') ways.push(fc.integer({ min: max + 1, max: max + 1000 }), fc.constant(1e300));
    if (types.includes('integer') && !types.includes('number')) ways.push(fc.double({ min: -1e6, max: 1e6, noNaN: true, noInteger: true }), fc.constant(2 ** 53 + 2));
    ways.push(fc.integer({ min: 0, max: 100 }).map(String));
  }
  if (types.includes('string') && !('const' in s) && !Array.isArray(s.enum)) {
    if (typeof s.maxLength === 'number') {
      const over = s.maxLength + 1;
      ways.push(fc.integer({ min: over, max: over + 50 }).map((n) => 'y'.repeat(n)));
      if (!options.header) ways.push(hugeString());
    }
    if (typeof s.minLength === 'number' && s.minLength > 0) ways.push(fc.string({ unit: 'grapheme-ascii', maxLength: s.minLength - 1 }).filter((x) => !options.header || x === '' || headerSafe(x)));
    const breaking = options.header ? ['!', '~', ' x', '%'] : ['\u0000', ' ', '/', '\u00e9', '\ud800', '..', '\n'];
    // A header carries printable ASCII only (node refuses control characters in one): a pattern that
    // refuses only what a header cannot carry (a stored text's) cannot be broken through a header.
    const breakable = !options.header || typeof s.pattern !== 'string' || breaking.some((b) => !new RegExp(s.pattern as string).test(`a${b}`));
    if ((typeof s.pattern === 'string' || s.format === 'date-time') && breakable) {
      // Only the characters (and strings) a pattern refuses: a permissive one (a stored text's
      // refuses control characters only) would otherwise make most of these valid.
      const pattern = typeof s.pattern === 'string' ? new RegExp(s.pattern) : null;
      const breaks = pattern ? breaking.filter((b) => !pattern.test(`a${b}`)) : breaking;
      if (breaks.length > 0) ways.push(fc.tuple(valid() as fc.Arbitrary<string>, fc.constantFrom(...breaks), fc.boolean()).map(([v, b, front]) => (front ? b + v : v + b)));
      ways.push(
        fc.string({ unit: options.header ? HEADER_CHAR : 'binary', minLength: 1, maxLength: 20 }).filter((x) => (!options.header || headerSafe(x)) && !(pattern?.test(x) ?? false)),
      );
    }
  }
  if (types.includes('array')) {
    const items = (s.items as JsonSchema) ?? {};
    if (typeof s.maxItems === 'number') ways.push(fc.array(validArbitrary(items, resolve), { minLength: s.maxItems + 1, maxLength: s.maxItems + 3 }));
    if (typeof s.minItems === 'number' && s.minItems > 0) ways.push(fc.array(validArbitrary(items, resolve), { maxLength: s.minItems - 1 }));
    ways.push(fc.tuple(valid() as fc.Arbitrary<unknown[]>, invalidArbitrary(items, resolve), fc.nat()).map(([arr, bad, i]) => {
      const copy = [...arr];
      copy.splice(arr.length === 0 ? 0 : i % (arr.length + 1), 0, bad);
      return copy;
    }));
  }
  if (types.includes('object')) {
    const properties = (s.properties ?? {}) as Record<string, JsonSchema>;
    const required = (s.required ?? []) as string[];
    const record = valid() as fc.Arbitrary<Record<string, unknown>>;
    if (required.length > 0)
      ways.push(fc.tuple(record, fc.constantFrom(...required)).map(([r, key]) => Object.fromEntries(Object.entries(r).filter(([k]) => k !== key))));
    if (s.additionalProperties === false)
      ways.push(fc.tuple(record, fc.string({ minLength: 1, maxLength: 10 }).filter((k) => !(k in properties)), fc.jsonValue({ maxDepth: 1 })).map(([r, k, v]) => ({ ...r, [k]: v })));
    const names = Object.keys(properties);
    if (names.length > 0)
      ways.push(
        fc
          .constantFrom(...names)
          .chain((key) => fc.tuple(record, fc.constant(key), invalidArbitrary(properties[key], resolve)))
          .map(([r, key, bad]) => ({ ...r, [key]: bad })),
      );
  }
  // A schema that takes anything: nothing breaks it (the caller's validator says so).
  return ways.length > 0 ? fc.oneof(...ways) : fc.constant(undefined);
}
