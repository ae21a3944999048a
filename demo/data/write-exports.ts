/**
 * Writes the demo workspace's file exports (demo/workspace/data/) from the same generators the BI
 * portal uses, so every demo source agrees. Run: npx tsx demo/data/write-exports.ts
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { returnRatesCsv } from "./return-rates.js";
import { vipRepurchaseRows } from "./vip-repurchase.js";

const target = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "workspace", "data");
writeFileSync(path.join(target, "return-rates.csv"), returnRatesCsv());
writeFileSync(path.join(target, "vip-repurchase.json"), `${JSON.stringify(vipRepurchaseRows, null, 2)}\n`);
console.log(`wrote ${target}/return-rates.csv and vip-repurchase.json`);
