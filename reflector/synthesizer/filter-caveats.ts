import type { FilterMismatch } from "../../models/evidence.js";
import { extractNumbers, type KnownNumber } from "../number-audit.js";
import type { GoalOutcome } from "./goal-outcome.js";
import type { AnswerLanguage } from "./labels.js";

// A filter a source found nothing for on its server, while the records read without it hold the
// value (the code KHH sent where the ticket system stores 高雄), is said in the answer: the rows
// were filtered after reading, and the workspace should map the value (sources.<name>.values).
// The adapter records it as data (TableEvidence.filter_mismatches); the sentence is written here,
// in the answer's language.

const HEADING: Record<AnswerLanguage, string> = {
  en: "Filtered after reading (the source stores other values than the ones sent):",
  "zh-Hans": "以下筛选在读取后进行（数据源存储的值与发送的值不同）：",
  "zh-Hant": "以下篩選在讀取後進行（資料來源儲存的值與傳送的值不同）：",
};

const quoted = (values: string[]) => values.map((value) => `"${value}"`).join(", ");

function line(language: AnswerLanguage, mismatch: FilterMismatch): string {
  const { source, dimension } = mismatch;
  const wanted = mismatch.wanted.join(", ");
  const where = `sources.${source}.values.${dimension}`;
  if (language === "en")
    return `- ${source}: ${dimension} = ${wanted} sent as ${quoted(mismatch.sent)} found nothing; its records hold ${quoted(mismatch.stored)}. Map the value in ${where} so the server filters.`;
  if (language === "zh-Hans")
    return `- ${source}：${dimension} = ${wanted} 以 ${quoted(mismatch.sent)} 发送时没有找到记录；记录中存储的是 ${quoted(mismatch.stored)}。请在 ${where} 中映射该值，以便由服务器筛选。`;
  return `- ${source}：${dimension} = ${wanted} 以 ${quoted(mismatch.sent)} 傳送時沒有找到記錄；記錄中儲存的是 ${quoted(mismatch.stored)}。請在 ${where} 中對應該值，以便由伺服器篩選。`;
}

/**
 * The answer's section on filters applied after reading, from the evidence of the goals that
 * established something ("" when there are none), and the numbers it quotes (values as the source
 * stores them, which may be ids), known to the number audit as evidence.
 */
export function filterMismatchSection(
  outcomes: readonly GoalOutcome[],
  language: AnswerLanguage,
): { text: string; known: KnownNumber[] } {
  const mismatches = outcomes.flatMap((outcome) =>
    outcome.status !== "failed" && outcome.evidence?.kind === "table"
      ? (outcome.evidence.filter_mismatches ?? [])
      : [],
  );
  if (mismatches.length === 0) return { text: "", known: [] };
  const text = [HEADING[language], ...mismatches.map((mismatch) => line(language, mismatch))].join("\n");
  const known: KnownNumber[] = extractNumbers(text).map((token) => ({
    value: token.value,
    canonical: token.canonical,
    kind: token.kind,
    origin: "evidence",
    label: "a filter value as sent or as the source stores it",
  }));
  return { text, known };
}
