import { z } from "zod";

/**
 * Name-keyed data (sources, datasets, metrics, filters, row cells) is looked up with names that
 * come from YAML, plans and model replies. On a plain object `config.sources["constructor"]` finds
 * `Object.prototype.constructor`, so every such record is copied onto a null prototype: a lookup
 * then finds only what was written, and `name in record` means what it says.
 */
export function nullPrototype<V>(record: Record<string, V>): Record<string, V> {
  const copy = Object.create(null) as Record<string, V>;
  for (const key of Object.keys(record)) copy[key] = record[key];
  return copy;
}

/** The value `record` itself holds for `name`; never one inherited from Object.prototype. */
export function ownValue<V>(record: Readonly<Record<string, V>>, name: string): V | undefined {
  return Object.hasOwn(record, name) ? record[name] : undefined;
}

/**
 * A zod record whose parsed value has a null prototype. zod silently drops an own `__proto__` key;
 * `prototypeKeyPaths` finds those before parsing so they are reported, not lost.
 */
export function nameRecord<K extends z.core.$ZodRecordKey, V extends z.core.SomeType>(key: K, value: V) {
  return z.record(key, value).transform((record) => nullPrototype(record as Record<string, z.output<V>>));
}

/** The paths at which `value` holds an own `__proto__` key (JSON.parse and YAML both make them). */
export function prototypeKeyPaths(
  value: unknown,
  at: (string | number)[] = [],
  depth = 0,
): (string | number)[][] {
  if (value === null || typeof value !== "object" || depth > 64) return [];
  const found: (string | number)[][] = [];
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      found.push(...prototypeKeyPaths(item, [...at, index], depth + 1));
    });
    return found;
  }
  for (const key of Object.keys(value)) {
    if (key === "__proto__") found.push([...at, key]);
    else found.push(...prototypeKeyPaths((value as Record<string, unknown>)[key], [...at, key], depth + 1));
  }
  return found;
}

/** Why a name may not be `__proto__`: no object can hold it as an ordinary key. */
export const PROTOTYPE_KEY_MESSAGE =
  "`__proto__` cannot be used as a name (it is the JavaScript prototype slot); choose another name";
