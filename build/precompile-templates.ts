// The second step of `npm run build`: compiles the built-in answer templates
// (reflector/templates/*.njk) to the code nunjucks runs, into dist/reflector/templates-precompiled.json,
// so a cold `ask` does not compile them again (reflector/synthesizer/precompiled-templates.ts).
import { readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  compileTemplate,
  PRECOMPILED_FILE_NAME,
  type PrecompiledTemplate,
  templateHash,
} from "../reflector/synthesizer/precompiled-templates.js";

const root = path.resolve(import.meta.dirname, "..");
const folder = path.join(root, "reflector/templates");
const entries: PrecompiledTemplate[] = readdirSync(folder)
  .filter((name) => name.endsWith(".njk"))
  .sort()
  .map((name) => {
    const source = readFileSync(path.join(folder, name), "utf8");
    return { sha256: templateHash(source), code: compileTemplate(source, name) };
  });
const target = path.join(root, "dist/reflector", PRECOMPILED_FILE_NAME);
// Written beside and renamed, so a failed build never leaves half a file for the CLI to read.
writeFileSync(`${target}.tmp`, JSON.stringify(entries));
renameSync(`${target}.tmp`, target);
console.log(`precompiled ${entries.length} templates into ${path.relative(root, target)}`);
