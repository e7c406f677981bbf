// Every object in the OpenAPI document is closed: a member it does not name is not part of the
// contract. Done here, on the generated document, so a schema added to any route later is closed
// too without anyone remembering to write `additionalProperties: false`. The spec check of the
// tests (and VALIDATE_RESPONSES) then fails on an undocumented field, a leak included.
//
// - An object schema with `properties` and no `additionalProperties` of its own gets
//   `additionalProperties: false`. One that states `additionalProperties` (a record, or a JWK's
//   open member list) keeps it: that is a schema documented as open.
// - `allOf` that extends objects (zod's `.extend()` of a named schema) is merged into one closed
//   object: a closed member cannot be extended, since each member of an `allOf` is checked alone.
//   (`unevaluatedProperties: false` would need every member left open, the named one too, which
//   is also used by itself.)
// - `oneOf`/`anyOf` members are closed one by one, which is what a union of closed shapes means.

type Schema = Record<string, unknown>;

const isObject = (x: unknown): x is Schema => typeof x === 'object' && x !== null && !Array.isArray(x);

/** The document, with every object schema closed (a new document; the argument is not changed). */
export function closeSchemas<T>(doc: T): T {
  const copy = structuredClone(doc) as T & { components?: { schemas?: Record<string, Schema> } };
  const components = copy.components?.schemas ?? {};
  // The named schemas as generated (open), for merging `allOf` members that refer to them.
  const named = structuredClone(components);
  const resolve = (s: Schema): Schema | null => {
    const ref = s.$ref;
    if (typeof ref !== 'string') return s;
    const name = ref.startsWith('#/components/schemas/') ? ref.slice('#/components/schemas/'.length) : null;
    const target = name === null ? undefined : named[name];
    return target ? resolve(target) : null;
  };
  const merged = new Set<string>();
  visit(copy, resolve, merged);
  // A named schema that was used only as a member of merged `allOf`s is now used nowhere.
  const text = JSON.stringify(copy);
  for (const name of merged) if (!text.includes(`"#/components/schemas/${name}"`)) delete components[name];
  return copy;
}

function visit(node: unknown, resolve: (s: Schema) => Schema | null, merged: Set<string>): void {
  if (Array.isArray(node)) {
    for (const item of node) visit(item, resolve, merged);
    return;
  }
  if (!isObject(node)) return;
  if (Array.isArray(node.allOf)) mergeAllOf(node, resolve, merged);
  if (isObject(node.properties) && !('additionalProperties' in node) && (node.type === 'object' || node.type === undefined))
    node.additionalProperties = false;
  for (const value of Object.values(node)) visit(value, resolve, merged);
}

/**
 * `{ allOf: [A, B, …] }` whose members are all objects with properties (or a bare description)
 * becomes one object: the properties and required names of all of them. Left alone otherwise
 * (e.g. `allOf: [{ $ref }, { description }]`, zod's way of describing a reference).
 */
function mergeAllOf(node: Schema, resolve: (s: Schema) => Schema | null, merged: Set<string>): void {
  const raw = node.allOf as unknown[];
  const members = raw.map((m) => (isObject(m) ? resolve(m) : null));
  const objects = members.filter((m): m is Schema => m !== null && isObject(m.properties));
  if (objects.length < 2 || members.some((m) => m === null || (!isObject(m.properties) && Object.keys(m).some((k) => k !== 'description'))))
    return;
  if (objects.some((m) => 'additionalProperties' in m || m.allOf || m.oneOf || m.anyOf)) return;
  const properties: Schema = {};
  const required = new Set<string>();
  let description: unknown;
  (members as Schema[]).forEach((m, i) => {
    Object.assign(properties, structuredClone(m.properties ?? {}));
    for (const r of (m.required as string[] | undefined) ?? []) required.add(r);
    // A description written on the extension (not the one of the schema it extends).
    if (m === raw[i]) description = m.description ?? description;
  });
  for (const m of raw) if (isObject(m) && typeof m.$ref === 'string') merged.add(m.$ref.split('/').at(-1) ?? '');
  delete node.allOf;
  Object.assign(node, {
    type: 'object',
    ...(description !== undefined && node.description === undefined ? { description } : {}),
    properties,
    ...(required.size > 0 ? { required: [...required] } : {}),
  });
}
