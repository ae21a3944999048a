import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadWorkspace } from "../../config/load-workspace.js";
import { findJsonProblem, readSampleJson } from "./sample-file.js";
import { testSource } from "./sources-command.js";

const scratch = mkdtempSync(path.join(tmpdir(), "sample-file-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const write = (name: string, text: string) => {
  const file = path.join(scratch, name);
  writeFileSync(file, text);
  return file;
};
const messageOf = (file: string) => {
  try {
    readSampleJson(file);
  } catch (error) {
    return (error as Error).message;
  }
  return "parsed";
};

describe("sources test --sample with a file that is not JSON", () => {
  it("names the file, the line:column, what was found and what to do", () => {
    const html = write(
      "error.html",
      "<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>\n",
    );
    const message = messageOf(html);
    expect(message).toContain(`sample ${html} is not JSON: line 1, column 1: unexpected \`<\``);
    expect(message).toContain('found: an HTML page titled "502 Bad Gateway"');
    expect(message).toContain("Accept: application/json");

    const truncated = write("cut.json", '{"issues": [\n  {"key": "CRM-1", "fields": {"summary": "Rel');
    const cut = messageOf(truncated);
    expect(cut).toContain("is not JSON: line 2, column 46: the text ends inside a string");
    expect(cut).toContain("found: JSON that stops short");
    expect(cut).toContain("the file was cut off");

    const csv = write("export.csv", "key,summary,status\nCRM-1,Release 3.1.0,Done\n");
    const delimited = messageOf(csv);
    expect(delimited).toContain("line 1, column 1: unexpected `k`");
    expect(delimited).toContain("found: delimited text (a CSV or TSV export?)");
    expect(delimited).toContain("use a `file` source");

    const comma = write("comma.json", '{"issues": [1, 2,]}');
    expect(messageOf(comma)).toContain("line 1, column 18: unexpected `]`");
    expect(messageOf(write("empty.json", ""))).toContain("found: an empty file");
  });

  it("parses JSON (with a byte-order mark) as before, and finds no problem in valid JSON", () => {
    expect(readSampleJson(write("ok.json", '\ufeff{"issues": []}'))).toEqual({ issues: [] });
    for (const text of ['{"a": [1, -2.5e3, true, false, null, "x\\u00e9\\n"]}', "[]", ' "s" '])
      expect(findJsonProblem(text)).toBeUndefined();
    expect(findJsonProblem('{"a" 1}')).toMatchObject({ line: 1, column: 6 });
  });

  it("stops sources test with that message instead of 'records path matched nothing'", async () => {
    const workspace = loadWorkspace(path.resolve(__dirname, "../../demo/workspace"), {
      environment: { ...process.env, TRIANGULATE_TICKETS_URL: "http://127.0.0.1:9", JIRA_TOKEN: "t" },
    });
    const html = write("login.html", "<html><head><title>Log in - Jira</title></head></html>");
    await expect(testSource(workspace, "tickets", { dataset: "crm_releases", sample: html })).rejects.toThrow(
      /is not JSON: line 1, column 1[\s\S]*an HTML page titled "Log in - Jira"/,
    );
  });
});
