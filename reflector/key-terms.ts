import { foldText } from "../domain/text-folding.js";
import { PASSAGE_WORDS } from "./locales/index.js";

// Question words and glue: they say what kind of answer is wanted, not what it is about. Every
// language's words (reflector/locales/): Chinese ones are single segments, English ones words.
const STOP_WORDS = new Set(PASSAGE_WORDS.flatMap((words) => words.stopWords));

const CJK_CHARACTER = /^[\u3400-\u9fff\uf900-\ufaff]+$/;

let segmenter: Intl.Segmenter | undefined;

/**
 * Content terms of a question, folded to Simplified Chinese and lower case: English words, Chinese
 * words (Intl.Segmenter), and the bigrams of every run of Chinese content words, so a compound
 * matches however the segmenter split it (换货运费 → 换|货运|费 → 换货, 货运, 运费). A bigram across
 * the boundary of two words the segmenter knows (申请|索赔 → 请索, 行李|遗失 → 李遗) is no term: it
 * names nothing, and a sentence stating the ask would never contain it. Only a single character the
 * segmenter left alone may belong to a word it does not know: with another lone character beside
 * it (升|舱 → 升舱), else with the known word next to it when that is its only neighbour
 * (货运|费 → 运费; 课程|未|使用 makes neither 程未 nor 未使).
 */
export function keyTerms(text: string): string[] {
  segmenter ??= new Intl.Segmenter("zh", { granularity: "word" });
  const folded = foldText(text);
  const terms: string[] = [];
  // The run's characters, each with the segment it came from and whether that segment is a word
  // of two or more characters (a word the segmenter knows).
  let run: { character: string; segment: number; known: boolean }[] = [];
  let segmentIndex = 0;
  const flushRun = () => {
    for (let index = 0; index + 1 < run.length; index++) {
      const left = run[index];
      const right = run[index + 1];
      if (!left || !right) continue;
      if (left.segment !== right.segment && left.known && right.known) continue;
      // A lone character beside a known word joins it only when it has no other neighbour in the
      // run: 升 of 免费|升|舱 is 升舱's, so 费升 is no term; 费 of 货运|费 makes 运费. Between two
      // known words (课程|未|使用) it could belong to either or, mostly, to neither (a negation,
      // a particle): no bigram, where 程未 and 未使 named nothing.
      if (left.known !== right.known && left.segment !== right.segment) {
        const partner = left.known ? run[index + 2] : run[index - 1];
        if (partner !== undefined) continue;
      }
      terms.push(left.character + right.character);
    }
    run = [];
  };
  for (const { segment, isWordLike } of segmenter.segment(folded)) {
    if (!isWordLike) {
      flushRun();
      continue;
    }
    if (CJK_CHARACTER.test(segment)) {
      if (STOP_WORDS.has(segment)) {
        flushRun();
        continue;
      }
      const characters = [...segment];
      if (characters.length >= 2) terms.push(segment);
      segmentIndex++;
      for (const character of characters)
        run.push({ character, segment: segmentIndex, known: characters.length >= 2 });
      continue;
    }
    flushRun();
    if (/^\d+$/.test(segment) || segment.length < 3 || STOP_WORDS.has(segment)) continue;
    terms.push(segment);
  }
  flushRun();
  return [...new Set(terms)];
}

/**
 * Whether a term occurs in folded text; English words also match their stem (replacement ↔
 * replacements). An English word starts a word of the text: "planned" is not in "unplanned",
 * whose meaning is the opposite.
 */
export function termOccurs(term: string, foldedText: string): boolean {
  if (!/^[a-z]+$/.test(term)) return foldedText.includes(term);
  const startsWord = (word: string) => new RegExp(`(?<![a-z])${word}`).test(foldedText);
  if (startsWord(term)) return true;
  if (term.length > 4) return startsWord(term.replace(/(es|s|ed|ing)$/, ""));
  return false;
}

/**
 * Key terms grouped into the stretches of the question they come from: Chinese terms sharing a
 * character overlap there (每天 and 天赔 of 每天赔, 回来 and 寄回 of 寄回来) and name one thing, so
 * a sentence mentions a group when it mentions any of its terms, and two groups are two words.
 */
export function termGroups(terms: string[]): string[][] {
  const groups: string[][] = [];
  for (const term of terms) {
    const characters = new Set([...term].filter((character) => CJK_CHARACTER.test(character)));
    const overlapping = groups.filter((group) =>
      group.some((other) => [...other].some((character) => characters.has(character))),
    );
    const merged = [...overlapping.flat(), term];
    for (const group of overlapping) groups.splice(groups.indexOf(group), 1);
    groups.push(merged);
  }
  return groups;
}
