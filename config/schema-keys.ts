import type { z } from "zod";

type AnySchema = z.ZodType;

// zod 4 keeps its definition on _zod.def; these are the wrappers between a path and its object.
function unwrap(schema: AnySchema): AnySchema {
  let current: AnySchema = schema;
  for (let depth = 0; depth < 20; depth += 1) {
    const definition = (current as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
    const type = definition.type as string;
    if (
      type === "default" ||
      type === "optional" ||
      type === "nullable" ||
      type === "prefault" ||
      type === "readonly" ||
      type === "catch"
    ) {
      current = definition.innerType as AnySchema;
    } else if (type === "pipe") {
      current = definition.in as AnySchema;
    } else {
      return current;
    }
  }
  return current;
}

function definitionOf(schema: AnySchema): Record<string, unknown> {
  return (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
}

/** Object schemas a value could be validated against at this point (several for a union). */
function objectCandidates(schema: AnySchema, value: unknown): AnySchema[] {
  const inner = unwrap(schema);
  const definition = definitionOf(inner);
  if (definition.type === "object") return [inner];
  if (definition.type === "union") {
    const options = (definition.options as AnySchema[]).flatMap((option) => objectCandidates(option, value));
    const discriminator = definition.discriminator as string | undefined;
    if (discriminator && value && typeof value === "object") {
      const wanted = (value as Record<string, unknown>)[discriminator];
      const matching = options.filter((option) => {
        const shape = definitionOf(option).shape as Record<string, AnySchema>;
        const literal = shape[discriminator] ? definitionOf(unwrap(shape[discriminator])) : undefined;
        return literal && Array.isArray(literal.values) && (literal.values as unknown[]).includes(wanted);
      });
      if (matching.length > 0) return matching;
    }
    return options;
  }
  return [];
}

/** The schema that validates the value found at `path` inside `root`, following the data for unions. */
export function schemaAt(schema: AnySchema, path: (string | number)[], root: unknown): AnySchema | undefined {
  let current: AnySchema | undefined = schema;
  let value: unknown = root;
  for (const segment of path) {
    if (!current) return undefined;
    const inner = unwrap(current);
    const definition = definitionOf(inner);
    if (definition.type === "record") {
      current = definition.valueType as AnySchema;
    } else if (definition.type === "array") {
      current = definition.element as AnySchema;
    } else {
      const candidates = objectCandidates(inner, value);
      const found = candidates
        .map((candidate) => (definitionOf(candidate).shape as Record<string, AnySchema>)[String(segment)])
        .find((child) => child !== undefined);
      current = found;
    }
    value =
      value && typeof value === "object" ? (value as Record<string, unknown>)[segment as string] : undefined;
  }
  return current;
}

/** The keys an object at `path` may have, for "did you mean" suggestions. */
export function allowedKeysAt(schema: AnySchema, path: (string | number)[], root: unknown): string[] {
  const target = schemaAt(schema, path, root);
  if (!target) return [];
  let value: unknown = root;
  for (const segment of path)
    value =
      value && typeof value === "object" ? (value as Record<string, unknown>)[segment as string] : undefined;
  const keys = new Set<string>();
  for (const candidate of objectCandidates(target, value)) {
    for (const key of Object.keys(definitionOf(candidate).shape as Record<string, unknown>)) keys.add(key);
  }
  return [...keys];
}
