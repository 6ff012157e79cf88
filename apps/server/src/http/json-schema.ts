import { z } from 'zod';
import fastJson from 'fast-json-stringify';

type JsonSchema = Record<string, unknown>;

const cache = { input: new WeakMap<z.ZodType, JsonSchema>(), output: new WeakMap<z.ZodType, JsonSchema>() };

/**
 * `anyOf: [{type: X}, {type: 'null'}]`, as zod writes a nullable, becomes `type: [X, 'null']`
 * where X is a plain type: the same meaning, and fast-json-stringify serializes it without
 * trying each branch.
 */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(node)) out[k] = simplify(v);
  const anyOf = out.anyOf as JsonSchema[] | undefined;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullIndex = anyOf.findIndex((s) => s.type === 'null' && Object.keys(s).length === 1);
    const other = anyOf[1 - nullIndex];
    if (nullIndex >= 0 && other && typeof other.type === 'string' && other.type !== 'object' && other.type !== 'array') {
      delete out.anyOf;
      return { ...out, ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}

/**
 * The JSON Schema of a zod schema, for Fastify (response serialization) and the OpenAPI
 * document. `input` describes what a client sends, `output` what the server answers.
 */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  let js = cache[io].get(schema);
  if (!js) {
    const raw = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema;
    delete raw.$schema;
    js = simplify(raw) as JsonSchema;
    cache[io].set(schema, js);
  }
  return js;
}

const serializers = new WeakMap<z.ZodType, (value: unknown) => string>();

/**
 * Serializes a response from its schema, as Fastify does for a route's replies: only declared
 * properties are written, so nothing unlisted can leak (used for cached responses).
 */
export function serializerOf(schema: z.ZodType): (value: unknown) => string {
  let fn = serializers.get(schema);
  if (!fn) {
    fn = fastJson(jsonSchemaOf(schema, 'output') as unknown as Parameters<typeof fastJson>[0]) as (value: unknown) => string;
    serializers.set(schema, fn);
  }
  return fn;
}

/**
 * A route's JSON response schema as Fastify holds it: the zod schema, turned into JSON Schema
 * and a serializer (serializerOf) only when the route first answers. Converting every route's
 * schemas as it was registered was a tenth of the time to the first answer. Not a plain object,
 * so Fastify takes it as a schema of another library and passes it to our compiler as it is.
 */
export class ResponseSchema {
  constructor(readonly zod: z.ZodType) {}
}
