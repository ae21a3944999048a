import type { Run } from "../../executor/execute-plan.js";
import type { Answer } from "../../models/answer.js";
import type { Synthesis } from "../synthesizer/synthesize.js";

/** The answer and the run that produced it (already finished: answer.json, answer.md, trace.jsonl written). */
export interface AnswerResult {
  answer: Answer;
  markdown: string;
  run: Run;
  synthesis: Synthesis;
}
