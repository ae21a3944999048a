// Writes the two policy PDFs of the Ironleaf Fitness workspace with pdfkit (from /work/main/node_modules)
//   workspace/docs/membership-terms-en.pdf
//   workspace/docs/membership-terms-zh-Hant.pdf
// Run:  NODE_PATH=/work/main/node_modules node make-pdfs.cjs
// The technique (makeDoc, writer, ruled table: lines drawn, title 18 pt, sections 14 pt, subsections 12 pt,
// body 10.5 pt, fixed Info dates) is copied from test/held-out/round10/airline/make-pdfs.cjs.
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
  await makeDoc(path.join(OUT, "membership-terms-en.pdf"), {}, (doc) => {
    const w = writer(doc, { regular: "Helvetica", bold: "Helvetica-Bold" });
    w.title("Ironleaf Fitness Membership Terms 2025");
    w.section("1 Scope");
    w.body("These terms apply to every Ironleaf Fitness membership from 1 January 2025.");
    w.section("2 Membership freeze");
    w.subsection("2.1 Freeze by reason");
    w.body("The table below states, for each reason, the maximum freeze length, the fee charged during the freeze and the proof required.");
    w.table(
      ["Freeze reason", "Maximum length", "Fee during freeze", "Proof required"],
      [
        ["Medical", "6 months per year", "No fee", "Doctor's note"],
        ["Business travel", "2 months per year", "CNY 30 per month", "None"],
        ["Pregnancy", "9 months", "No fee", "Hospital certificate"],
      ],
      [110, 120, 120, 125],
    );
    w.subsection("2.2 Requests");
    w.body("A freeze must be requested at least 7 days before it starts.");
    w.section("3 Cancellation and refunds");
    w.subsection("3.1 Notice");
    w.body("A member may cancel the membership with 30 days' written notice.");
    w.subsection("3.2 Early termination");
    w.body("A member who cancels within the first 3 months of membership pays an early termination fee of CNY 200.");
    w.subsection("3.3 Refunds");
    w.body("Refunds of prepaid membership fees are paid within 14 business days of the cancellation date.");
    w.section("4 Personal training packages");
    w.subsection("4.1 Packages");
    w.body("The table below states, for each package, the number of sessions, how long they are valid and the refund of unused sessions.");
    w.table(
      ["Package", "Sessions", "Valid for", "Refund of unused sessions"],
      [
        ["Starter", "10 sessions", "6 months from purchase", "Full refund within 30 days"],
        ["Standard", "24 sessions", "12 months from purchase", "80% of unused sessions"],
        ["Premium", "48 sessions", "18 months from purchase", "70% of unused sessions"],
      ],
      [75, 80, 145, 175],
    );
    w.subsection("4.2 Late cancellation");
    w.body("A session cancelled less than 12 hours before it starts is counted as used.");
    w.section("5 Lockers and towels");
    w.subsection("5.1 Locker keys");
    w.body("A member who loses a locker key pays a replacement fee of CNY 50.");
    w.subsection("5.2 Towels");
    w.body("Towels are free for members on the All-Access plan; other members pay CNY 5 per towel.");
  });

  await makeDoc(path.join(OUT, "membership-terms-zh-Hant.pdf"), { cjk: true }, (doc) => {
    const w = writer(doc, { regular: "cjk", bold: "cjk" });
    w.title("鐵葉健身 會員規章（2025年版）");
    w.section("1 適用範圍");
    w.body("本規章適用於自2025年1月1日起的每一份鐵葉健身會籍。");
    w.section("2 暫停會籍");
    w.subsection("2.1 依原因暫停");
    w.body("下表列出各暫停原因的最長期間、暫停期間費用及須提供的證明。");
    w.table(
      ["暫停原因", "最長期間", "暫停期間費用", "須提供證明"],
      [
        ["因病", "每年最多6個月", "免收月費", "醫生證明"],
        ["出差", "每年最多2個月", "每月30元", "無"],
        ["懷孕", "最多9個月", "免收月費", "醫院證明"],
      ],
      [100, 125, 125, 125],
    );
    w.subsection("2.2 申請");
    w.body("暫停會籍須於開始日前至少7天提出申請。");
    w.section("3 解約與退費");
    w.subsection("3.1 通知");
    w.body("會員須於30天前以書面通知解約。");
    w.subsection("3.2 提前解約");
    w.body("會員於入會後3個月內解約者，須支付提前解約金200元。");
    w.subsection("3.3 退費");
    w.body("預付會費的退費於解約日起14個工作天內退還。");
    w.section("4 私教課程方案");
    w.subsection("4.1 方案");
    w.body("下表列出各私教課程方案的堂數、有效期及未使用堂數的退費。");
    w.table(
      ["方案", "堂數", "有效期", "未使用堂數退費"],
      [
        ["入門方案", "10堂", "購買之日起6個月", "30天內全額退費"],
        ["標準方案", "24堂", "購買之日起12個月", "退還未使用堂數的80%"],
        ["高級方案", "48堂", "購買之日起18個月", "退還未使用堂數的70%"],
      ],
      [90, 70, 145, 170],
    );
    w.subsection("4.2 逾時取消");
    w.body("課程開始前不足12小時取消者，視為已使用一堂。");
    w.section("5 置物櫃與毛巾");
    w.subsection("5.1 置物櫃鑰匙");
    w.body("遺失置物櫃鑰匙的會員須負擔補發費用50元。");
    w.subsection("5.2 毛巾");
    w.body("全通行方案會員免費使用毛巾；其他會員每條毛巾收費5元。");
  });
  console.log(`wrote ${OUT}`);
}

main();
