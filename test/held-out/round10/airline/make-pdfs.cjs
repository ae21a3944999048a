// Writes the two policy PDFs of the Skylark workspace with pdfkit (from /work/main/node_modules)
//   workspace/docs/passenger-service-policy-en.pdf
//   workspace/docs/passenger-service-policy-zh-Hans.pdf
// Run:  NODE_PATH=/work/main/node_modules node make-pdfs.cjs
// Same layout as the demo documents (docs/pdf-extraction.md): title 18 pt, sections 14 pt, subsections
// 12 pt, body 10.5 pt, numbered sections; each has a ruled table (lines drawn) and sentences with figures.
// Fixed Info dates so the files are byte-identical on every run.
// The technique (makeDoc, writer, ruled table) is copied from test/held-out/round9/polar/make-pdfs.cjs.
const fs = require("node:fs");
const path = require("node:path");
const PDFDocument = require("pdfkit");

const OUT = path.join(__dirname, "workspace", "docs");
const CJK = "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc";
fs.mkdirSync(OUT, { recursive: true });

function makeDoc(file, fonts, build) {
  const doc = new PDFDocument({
    size: "A4",
    margin: 60,
    info: { Title: path.basename(file), CreationDate: new Date("2025-01-15T00:00:00Z"), ModDate: new Date("2025-01-15T00:00:00Z") },
  });
  const stream = fs.createWriteStream(file);
  doc.pipe(stream);
  if (fonts.cjk) doc.registerFont("cjk", CJK, "WenQuanYiZenHei");
  build(doc);
  doc.end();
  return new Promise((resolve) => stream.on("finish", resolve));
}

function writer(doc, f) {
  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  return {
    title(text) {
      doc.font(f.bold).fontSize(18).text(text, left, doc.y, { width });
      doc.moveDown(0.8);
    },
    section(text) {
      doc.moveDown(0.6);
      doc.font(f.bold).fontSize(14).text(text, left, doc.y, { width });
      doc.moveDown(0.3);
    },
    subsection(text) {
      doc.moveDown(0.4);
      doc.font(f.bold).fontSize(12).text(text, left, doc.y, { width });
      doc.moveDown(0.25);
    },
    body(text) {
      doc.font(f.regular).fontSize(10.5).text(text, left, doc.y, { width, lineGap: 2 });
      doc.moveDown(0.4);
    },
    table(header, rows, colWidths) {
      const rowH = 22;
      let y = doc.y + 4;
      const all = [header, ...rows];
      const total = colWidths.reduce((a, b) => a + b, 0);
      doc.lineWidth(0.8).strokeColor("#000000");
      all.forEach((row, r) => {
        let x = left;
        row.forEach((cell, c) => {
          doc.font(r === 0 ? f.bold : f.regular).fontSize(10);
          doc.text(cell, x + 5, y + 6, { width: colWidths[c] - 10, lineBreak: false });
          x += colWidths[c];
        });
        y += rowH;
      });
      // ruling lines: every row edge and every column edge
      const y0 = y - rowH * all.length;
      for (let r = 0; r <= all.length; r++) {
        doc.moveTo(left, y0 + r * rowH).lineTo(left + total, y0 + r * rowH).stroke();
      }
      let x = left;
      for (let c = 0; c <= colWidths.length; c++) {
        doc.moveTo(x, y0).lineTo(x, y0 + rowH * all.length).stroke();
        x += colWidths[c] || 0;
      }
      doc.x = left;
      doc.y = y + 10;
    },
  };
}

async function main() {
  await makeDoc(path.join(OUT, "passenger-service-policy-en.pdf"), {}, (doc) => {
    const w = writer(doc, { regular: "Helvetica", bold: "Helvetica-Bold" });
    w.title("Skylark Regional Airlines Passenger Service and Baggage Policy 2025");
    w.section("1 Scope");
    w.body("This policy applies to every passenger flying on a Skylark Regional Airlines flight from 1 January 2025.");
    w.section("2 Flight delays");
    w.subsection("2.1 Care and compensation by delay length");
    w.body("The table below states, for each length of delay, the meal voucher, the cash compensation and the rebooking the airline offers.");
    w.table(
      ["Delay length", "Meal voucher", "Cash compensation", "Rebooking"],
      [
        ["Delayed 2 to 4 hours", "CNY 50", "None", "Free, same day"],
        ["Delayed 4 to 8 hours", "CNY 100", "CNY 200", "Free, within 7 days"],
        ["Delayed more than 8 hours", "CNY 100", "CNY 400", "Free, or full refund"],
      ],
      [150, 90, 110, 125],
    );
    w.subsection("2.2 Hotel");
    w.body("For a delay of more than 8 hours, the airline pays for one night in a hotel near the airport.");
    w.subsection("2.3 Exclusions");
    w.body("No cash compensation is paid when a delay is caused by weather or air traffic control; the meal voucher in the table above is still provided.");
    w.section("3 Baggage");
    w.subsection("3.1 Reporting and claims");
    w.body("The table below states, for each bag problem, when to report it, the period for filing a claim and the compensation limit.");
    w.table(
      ["Bag problem", "Report", "Claim within", "Compensation limit"],
      [
        ["Delayed bag", "At the airport", "21 days from delivery", "CNY 100 per day, up to 5 days"],
        ["Damaged bag", "Within 7 days", "7 days from receipt", "Repair cost, up to CNY 2,000"],
        ["Lost bag", "At the airport", "21 days from the flight", "CNY 100 per kg, up to CNY 3,000"],
      ],
      [80, 85, 125, 185],
    );
    w.subsection("3.2 Delayed bags");
    w.body("A delayed bag is delivered to the passenger's address free of charge; the airline pays the courier. A bag not delivered within 21 days of the flight is treated as lost.");
    w.subsection("3.3 Fragile items");
    w.body("Fragile items packed without a fragile label are not covered for damage.");
    w.section("4 Refunds");
    w.body("A refund of an unused ticket is paid within 15 business days of the request.");
  });

  await makeDoc(path.join(OUT, "passenger-service-policy-zh-Hans.pdf"), { cjk: true }, (doc) => {
    const w = writer(doc, { regular: "cjk", bold: "cjk" });
    w.title("云雀航空 旅客服务与行李规定（2025年版）");
    w.section("1 适用范围");
    w.body("本规定适用于自2025年1月1日起乘坐云雀航空航班的每一位旅客。");
    w.section("2 航班延误");
    w.subsection("2.1 按延误时长提供的服务与补偿");
    w.body("下表列出不同延误时长下本公司提供的餐券、现金补偿和改签安排。");
    w.table(
      ["延误时长", "餐券", "现金补偿", "改签"],
      [
        ["延误2至4小时", "50元", "无", "当日免费改签"],
        ["延误4至8小时", "100元", "200元", "7天内免费改签"],
        ["延误超过8小时", "100元", "400元", "免费改签或全额退款"],
      ],
      [140, 90, 110, 135],
    );
    w.subsection("2.2 住宿");
    w.body("延误超过8小时的，旅客在机场附近酒店一晚的住宿费用由本公司负担。");
    w.subsection("2.3 例外");
    w.body("因天气或空中交通管制原因造成的延误，本公司不支付现金补偿，但仍按上表提供餐券。");
    w.section("3 行李");
    w.subsection("3.1 报告与索赔");
    w.body("下表列出各类行李问题的报告时间、索赔期限和赔偿上限。");
    w.table(
      ["行李问题", "报告时间", "索赔期限", "赔偿上限"],
      [
        ["延误行李", "离开机场前", "行李送达之日起21天内", "每天100元，最多5天"],
        ["破损行李", "7天内", "收到行李之日起7天内", "修理费用，最高2,000元"],
        ["遗失行李", "离开机场前", "航班之日起21天内", "每公斤100元，最高3,000元"],
      ],
      [80, 90, 135, 170],
    );
    w.subsection("3.2 延误行李");
    w.body("延误行李由本公司免费送到旅客指定地址，运费由本公司负担。行李自航班之日起超过21天仍未送达的，视为遗失。");
    w.subsection("3.3 易碎物品");
    w.body("未贴易碎标签的易碎物品，破损不在赔偿范围内。");
    w.section("4 退款");
    w.body("未使用客票的退款在申请之日起15个工作日内支付。");
  });
  console.log(`wrote ${OUT}`);
}

main();
