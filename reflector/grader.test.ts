import { describe, expect, it } from "vitest";
import type { Passage } from "../models/evidence.js";
import { answerKindOf } from "./answer-kind.js";
import { gradePassages } from "./grader.js";
import { keyTerms } from "./key-terms.js";

// The policy as the demo PDF states it (FACTS.md), in Traditional Chinese.
const policy: Passage[] = [
  {
    chunk_id: "policy-zh#3",
    document: "return-policy-zh-Hant.pdf",
    page: 2,
    section: "客製化商品",
    text: "客製化刻字商品（如刻字保溫杯）僅於本店作業錯誤時（刻錯名字、拼字錯誤或製作瑕疵）可辦理換貨；顧客自行提供之文字有誤者，恕不接受退換。",
    score: 0.8,
  },
  {
    chunk_id: "policy-zh#4",
    document: "return-policy-zh-Hant.pdf",
    page: 2,
    section: "運費",
    text: "因商品瑕疵或本店錯誤所辦理之換貨，來回運費由本店負擔；因顧客個人因素退貨者，運費由顧客自行負擔。",
    score: 0.7,
  },
  {
    chunk_id: "policy-zh#5",
    document: "return-policy-zh-Hant.pdf",
    page: 3,
    section: "退款",
    text: "退款將於退回商品送達後 7 個工作天內辦理。",
    score: 0.5,
  },
];

describe("answerKindOf", () => {
  it("reads the kind from the question words", () => {
    expect(answerKindOf("客製化保溫杯刻錯名字，可以換貨嗎？")).toBe("yes_no");
    expect(answerKindOf("運費誰出？")).toBe("who_pays");
    expect(answerKindOf("多久能收到新品？")).toBe("how_long");
    expect(answerKindOf("How long until the replacement arrives?")).toBe("how_long");
    expect(answerKindOf("Who pays the shipping?")).toBe("who_pays");
  });
  it("reads 多少 before or after a sum of money or a share as how much, any other 多少 as how many", () => {
    // Issue 29 item 9: "how much compensation" is answered by "5% of the freight", not by a count.
    for (const question of [
      "每次温度偏离可以获得多少补偿？",
      "補償比例是多少？",
      "主机上门维修的费用是多少？",
      "延误一天赔偿多少？",
    ])
      expect(answerKindOf(question), question).toBe("amount");
    for (const question of ["一杯饮品能获得多少积分？", "有多少人投诉？", "几个门店？"])
      expect(answerKindOf(question), question).toBe("count");
  });
});

describe("a table row states an amount asked with a bare 多少", () => {
  const rows: Passage[] = [
    {
      chunk_id: "care#2",
      document: "device-care-zh-Hans.pdf",
      page: 1,
      section: "维修时效",
      text: "上门维修在报修后2个工作日内安排工程师到场。",
      score: 0.8,
    },
    {
      chunk_id: "care#3",
      document: "device-care-zh-Hans.pdf",
      page: 1,
      section: "维修收费",
      text: "维修项目: 主机维修; 上门服务费: 300元; 寄修服务费: 120元",
      statements: ["维修项目: 主机维修; 上门服务费: 300元; 寄修服务费: 120元"],
      score: 0.7,
    },
  ];
  it("supports the fee with the row that states it, not a sentence with a count of days", () => {
    const grade = gradePassages("主机上门维修的费用是多少？", rows);
    expect(grade.kind).toBe("amount");
    expect(grade.sufficient).toBe(true);
    expect(grade.supporting.map((sentence) => sentence.chunk_id)).toEqual(["care#3"]);
  });
});

describe("keyTerms", () => {
  it("folds Traditional to Simplified and joins split compounds", () => {
    const terms = keyTerms("可以換貨嗎？");
    expect(terms).toContain("换货");
    expect(terms).not.toContain("可以");
  });
});

describe("gradePassages on the flagship policy question", () => {
  it("finds the exchange permission", () => {
    const grade = gradePassages("客製化保溫杯刻錯名字，可以換貨嗎？", policy);
    expect(grade.sufficient).toBe(true);
    expect(grade.supporting[0].chunk_id).toBe("policy-zh#3");
  });
  it("finds who pays the shipping", () => {
    const grade = gradePassages("客製化保溫杯刻錯名字，運費誰出？", policy);
    expect(grade.sufficient).toBe(true);
    expect(grade.supporting[0].text).toContain("本店負擔");
  });
  it("matches a compound the segmenter splits oddly (換貨運費 → 货运)", () => {
    const passage = {
      ...policy[1],
      text: "因商品瑕疵或本店錯誤而換貨時，運費由本店負擔。因顧客個人原因退貨時，運費由顧客自行負擔。",
    };
    expect(gradePassages("客製化保溫杯刻錯名字，換貨運費誰出？", [policy[0], passage]).sufficient).toBe(true);
  });
  it("names the missing delivery time; the refund's 7 days do not count", () => {
    const grade = gradePassages("客製化保溫杯刻錯名字，多久能收到新品？", policy);
    expect(grade.sufficient).toBe(false);
    expect(grade.kind).toBe("how_long");
    expect(grade.missing).toContain("time frame");
    expect(grade.missing).toContain("多久能收到新品");
  });
  it("is insufficient with too few passages", () => {
    expect(gradePassages("運費誰出？", policy.slice(1, 2), { minDocs: 2 }).sufficient).toBe(false);
  });
  it("grades English questions against English passages", () => {
    const english: Passage[] = [
      {
        chunk_id: "en#1",
        document: "policy-en.pdf",
        page: 1,
        section: "Shipping",
        text: "Exchanges for defects or store errors ship at the store's cost. Customers returning for their own reasons pay their own shipping.",
        score: 1,
      },
    ];
    expect(gradePassages("Who pays the shipping for an exchange?", english).sufficient).toBe(true);
    expect(gradePassages("How long until the replacement arrives?", english).sufficient).toBe(false);
  });
});

describe("amounts in Chinese and with a currency code first", () => {
  const passage = (text: string): Passage[] => [
    { chunk_id: "rules#1", document: "rules.pdf", page: 1, section: "賠償", text, score: 0.5 },
  ];
  it("finds an amount in yuan followed by more Chinese text", () => {
    // Before, the amount pattern needed an ASCII word boundary after 元 and never matched here.
    const grade = gradePassages("押金要交多少钱？", passage("開戶時須繳納押金99元，退押金後原路退還。"));
    expect(grade.kind).toBe("amount");
    expect(grade.sufficient).toBe(true);
    expect(grade.supporting[0]?.text).toContain("99元");
  });
  it("finds an amount written with the currency code before the number", () => {
    const grade = gradePassages(
      "How much is the late fee?",
      passage("A late fee of CNY 15 is charged per day."),
    );
    expect(grade.sufficient).toBe(true);
  });
  it("does not count a bare number as an amount", () => {
    const grade = gradePassages("押金要交多少钱？", passage("押金在3个工作日内退还。"));
    expect(grade.sufficient).toBe(false);
  });
  it("leaves the question word out of the terms a passage must mention", () => {
    expect(keyTerms("車輛遺失要賠償多少錢？")).not.toContain("多少钱");
    expect(keyTerms("車輛遺失要賠償多少錢？")).not.toContain("少钱");
  });
});

describe("per-ask answers from statements and under stated limits", () => {
  const passage = (text: string, statements?: string[]) => ({
    chunk_id: "c",
    document: "policy.pdf",
    page: 1,
    section: "s",
    text,
    score: 1,
    ...(statements ? { statements } : {}),
  });

  it("reads a table passage's statements, so a row with its headers answers the ask", () => {
    const row = passage("Plan | First response target | Credit\nPremier | 1 hour | 10% of the monthly fee", [
      "Plan: Premier; First response target: 1 hour; Credit per missed response: 10% of the monthly fee",
    ]);
    const grade = gradePassages("For the Premier plan, how much credit per missed response?", [row]);
    expect(grade.sufficient).toBe(true);
    expect(grade.supporting[0]?.text).toContain("Credit per missed response: 10%");
  });

  it("answers a yes/no question under the limit a sentence states, and a charge only by a price", () => {
    const warranty = gradePassages("主机坏了还在保修吗？", [
      passage("主机的保修期为24个月，自验收之日起计算。"),
    ]);
    expect(warranty.sufficient).toBe(true);
    const charge = gradePassages("上门维修要收费吗？", [
      passage("上门维修在报修后2个工作日内安排工程师到场。"),
    ]);
    expect(charge.sufficient).toBe(false);
    const priced = gradePassages("上门维修要收费吗？", [passage("上门维修服务费为300元。")]);
    expect(priced.sufficient).toBe(true);
  });

  it("drops a sentence naming far fewer of the asked words than the best one", () => {
    const grade = gradePassages("What is the first response target of the Premier plan?", [
      passage("x", ["Plan: Premier; First response target: 1 hour"]),
      passage("The targets below apply to requests opened on business days."),
    ]);
    expect(grade.supporting.map((sentence) => sentence.text)).toEqual([
      "Plan: Premier; First response target: 1 hour",
    ]);
  });

  it("reads a ceiling as a limit, not as any sentence that names the words", () => {
    expect(answerKindOf("What is the most credit per month?")).toBe("limit");
    expect(answerKindOf("What is the most common reason?")).not.toBe("limit");
    const grade = gradePassages("What is the most credit per month?", [
      passage("x", ["Plan: Starter; Credit per missed response: 2% of the monthly fee"]),
      passage("Credits for one month never exceed 50% of that month's fee."),
    ]);
    expect(grade.supporting.map((sentence) => sentence.text)).toEqual([
      "Credits for one month never exceed 50% of that month's fee.",
    ]);
  });
});
