// Writes the two policy PDFs of the Polar Chain workspace with pdfkit (from /work/main/node_modules):
//   workspace/docs/cold-chain-service-agreement-en.pdf
//   workspace/docs/cold-chain-service-agreement-zh-Hant.pdf
// Run:  NODE_PATH=/work/main/node_modules node make-pdfs.cjs
// Same layout as the demo documents (docs/pdf-extraction.md): title 18 pt, sections 14 pt, subsections
// 12 pt, body 10.5 pt, numbered sections; each has a ruled table (lines drawn) and sentences with figures.
// Fixed Info dates so the files are byte-identical on every run.
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
    info: { Title: path.basename(file), CreationDate: new Date("2024-01-15T00:00:00Z"), ModDate: new Date("2024-01-15T00:00:00Z") },
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
  await makeDoc(path.join(OUT, "cold-chain-service-agreement-en.pdf"), {}, (doc) => {
    const w = writer(doc, { regular: "Helvetica", bold: "Helvetica-Bold" });
    w.title("Polar Chain Cold-Chain Service Agreement 2024");
    w.section("1 Scope");
    w.body(
      "This agreement applies to every shipment Polar Chain Logistics carries for a customer from its depots in Shanghai, Guangzhou, Chengdu and Tianjin.",
    );
    w.section("2 Temperature commitments");
    w.subsection("2.1 Service levels by cargo class");
    w.body(
      "The table below states, for each cargo class, the temperature range the carrier keeps, the window for filing a claim and the credit for each temperature breach.",
    );
    w.table(
      ["Cargo class", "Temperature range", "Claim filing window", "Credit per breach"],
      [
        ["Frozen", "-25 to -18 °C", "7 days", "5% of the shipment fee"],
        ["Chilled", "0 to 4 °C", "5 days", "3% of the shipment fee"],
        ["Vaccines", "2 to 8 °C", "3 days", "10% of the shipment fee"],
        ["Fresh produce", "1 to 10 °C", "2 days", "2% of the shipment fee"],
      ],
      [95, 110, 110, 160],
    );
    w.subsection("2.2 Temperature breaches");
    w.body(
      "A temperature breach is any period of more than 30 minutes outside the range of the cargo class. The carrier reports every breach to the customer within 24 hours.",
    );
    w.section("3 Claims");
    w.subsection("3.1 Compensation");
    w.body("Spoiled cargo is compensated at its declared value, up to CNY 50,000 per shipment.");
    w.subsection("3.2 Disposal costs");
    w.body(
      "When cargo spoils because the carrier's equipment failed, the carrier pays the disposal costs. When cargo spoils for any other reason, the customer pays the disposal costs.",
    );
    w.section("4 Late delivery");
    w.body(
      "A delivery more than 4 hours late earns a credit of 2% of the shipment fee for each further hour, up to 20% of the fee.",
    );
  });

  await makeDoc(path.join(OUT, "cold-chain-service-agreement-zh-Hant.pdf"), { cjk: true }, (doc) => {
    const w = writer(doc, { regular: "cjk", bold: "cjk" });
    w.title("極地冷鏈物流 冷鏈服務協議（2024年版）");
    w.section("1 適用範圍");
    w.body("本協議適用於本公司自上海、廣州、成都、天津各倉為客戶承運的每一批貨物。");
    w.section("2 溫度承諾");
    w.subsection("2.1 各貨物類別的服務標準");
    w.body("下表列出各貨物類別的溫度範圍、理賠申報期限及每次溫度偏離的補償。");
    w.table(
      ["貨物類別", "溫度範圍", "理賠申報期限", "每次溫度偏離補償"],
      [
        ["冷凍", "-25 至 -18 °C", "7 天", "運費的 5%"],
        ["冷藏", "0 至 4 °C", "5 天", "運費的 3%"],
        ["疫苗", "2 至 8 °C", "3 天", "運費的 10%"],
        ["生鮮蔬果", "1 至 10 °C", "2 天", "運費的 2%"],
      ],
      [95, 110, 110, 160],
    );
    w.subsection("2.2 溫度偏離");
    w.body("貨物溫度超出其類別範圍連續超過30分鐘，即為一次溫度偏離。承運商須於24小時內通知客戶。");
    w.section("3 理賠");
    w.subsection("3.1 賠償金額");
    w.body("變質貨物按申報價值賠償，每批貨物最高賠償人民幣50,000元。");
    w.subsection("3.2 處理費用");
    w.body("因承運商設備故障導致貨物變質時，處理費用由承運商負擔；因其他原因導致變質時，處理費用由客戶負擔。");
    w.section("4 延誤交付");
    w.body("交付延誤超過4小時者，每多延誤1小時，補償該批運費的2%，最高補償運費的20%。");
  });
  console.log(`wrote ${OUT}`);
}

main();
