// Writes docs/patient-policy.pdf (committed): npx tsx test/workspaces/harbor-clinics/make-policy.ts
// The policy states a cancellation fee, who pays for a missed appointment and when refunds arrive;
// it says nothing about how long a specialist referral takes (the aspect the gold set asks and lacks).
import { createWriteStream } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import PDFDocument from "pdfkit";

const here = path.dirname(fileURLToPath(import.meta.url));
const document = new PDFDocument({
  size: "A4",
  margin: 56,
  info: { Title: "Harbor Clinics patient policy" },
});
document.pipe(createWriteStream(path.join(here, "docs/patient-policy.pdf")));
document.fontSize(18).text("Harbor Clinics patient policy");
document.moveDown();
const sections: [string, string][] = [
  [
    "1 Appointments",
    "Appointments can be booked at the front desk or by phone. Walk-in patients are seen in order of arrival.",
  ],
  [
    "2 Cancellations",
    "Appointments cancelled less than 24 hours ahead incur a cancellation fee of 50 yuan. The patient pays the fee for a missed appointment unless the clinic cancelled it.",
  ],
  [
    "3 Refunds",
    "Prepaid consultation fees are refunded within 10 business days after a cancellation made at least 24 hours ahead.",
  ],
  [
    "4 Referrals",
    "A doctor may refer a patient to a specialist partner hospital. The referral letter is handed to the patient at the end of the consultation.",
  ],
];
for (const [heading, body] of sections) {
  document.fontSize(13).text(heading);
  document.fontSize(11).text(body);
  document.moveDown();
}
document.end();
