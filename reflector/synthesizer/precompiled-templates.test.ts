import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import nunjucks from "nunjucks";
import { describe, expect, it } from "vitest";
import {
  compileTemplate,
  PrecompiledFirstLoader,
  type PrecompiledTemplate,
  readPrecompiledTemplates,
  TEMPLATE_OPTIONS,
  templateHash,
} from "./precompiled-templates.js";

const templates = path.resolve(import.meta.dirname, "../templates");

function environment(folder: string, precompiled: Map<string, PrecompiledTemplate>): nunjucks.Environment {
  return new nunjucks.Environment(new PrecompiledFirstLoader([folder], precompiled), TEMPLATE_OPTIONS);
}

describe("precompiled answer templates", () => {
  it("render a template whose source matches from the compiled code, and any other from its source", () => {
    const folder = mkdtempSync(path.join(tmpdir(), "templates-"));
    writeFileSync(path.join(folder, "answer.njk"), "Hello {{ name }}");
    // Code compiled from another source under this source's hash: seen only if the loader uses it.
    const standIn = compileTemplate("Compiled {{ name }}", "answer.njk");
    const precompiled = new Map([[templateHash("Hello {{ name }}"), { sha256: "", code: standIn }]]);
    expect(environment(folder, precompiled).render("answer.njk", { name: "Ada" })).toBe("Compiled Ada");
    // An edited template (or a workspace's own) is compiled from its source.
    writeFileSync(path.join(folder, "answer.njk"), "Hi {{ name }}");
    expect(environment(folder, precompiled).render("answer.njk", { name: "Ada" })).toBe("Hi Ada");
  });

  it("render every built-in template as its source renders it", () => {
    const names = readdirSync(templates).filter((name) => name.endsWith(".njk"));
    expect(names.length).toBeGreaterThan(2);
    const precompiled = new Map(
      names.map((name) => {
        const source = readFileSync(path.join(templates, name), "utf8");
        return [templateHash(source), { sha256: templateHash(source), code: compileTemplate(source, name) }];
      }),
    );
    const compiled = environment(templates, precompiled);
    const fromSource = environment(templates, new Map());
    // An empty context takes each template's fallbacks; both must agree, error for error.
    for (const name of names) {
      const render = (env: nunjucks.Environment) => {
        try {
          return env.render(name, {});
        } catch (error) {
          return `error: ${(error as Error).message.split("\n")[0]}`;
        }
      };
      expect(render(compiled), name).toBe(render(fromSource));
    }
  });

  it("read a missing or damaged file as no precompiled templates", () => {
    const folder = mkdtempSync(path.join(tmpdir(), "templates-"));
    expect(readPrecompiledTemplates(path.join(folder, "missing.json")).size).toBe(0);
    writeFileSync(path.join(folder, "damaged.json"), '[{"sha256": 1}');
    expect(readPrecompiledTemplates(path.join(folder, "damaged.json")).size).toBe(0);
    writeFileSync(path.join(folder, "partly.json"), '[{"sha256": "a", "code": "return {}"}, {"code": 2}]');
    expect([...readPrecompiledTemplates(path.join(folder, "partly.json")).keys()]).toEqual(["a"]);
  });
});
