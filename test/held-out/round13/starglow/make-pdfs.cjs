// Writes the two rule PDFs of the Starglow Cinemas workspace with pdfkit (from /work/main/node_modules)
//   workspace/docs/member-screening-rules-en.pdf
//   workspace/docs/member-screening-rules-zh-Hans.pdf
// Run:  NODE_PATH=/work/main/node_modules node make-pdfs.cjs
// The technique (makeDoc, writer, ruled table: lines drawn, title 18 pt, sections 14 pt, subsections 12 pt,
// body 10.5 pt, fixed Info dates) is copied verbatim from test/held-out/round12/ironleaf/make-pdfs.cjs.
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
  await makeDoc(path.join(OUT, "member-screening-rules-en.pdf"), {}, (doc) => {
    const w = writer(doc, { regular: "Helvetica", bold: "Helvetica-Bold" });
    w.title("Starglow Cinemas Membership and Screening Rules 2025");
    w.section("1 Scope");
    w.body("These rules apply at every Starglow cinema from 1 March 2025.");
    w.section("2 Membership");
    w.subsection("2.1 Membership tiers");
    w.body("The table below states, for each tier, the annual fee, the free tickets included each year and the snack discount.");
    w.table(
      ["Tier", "Annual fee", "Free tickets per year", "Snack discount"],
      [
        ["Silver", "CNY 99", "2 tickets", "5%"],
        ["Gold", "CNY 199", "6 tickets", "10%"],
        ["Platinum", "CNY 399", "12 tickets", "15%"],
      ],
      [90, 110, 150, 125],
    );
    w.subsection("2.2 Member cards");
    w.body("A member who loses a member card pays a replacement fee of CNY 20.");
    w.subsection("2.3 Member points");
    w.body("Member points expire 24 months after the date they are earned.");
    w.section("3 Rebooking");
    w.subsection("3.1 Rebooking by time before the showtime");
    w.body("The table below states whether a ticket can be rebooked and the rebooking fee, by the time left before the showtime.");
    w.table(
      ["Time before showtime", "Rebooking allowed", "Rebooking fee"],
      [
        ["More than 24 hours", "Yes, to any showtime", "No fee"],
        ["2 to 24 hours", "Yes, same day only", "CNY 5 per ticket"],
        ["Less than 2 hours", "No", "Not applicable"],
      ],
      [150, 170, 155],
    );
    w.subsection("3.2 Number of rebookings");
    w.body("A ticket may be rebooked once only.");
    w.section("4 Children");
    w.body("Children under 1.2 metres tall enter free when they sit on an accompanying adult's lap; a child who takes a seat needs a child ticket at 50% of the adult price.");
    w.section("5 3D glasses and outside food");
    w.subsection("5.1 3D glasses");
    w.body("3D glasses are free for Gold and Platinum members; other guests pay CNY 3 per pair.");
    w.subsection("5.2 Outside food");
    w.body("Outside food is not allowed in the auditoriums, except baby food and drinks needed for medical reasons.");
    w.section("6 Private screenings");
    w.subsection("6.1 Booking");
    w.body("A private screening must be booked at least 5 days in advance, and a deposit of 30% of the hall price is paid at booking.");
    w.subsection("6.2 Cancellation");
    w.body("The deposit is refunded in full when a private screening is cancelled at least 72 hours before it starts.");
  });

  await makeDoc(path.join(OUT, "member-screening-rules-zh-Hans.pdf"), { cjk: true }, (doc) => {
    const w = writer(doc, { regular: "cjk", bold: "cjk" });
    w.title("星辉影院 会员与观影规则（2025年版）");
    w.section("1 适用范围");
    w.body("本规则自2025年3月1日起适用于星辉影院的每一家影城。");
    w.section("2 会员");
    w.subsection("2.1 会员等级");
    w.body("下表列出各会员等级的年费、每年赠送的免费观影券及小食折扣。");
    w.table(
      ["会员等级", "年费", "每年免费观影券", "小食折扣"],
      [
        ["银卡", "99元", "2张", "优惠5%"],
        ["金卡", "199元", "6张", "优惠10%"],
        ["白金卡", "399元", "12张", "优惠15%"],
      ],
      [100, 100, 150, 125],
    );
    w.subsection("2.2 会员卡补办");
    w.body("遗失会员卡的会员须支付补办费20元。");
    w.subsection("2.3 会员积分");
    w.body("会员积分自获得之日起24个月后失效。");
    w.section("3 改签");
    w.subsection("3.1 按距开场时间改签");
    w.body("下表按距开场的时间列出电影票是否可以改签及改签手续费。");
    w.table(
      ["距开场时间", "是否可改签", "改签手续费"],
      [
        ["24小时以上", "可改签任意场次", "免费"],
        ["2至24小时", "仅可改签当天场次", "每张5元"],
        ["不足2小时", "不可改签", "不适用"],
      ],
      [150, 170, 155],
    );
    w.subsection("3.2 改签次数");
    w.body("每张电影票仅可改签一次。");
    w.section("4 儿童");
    w.body("身高1.2米以下的儿童由同行成人抱坐观影时免票；单独占座的儿童须购买儿童票，票价为成人票价的50%。");
    w.section("5 3D眼镜与外带食品");
    w.subsection("5.1 3D眼镜");
    w.body("金卡和白金卡会员免费使用3D眼镜；其他观众每副收费3元。");
    w.subsection("5.2 外带食品");
    w.body("影厅内禁止携带外带食品，婴儿食品及医疗所需饮品除外。");
    w.section("6 包场");
    w.subsection("6.1 预订");
    w.body("包场须至少提前5天预订，预订时支付影厅价格30%的定金。");
    w.subsection("6.2 取消");
    w.body("在放映开始前至少72小时取消包场的，定金全额退还。");
  });
  console.log(`wrote ${OUT}`);
}

main();
