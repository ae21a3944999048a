import { describe, expect, it } from "vitest";
import { DEFAULT_TRUST } from "../models/sources/common.js";
import { SourceConfig } from "../models/workspace.js";
import { trustOf } from "./trust.js";

const file = (trust?: number) =>
  SourceConfig.parse({ kind: "file", ...(trust ? { trust } : {}), datasets: { d: { path: "d.csv" } } });

describe("trustOf", () => {
  it("is the configured trust, the schema's default when the YAML gives none", () => {
    const sources = { exports: file(0.7), plain: file() };
    expect(trustOf(sources, "exports")).toBe(0.7);
    expect(trustOf(sources, "plain")).toBe(DEFAULT_TRUST);
    expect(DEFAULT_TRUST).toBe(0.5);
  });

  it("gives a source the workspace no longer configures the default, the same in every caller (report jobs used 0)", () => {
    const sources = { exports: file(0.4) };
    expect(trustOf(sources, "removed_source")).toBe(0.5);
    expect(trustOf(sources, "removed_source")).toBeGreaterThan(trustOf(sources, "exports"));
    for (const name of ["constructor", "__proto__", "toString"]) expect(trustOf(sources, name)).toBe(0.5);
  });
});
