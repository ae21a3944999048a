import type { AnswerView, ViewInput } from "./answer-view.js";

/** The gaps; those of graded text goals carry what was asked, so each language can phrase them. */
export function gapViews(input: ViewInput): AnswerView["gaps"] {
  return input.gaps.map((gap) => {
    const outcome = input.outcomes.find((candidate) => candidate.goal.id === gap.goal);
    return outcome?.grade && !outcome.grade.sufficient
      ? { ...gap, kind: outcome.grade.kind, aspect: outcome.grade.aspect, source: outcome.goal.source }
      : gap;
  });
}

/** Each broadening of a period once. */
export function broadenedViews(input: ViewInput): AnswerView["broadened"] {
  return input.broadenings.filter(
    (broadening, index, all) =>
      all.findIndex((other) => other.from === broadening.from && other.to === broadening.to) === index,
  );
}
