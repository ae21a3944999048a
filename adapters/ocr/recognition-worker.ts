import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

// A second PaddleOCR recognition session on a worker thread, so the crops of one region are read on
// two cores at once. Recognition is pure compute (≈ 0.16 ms per input column at height 48, one
// crop per model run), and onnxruntime-node's session.run blocks the thread it runs on, so a second
// session in the same thread gains nothing; onnxruntime's own intra-op threads did not pay either
// (each op of a 48 × 80 crop is too small to split, and the spinning second thread measured 1.7×
// slower on the loaded machine). Each session here runs single-threaded, so on a busy machine the
// two lanes cost the same CPU as one lane, never more.
//
// The worker is plain JavaScript evaluated in place (it needs nothing but onnxruntime-node), so it
// runs the same from TypeScript sources (tsx, vitest) and from dist/.

const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const { InferenceSession, Tensor } = require(workerData.runtime);
InferenceSession.create(workerData.model, workerData.options).then(
  (session) => {
    parentPort.on("message", async ({ id, data, dims }) => {
      try {
        const output = await session.run({ [session.inputNames[0]]: new Tensor("float32", data, dims) });
        const result = output[session.outputNames[0]];
        parentPort.postMessage({ id, data: result.data, dims: result.dims }, [result.data.buffer]);
      } catch (error) {
        parentPort.postMessage({ id, error: String(error && error.message ? error.message : error) });
      }
    });
    parentPort.postMessage({ ready: true });
  },
  (error) => parentPort.postMessage({ failed: String(error && error.message ? error.message : error) }),
);
`;

interface Reply {
  id: number;
  data?: Float32Array;
  dims?: number[];
  error?: string;
}

/** The recognition model's output for one input: [1, time steps, classes]. */
export interface RecognitionOutput {
  data: Float32Array;
  dims: number[];
}

/** A recognition session on its own thread; requests queue there and are answered in order. */
export class RecognitionWorker {
  private readonly pending = new Map<
    number,
    { resolve: (output: RecognitionOutput) => void; reject: (error: Error) => void }
  >();
  private nextId = 0;
  private failure: Error | undefined;

  private constructor(private readonly worker: Worker) {
    worker.on("message", (reply: Reply) => {
      const request = this.pending.get(reply.id);
      if (!request) return;
      this.pending.delete(reply.id);
      this.idleCheck();
      if (reply.error || !reply.data || !reply.dims) request.reject(new Error(reply.error ?? "no output"));
      else request.resolve({ data: reply.data, dims: reply.dims });
    });
    worker.on("error", (error) => this.fail(error));
    worker.on("exit", (code) => this.fail(new Error(`recognition worker exited (code ${code})`)));
  }

  /** Starts the worker and loads the model in it; rejects when either fails. */
  static start(model: string, options: object): Promise<RecognitionWorker> {
    const require = createRequire(import.meta.url);
    // execArgv [] : the worker needs no TypeScript loader (tsx would only slow its start).
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      execArgv: [],
      workerData: { runtime: require.resolve("onnxruntime-node"), model, options },
    });
    return new Promise((resolve, reject) => {
      worker.once("message", (message: { ready?: boolean; failed?: string }) => {
        if (message.ready) {
          // Idle, the worker must not keep the process alive (a CLI run ends when its work does).
          worker.unref();
          resolve(new RecognitionWorker(worker));
        } else {
          void worker.terminate();
          reject(new Error(message.failed ?? "recognition worker did not start"));
        }
      });
      worker.once("error", reject);
      // Settled already when it exits after saying it is ready.
      worker.once("exit", (code) =>
        reject(new Error(`recognition worker exited before it was ready (code ${code})`)),
      );
    });
  }

  /** Runs the model on one [1, 3, 48, width] input (the buffer is handed over to the worker). */
  run(data: Float32Array, dims: number[]): Promise<RecognitionOutput> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    // Referenced while it owes answers: an awaited reply keeps the process alive.
    if (this.pending.size === 0) this.worker.ref();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, data, dims }, [data.buffer as ArrayBuffer]);
    });
  }

  private idleCheck(): void {
    if (this.pending.size === 0) this.worker.unref();
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const request of this.pending.values()) request.reject(error);
    this.pending.clear();
    this.worker.unref();
  }
}
