import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserManager } from "./browser-manager.js";
import { extractOnce } from "./table-extraction.js";
import { tableLocator, xpathLiteral } from "./table-locator.js";

const browsers = new BrowserManager({ headless: true });
let context: BrowserContext;

beforeAll(async () => {
  context = await (await browsers.acquire()).newContext();
});

afterAll(async () => {
  await context?.close();
  await browsers.close();
});

// Every anchor kind on one page; class names are deliberately useless.
const PAGE = `<!DOCTYPE html><html><body>
<h2 class="x1">Margin by region</h2><table class="x2"><tr><th>Region</th></tr><tr><td>Wrong table</td></tr></table>
<div title="Orders by week" class="x3"><table><tr><th>Week</th></tr><tr><td>2024-W01</td></tr></table></div>
<p><span class="x4">Stock "on hand" isn't counted</span></p>
<table><thead><tr><th>Item</th></tr></thead><tbody><tr><td>Mug</td></tr></tbody></table>
<section aria-label="Refunds"><div role="grid" aria-rowcount="2"><div role="row"><span role="columnheader">Refund</span></div><div role="row" aria-rowindex="2"><span role="gridcell">12</span></div></div></section>
<h2>Two tables</h2><table><tr><th>N</th></tr><tr><td>first</td></tr></table><table><tr><th>N</th></tr><tr><td>second</td></tr></table>
</body></html>`;

describe("semantic anchors", () => {
  it("quotes XPath literals that hold both kinds of quotes", () => {
    expect(xpathLiteral("plain")).toBe("'plain'");
    expect(xpathLiteral("isn't")).toBe(`"isn't"`);
    expect(xpathLiteral(`a "b" isn't`)).toBe(`concat('a "b" isn', "'", 't')`);
  });

  it("finds tables by title, nearby label text (with quotes), aria-label, heading and nth", async () => {
    const page = await context.newPage();
    try {
      await page.setContent(PAGE);
      const firstCell = async (anchor: Parameters<typeof tableLocator>[1]) =>
        (await extractOnce(tableLocator(page, anchor))).rows[0]?.cells[0];
      expect(await firstCell({ title: "Orders by week" })).toBe("2024-W01");
      expect(await firstCell({ label: `Stock "on hand" isn't counted` })).toBe("Mug");
      expect(await firstCell({ aria_label: "Refunds" })).toBe("12");
      expect(await firstCell({ heading: "Margin by region" })).toBe("Wrong table");
      expect(await firstCell({ heading: "Two tables", nth: 2 })).toBe("second");
      expect(await tableLocator(page, { heading: "No such heading" }).count()).toBe(0);
    } finally {
      await page.close();
    }
  });
});
