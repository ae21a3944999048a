import { foldText } from "../domain/text-folding.js";

// Question words and glue: they say what kind of answer is wanted, not what it is about.
const CHINESE_STOP = new Set([
  "可以",
  "可否",
  "能否",
  "能不能",
  "是否",
  "多久",
  "多长",
  "时间",
  "多少",
  "多少钱",
  "几天",
  "几个",
  "什么",
  "怎么",
  "如何",
  "为什么",
  "哪些",
  "哪个",
  "哪里",
  "谁",
  "吗",
  "呢",
  "吧",
  "嘛",
  "的",
  "了",
  "是",
  "我",
  "我们",
  "你",
  "你们",
  "请问",
  "会",
  "要",
  "能",
  "可",
  "出",
  "有",
  "没有",
  "还",
  "和",
  "与",
  "及",
  "或",
  "在",
  "到",
  "把",
  "被",
  "给",
  "让",
  "就",
  "都",
  "也",
  "很",
  "这",
  "那",
  "个",
  "几",
  "天",
  "由",
]);
const ENGLISH_STOP = new Set(
  "a an the and or of to in on for by with at from is are was were be been can could may might will would shall should do does did i we you my our your it its this that these those what which who whom whose how long when where why much many there their them they if not no yes".split(
    " ",
  ),
);

const CJK_CHARACTER = /^[\u3400-\u9fff\uf900-\ufaff]+$/;

let segmenter: Intl.Segmenter | undefined;

/**
 * Content terms of a question, folded to Simplified Chinese and lower case: English words, Chinese
 * words (Intl.Segmenter), and the bigrams of every run of Chinese content words, so a compound
 * matches however the segmenter split it (换货运费 → 换货, 货运, 运费).
 */
export function keyTerms(text: string): string[] {
  segmenter ??= new Intl.Segmenter("zh", { granularity: "word" });
  const folded = foldText(text);
  const terms: string[] = [];
  let run = "";
  const flushRun = () => {
    const characters = [...run];
    for (let index = 0; index + 1 < characters.length; index++)
      terms.push(characters[index] + characters[index + 1]);
    run = "";
  };
  for (const { segment, isWordLike } of segmenter.segment(folded)) {
    if (!isWordLike) {
      flushRun();
      continue;
    }
    if (CJK_CHARACTER.test(segment)) {
      if (CHINESE_STOP.has(segment)) {
        flushRun();
        continue;
      }
      if ([...segment].length >= 2) terms.push(segment);
      run += segment;
      continue;
    }
    flushRun();
    if (/^\d+$/.test(segment) || segment.length < 3 || ENGLISH_STOP.has(segment)) continue;
    terms.push(segment);
  }
  flushRun();
  return [...new Set(terms)];
}

/** Whether a term occurs in folded text; English words also match their stem (replacement ↔ replacements). */
export function termOccurs(term: string, foldedText: string): boolean {
  if (foldedText.includes(term)) return true;
  if (/^[a-z]+$/.test(term) && term.length > 4)
    return foldedText.includes(term.replace(/(es|s|ed|ing)$/, ""));
  return false;
}
