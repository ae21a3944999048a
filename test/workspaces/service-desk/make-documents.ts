// Writes docs/*.pdf (committed) with pdfkit through the demo's document writer:
//   npx tsx test/workspaces/service-desk/make-documents.ts
// Needs Debian's fonts-wqy-zenhei (as the demo's PDFs do). Two policies of an imaginary
// field-service company, Northgate Support, each stating some figures in sentences and some only in
// a ruled table (a table row is the only statement of them), and some only conditionally.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type DemoDocument, writeDocument } from "../../../demo/pdf-documents/generate-documents.js";

const here = path.dirname(fileURLToPath(import.meta.url));

const AGREEMENT: DemoDocument = {
  file: "service-agreement-en.pdf",
  title: "Northgate Support Service Level Agreement",
  language: "en",
  blocks: [
    { kind: "title", text: "Northgate Support Service Level Agreement" },
    { kind: "section", text: "1 Scope" },
    {
      kind: "paragraph",
      text: "This agreement covers remote support and on-site visits for every subscription plan. Support requests are opened through the customer portal or by telephone.",
    },
    { kind: "section", text: "2 Targets per plan" },
    {
      kind: "paragraph",
      text: "The targets below apply to requests opened on business days. The table is the only statement of the figures it holds.",
    },
    {
      kind: "table",
      header: ["Plan", "First response target", "Credit per missed response", "On-site visit"],
      rows: [
        ["Starter", "8 business hours", "2% of the monthly fee", "Not included"],
        ["Business", "4 business hours", "5% of the monthly fee", "Next business day"],
        ["Premier", "1 hour", "10% of the monthly fee", "Within 6 hours"],
      ],
      widths: [60, 115, 190, 100],
      ruled: true,
    },
    { kind: "section", text: "3 Service credits" },
    {
      kind: "paragraph",
      text: "Service credits are applied to the next invoice within 30 days after the customer claims them. Credits for one month never exceed 50% of that month's fee.",
    },
    {
      kind: "paragraph",
      text: "A credit must be claimed within 60 days of the missed response; later claims are not accepted.",
    },
    { kind: "section", text: "4 Exclusions" },
    {
      kind: "paragraph",
      text: "Targets do not apply during announced maintenance windows or when the customer cannot be reached.",
    },
  ],
};

const CARE_POLICY: DemoDocument = {
  file: "device-care-zh-Hans.pdf",
  title: "诺盖特设备保修与维修政策",
  language: "zh-Hans",
  blocks: [
    { kind: "title", text: "诺盖特设备保修与维修政策" },
    { kind: "section", text: "一、保修期" },
    { kind: "paragraph", text: "扫描终端主机的保修期为24个月，自安装验收之日起计算。" },
    { kind: "paragraph", text: "扫描终端的充电底座保修期为12个月，自安装验收之日起计算。" },
    { kind: "paragraph", text: "人为损坏或进水不在保修范围内。" },
    { kind: "section", text: "二、维修收费" },
    { kind: "paragraph", text: "保修期内的维修免收人工费和配件费。保修期外的维修按下表收费。" },
    {
      kind: "table",
      header: ["维修项目", "上门服务费", "寄修服务费"],
      rows: [
        ["主机维修", "300元", "120元"],
        ["充电底座维修", "150元", "60元"],
      ],
      widths: [140, 120, 120],
      ruled: true,
    },
    { kind: "section", text: "三、维修时效" },
    { kind: "paragraph", text: "寄修的设备在收到后5个工作日内修好寄回。" },
    { kind: "paragraph", text: "上门维修在报修后2个工作日内安排工程师到场。" },
  ],
};

for (const document of [AGREEMENT, CARE_POLICY]) {
  process.stdout.write(`${await writeDocument(document, path.join(here, "docs"))}\n`);
}
