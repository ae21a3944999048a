import { createRequire } from "node:module";

type Pinyin = (text: string, options: Record<string, unknown>) => string[] | string;
let pinyin: Pinyin | undefined;

/** pinyin-pro's dictionary is large: loaded on the first homophone check, not at CLI start-up. */
function pinyinOf(character: string): string[] {
  pinyin ??= (createRequire(import.meta.url)("pinyin-pro") as { pinyin: Pinyin }).pinyin;
  return pinyin(character, { toneType: "none", multiple: true, type: "array" }) as string[];
}

const readings = new Map<string, Set<string>>();
const fuzzyReadings = new Map<string, Set<string>>();

/** Every toneless pinyin reading of one Han character (率 → lü, shuai), cached. */
function readingsOf(character: string): Set<string> {
  let found = readings.get(character);
  if (!found) {
    const list = pinyinOf(character);
    found = new Set(list.map((reading) => reading.replace(/v/g, "ü")));
    readings.set(character, found);
  }
  return found;
}

/**
 * True when two Han characters can be read alike, ignoring tones: what a pinyin input method
 * offers for the same keystrokes (退获率 for 退货率, 退貨綠 for 退貨率). Polyphones count with
 * every reading, so 率 (lü, shuai) matches 绿 (lü).
 */
export function soundsAlike(a: string, b: string): boolean {
  if (a === b) return true;
  const first = readingsOf(a);
  for (const reading of readingsOf(b)) if (first.has(reading)) return true;
  return false;
}

/**
 * A reading as the fuzzy pinyin most input methods offer folds it: retroflex initials with their
 * flat partners (shu ~ su, zhi ~ zi, chi ~ ci) and front with back nasals (an ~ ang, in ~ ing),
 * the confusions of speakers who do not distinguish them (投述 typed for 投诉).
 */
function fuzzy(reading: string): string {
  return reading.replace(/^([zcs])h/u, "$1").replace(/([aei])ng$/u, "$1n");
}

function fuzzyReadingsOf(character: string): Set<string> {
  let found = fuzzyReadings.get(character);
  if (!found) {
    found = new Set([...readingsOf(character)].map(fuzzy));
    fuzzyReadings.set(character, found);
  }
  return found;
}

/** Like `soundsAlike`, under fuzzy pinyin (s/sh, z/zh, c/ch, -n/-ng): 述 ~ 诉, 针 ~ 增. */
export function soundsAlikeFuzzy(a: string, b: string): boolean {
  if (a === b) return true;
  const first = fuzzyReadingsOf(a);
  for (const reading of fuzzyReadingsOf(b)) if (first.has(reading)) return true;
  return false;
}
