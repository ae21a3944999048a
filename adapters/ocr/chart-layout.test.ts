import { describe, expect, it } from "vitest";
import { findBars, layOutBarChart } from "./chart-layout.js";
import type { PixelBox, RasterImage, RecognisedText } from "./ocr-engine.js";

// Synthetic images: white, with filled rectangles (bars, a legend swatch) and 1-px grid lines.
function image(width: number, height: number, rectangles: [PixelBox, number][]): RasterImage {
  const data = new Uint8Array(width * height * 4).fill(255);
  for (const [[left, top, right, bottom], colour] of rectangles)
    for (let y = top; y < bottom; y += 1)
      for (let x = left; x < right; x += 1) {
        const at = (y * width + x) * 4;
        data[at] = colour >> 16;
        data[at + 1] = (colour >> 8) & 255;
        data[at + 2] = colour & 255;
      }
  return { width, height, data };
}

const piece = (text: string, box: PixelBox, confidence = 0.99): RecognisedText => ({
  text,
  confidence,
  minimumConfidence: confidence,
  box,
});

describe("layOutBarChart", () => {
  it("keeps the y-axis tick labels apart from the value labels: a tick (140) nearer a bar's end than its label (142)", () => {
    const blue = 0x4e79a7;
    // Chart.js's geometry: ticks right-aligned left of the plot; the first bar's band reaches into
    // them; the bar of 142 ends 2 px above the grid line of 140.
    const picture = image(400, 240, [
      [[77, 52, 158, 200], blue],
      [[189, 110, 270, 200], blue],
      [[301, 80, 382, 200], blue],
    ]);
    const chart = layOutBarChart(picture, [
      piece("0", [48, 192, 58, 206]),
      piece("70", [40, 117, 58, 131]),
      piece("140", [32, 47, 58, 61]),
      piece("142", [103, 28, 131, 44]),
      piece("87", [221, 86, 239, 102]),
      piece("110", [327, 56, 355, 72]),
      piece("Brakes", [92, 206, 142, 222]),
      piece("Clutch", [204, 206, 254, 222]),
      piece("Lamps", [318, 206, 364, 222]),
    ]);
    expect(chart.bars.map((bar) => [bar.category?.text, bar.value?.text])).toEqual([
      ["Brakes", "142"],
      ["Clutch", "87"],
      ["Lamps", "110"],
    ]);
  });

  it("finds no value where a chart draws only its axis, rather than taking a tick", () => {
    const blue = 0x4e79a7;
    const picture = image(400, 240, [
      [[77, 52, 158, 200], blue],
      [[189, 110, 270, 200], blue],
    ]);
    const chart = layOutBarChart(picture, [
      piece("0", [48, 192, 58, 206]),
      piece("70", [40, 117, 58, 131]),
      piece("140", [32, 47, 58, 61]),
      piece("Brakes", [92, 206, 142, 222]),
      piece("Clutch", [204, 206, 254, 222]),
    ]);
    expect(chart.bars.map((bar) => [bar.category?.text, bar.value?.text ?? null])).toEqual([
      ["Brakes", null],
      ["Clutch", null],
    ]);
  });

  it("pairs each vertical bar with the value above it and the category below it; ticks, grid and title are not taken", () => {
    const blue = 0x3b7dd8;
    const grid = 0xdddddd;
    const picture = image(400, 240, [
      [[60, 60, 390, 61], grid],
      [[60, 120, 390, 121], grid],
      [[80, 100, 120, 200], blue],
      [[180, 60, 220, 200], blue],
      [[280, 150, 320, 200], blue],
      // A legend swatch: a filled square on no baseline of the bars.
      [[340, 10, 352, 22], blue],
    ]);
    const chart = layOutBarChart(picture, [
      piece("2024年 退货率", [10, 5, 150, 25]),
      piece("10", [30, 52, 50, 68]),
      piece("5", [35, 112, 50, 128]),
      piece("5.2%", [84, 80, 116, 96]),
      piece("7.8%", [184, 40, 216, 56], 0.6),
      piece("2.6%", [284, 130, 316, 146]),
      piece("华东", [85, 206, 115, 222]),
      piece("华北", [185, 206, 215, 222]),
      piece("华", [283, 206, 299, 222]),
      piece("南", [300, 206, 316, 222]),
      piece("地区", [180, 226, 220, 240]),
    ]);
    expect(chart.orientation).toBe("vertical");
    expect(chart.bars.map((bar) => [bar.category?.text, bar.value?.text])).toEqual([
      ["华东", "5.2%"],
      ["华北", "7.8%"],
      ["华南", "2.6%"],
    ]);
    expect(chart.bars[1].value?.minimumConfidence).toBe(0.6);
  });

  it("reads horizontal bars by y-band: category left of the baseline, value at the bar's end or inside it", () => {
    const picture = image(500, 200, [
      [[120, 20, 400, 50], 0xd8703b],
      [[120, 80, 300, 110], 0xd8703b],
      [[120, 140, 200, 170], 0xd8703b],
    ]);
    const { orientation, bars } = findBars(picture);
    expect(orientation).toBe("horizontal");
    expect(bars).toHaveLength(3);
    const chart = layOutBarChart(picture, [
      piece("Delivery", [40, 27, 110, 43]),
      piece("Service", [45, 87, 110, 103]),
      piece("Product", [44, 147, 110, 163]),
      piece("1,284", [350, 27, 395, 43]),
      piece("932", [308, 87, 335, 103]),
      piece("415", [208, 147, 235, 163]),
      piece("0", [115, 180, 125, 196]),
      piece("500", [240, 180, 270, 196]),
    ]);
    expect(chart.bars.map((bar) => [bar.category?.text, bar.value?.text])).toEqual([
      ["Delivery", "1,284"],
      ["Service", "932"],
      ["Product", "415"],
    ]);
  });
});
