// Writes docs/membership-policy.pdf (committed): npx tsx test/workspaces/tea-house/make-policy.ts
// Needs Debian's fonts-wqy-zenhei (as the demo's PDFs do). The policy states how long points last
// and who pays for a lost card; it says nothing about how many points a drink earns.
import { createWriteStream } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import PDFDocument from "pdfkit";

// The font the demo PDFs use (fonts-wqy-zenhei); a TTC face is picked by its PostScript name.
const CJK_FONT_FILE = "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc";

const here = path.dirname(fileURLToPath(import.meta.url));
const document = new PDFDocument({ size: "A4", margin: 56, info: { Title: "会员政策" } });
document.pipe(createWriteStream(path.join(here, "docs/membership-policy.pdf")));
document.font(CJK_FONT_FILE, "WenQuanYiZenHei");
document.fontSize(18).text("茶馆会员政策");
document.moveDown();
const sections: [string, string][] = [
  ["一、会员卡", "会员卡可在任一门店办理，办卡免费。"],
  ["二、积分有效期", "会员积分自获得之日起12个月内有效，逾期自动清零。"],
  ["三、补办会员卡", "会员卡遗失后补办，工本费20元由会员本人承担。"],
  ["四、积分兑换", "积分可在门店兑换饮品或周边商品，兑换后不予退还。"],
];
for (const [heading, body] of sections) {
  document.fontSize(13).text(heading);
  document.fontSize(11).text(body);
  document.moveDown();
}
document.end();
