// The schemas every feature builds on (zod, named OpenAPI components where they are named): ids,
// null, the free texts and names a request may carry. Each feature's own schemas (a game's, a
// match's, a player's) are in its folder (src/<feature>/schemas.ts); the problem's in problems.ts,
// pagination's in openapi.ts. This is the public contract, validated on the way in and documented
// in /openapi.json, separate from the database tables.
import { z } from '@hono/zod-openapi';

/** Ids are UUIDs; anything else is rejected before it reaches a query. */
export const ID = /^[A-Za-z0-9-]{1,64}$/;

/**
 * `schema` or null, as `anyOf: [schema, {type: null}]`. Not `.nullable()`: on a named schema
 * that makes the component itself nullable (or an `allOf` that cannot widen it), so the document
 * would say null where the service refuses it, or never null where it sends it.
 */
export const orNull = <T extends z.ZodType>(schema: T) => z.union([schema, z.null()]);

/**
 * One character of a text the service stores or looks up: no control characters (C0, DEL, C1 —
 * NUL above all, which Postgres refuses in text: a 500 where it reached a query) and no lone
 * surrogates (UTF-8 has none: the driver would store U+FFFD instead). No flags (JSON Schema has
 * none), only `\uXXXX` ranges (the same in Unicode and non-Unicode regex modes), linear to match.
 */
const TEXT_CHAR = String.raw`(?:[\uD800-\uDBFF][\uDC00-\uDFFF]|[^\u0000-\u001F\u007F-\u009F\uD800-\uDFFF])`;
const TEXT_PATTERN = new RegExp(`^${TEXT_CHAR}*$`);

/**
 * A free text of a request that the service stores or compares in the database: every such field
 * is this (or a stricter pattern of its own: ids, usernames, names), so what the database cannot
 * hold is refused at the schema with 400 VALIDATION_FAILED, with the pattern in the document.
 */
export const storedText = () => z.string().regex(TEXT_PATTERN, 'no control characters or lone surrogates');

/**
 * A name a person gives: after trimming, 1..40 characters (code points) of TEXT_CHAR but the bidi
 * controls (embeddings, overrides, isolates: U+202A–U+202E, U+2066–U+2069, which reorder the text
 * around the name wherever it is shown), and at least one character that shows. What shows
 * nothing (BLANK) is whitespace, the default-ignorable code points of the BMP (U+200B, the Hangul
 * fillers U+3164…) and the braille blank U+2800: a name of only those is an empty name to everyone.
 * (Astral ones, the tags U+E0000…, are not named: a flagless pattern cannot exclude an astral
 * range the same way in Unicode and non-Unicode regex modes.) In TEXT_CHAR's terms: blanks, one
 * visible character, the rest.
 */
const BIDI = String.raw`\u202A-\u202E\u2066-\u2069`;
const BLANK = String.raw`[\s\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u2060-\u2065\u206A-\u206F\u2800\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFF8]`;
const NAME_CHAR = String.raw`(?:[\uD800-\uDBFF][\uDC00-\uDFFF]|[^\u0000-\u001F\u007F-\u009F\uD800-\uDFFF${BIDI}])`;
const VISIBLE = String.raw`(?:[\uD800-\uDBFF][\uDC00-\uDFFF]|[^\u0000-\u001F\u007F-\u009F\uD800-\uDFFF${BIDI}${BLANK.slice(1, -1)}])`;
const NAME_PATTERN = new RegExp(`^${BLANK}*${VISIBLE}${NAME_CHAR}*$`);
export const MAX_NAME_LENGTH = 40;
/** A name a person gives (a player's, an account's, a token's, a tournament's): trimmed, 1..MAX_NAME_LENGTH characters, NAME_PATTERN. */
export const nameText = () =>
  z
    .string()
    .trim()
    .min(1)
    .regex(NAME_PATTERN, 'a character that shows (not only whitespace or invisible characters), no control characters, no bidi controls (U+202A–U+202E, U+2066–U+2069)')
    .refine((name) => [...name].length <= MAX_NAME_LENGTH, `at most ${MAX_NAME_LENGTH} characters`);
