// Writes the two customer-service-standards PDFs of the Jadebay Water workspace with pdfkit (from /work/main/node_modules)
//   workspace/docs/customer-service-standards-en.pdf
//   workspace/docs/customer-service-standards-zh-Hant.pdf
// Run:  NODE_PATH=/work/main/node_modules node make-pdfs.cjs
// Title 18 pt, sections 14 pt, subsections 12 pt, body 10.5 pt; each document has two ruled tables and
// sentences with figures and conditions. Fixed Info dates so the files are byte-identical on every run.
// The technique (makeDoc, writer, ruled table) is copied from test/held-out/round10/airline/make-pdfs.cjs.
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
  await makeDoc(path.join(OUT, "customer-service-standards-en.pdf"), {}, (doc) => {
    const w = writer(doc, { regular: "Helvetica", bold: "Helvetica-Bold" });
    w.title("Jadebay Water Service Standards 2025");
    w.section("1 Scope");
    w.body("These standards apply to every household supplied by Jadebay Water from 1 January 2025.");
    w.section("2 Supply interruptions");
    w.subsection("2.1 Notice, payment and alternative supply");
    w.body("The table below states, for each kind of interruption, the advance notice, the payment to each household and the alternative supply the utility provides.");
    w.table(
      ["Interruption", "Advance notice", "Payment per household", "Alternative supply"],
      [
        ["Planned, up to 8 hours", "48 hours", "None", "Not provided"],
        ["Planned, over 8 hours", "72 hours", "CNY 60", "Water tanker within 4 hours"],
        ["Unplanned, over 12 hours", "Not applicable", "CNY 150", "Bottled water within 6 hours"],
      ],
      [125, 85, 125, 140],
    );
    w.subsection("2.2 Customers with a medical need");
    w.body("Customers on the medical-need register receive bottled water within 2 hours of any unplanned interruption.");
    w.subsection("2.3 Exclusions");
    w.body("No payment is made for an interruption caused by damage from a third party or by extreme weather.");
    w.section("3 Meters and bills");
    w.subsection("3.1 Reporting and resolution");
    w.body("The table below states, for each meter or bill problem, the time to report it, the time to resolve it and the credit paid.");
    w.table(
      ["Problem", "Report within", "Resolved within", "Credit"],
      [
        ["Faulty meter", "30 days of the bill", "10 business days", "Full refund of the overcharge"],
        ["Estimated bill error", "60 days of the bill", "15 business days", "CNY 50 goodwill credit"],
        ["Missed appointment", "7 days", "Rebooked in 2 business days", "CNY 80"],
      ],
      [100, 88, 145, 142],
    );
    w.subsection("3.2 Meter warranty");
    w.body("A new meter fitted by Jadebay Water is covered for 5 years from installation; damage caused by building works on the customer's premises is not covered.");
    w.subsection("3.3 Leaks");
    w.body("A leak on the customer's side of the meter is repaired at the customer's expense; the utility pays for a leak on its side of the meter.");
    w.section("4 Refunds and reductions");
    w.body("A refund is paid to the customer's bank account within 10 business days of approval.");
    w.body("Low-income households may apply for a 30% reduction of the water charge, renewed every 12 months.");
  });

  await makeDoc(path.join(OUT, "customer-service-standards-zh-Hant.pdf"), { cjk: true }, (doc) => {
    const w = writer(doc, { regular: "cjk", bold: "cjk" });
    w.title("翠灣水務 客戶服務標準（2025年版）");
    w.section("1 適用範圍");
    w.body("本標準適用於自2025年1月1日起由翠灣水務供水的每一戶用戶。");
    w.section("2 停止供水");
    w.subsection("2.1 通知、補償與臨時供水");
    w.body("下表列出各類停水的提前通知時間、每戶補償金額及本公司提供的臨時供水安排。");
    w.table(
      ["停水類別", "提前通知", "每戶補償", "臨時供水"],
      [
        ["計劃停水8小時以內", "48小時", "無", "不提供"],
        ["計劃停水超過8小時", "72小時", "60元", "4小時內派送水車"],
        ["突發停水超過12小時", "不適用", "150元", "6小時內送達瓶裝水"],
      ],
      [130, 90, 100, 155],
    );
    w.subsection("2.2 有醫療需要的用戶");
    w.body("已登記醫療需要的用戶，在任何突發停水後2小時內獲送瓶裝水。");
    w.subsection("2.3 除外情形");
    w.body("因第三方損壞或極端天氣造成的停水，本公司不支付補償。");
    w.section("3 水錶與帳單");
    w.subsection("3.1 申報與處理時限");
    w.body("下表列出各類水錶或帳單問題的申報期限、處理時限及補償金額。");
    w.table(
      ["問題", "申報期限", "處理時限", "補償"],
      [
        ["水錶故障", "收到帳單後30天內", "10個工作日", "全額退還多收水費"],
        ["估算帳單錯誤", "收到帳單後60天內", "15個工作日", "50元商譽補償"],
        ["錯過上門預約", "7天內", "2個工作日內重新預約", "80元"],
      ],
      [100, 120, 140, 115],
    );
    w.subsection("3.2 水錶保固");
    w.body("本公司安裝的新水錶自安裝之日起保固5年；因用戶處所內施工造成的損壞不在保固範圍內。");
    w.subsection("3.3 漏水");
    w.body("水錶用戶一側的漏水由用戶負擔維修費用；水錶本公司一側的漏水由本公司負擔。");
    w.section("4 退款與減免");
    w.body("退款於核准後10個工作日內匯入用戶的銀行帳戶。");
    w.body("低收入家庭可申請水費減免30%，每12個月續期一次。");
  });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
