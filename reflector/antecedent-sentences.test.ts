import { describe, expect, it } from "vitest";
import { withAntecedent } from "./antecedent-sentences.js";

// Hearthwell (held-out, seen): "Is there a fee?" for unopened stock delivered 20 days ago quoted
// only "A restocking fee of 5% … on every such return." — the 30-day window it applies under was
// in the sentence before, never shown.
describe("a quoted sentence that points back", () => {
  const handbook =
    "Dealers may return unopened and undamaged stock within 30 days of delivery. A restocking fee of 5% of the invoice value is charged on every such return.\nDamaged units are handled under section 3.";
  it("is quoted with the sentence it points at", () => {
    expect(
      withAntecedent(
        "A restocking fee of 5% of the invoice value is charged on every such return.",
        handbook,
      ),
    ).toBe(
      "Dealers may return unopened and undamaged stock within 30 days of delivery. A restocking fee of 5% of the invoice value is charged on every such return.",
    );
  });
  it("joins Chinese sentences without a space", () => {
    const policy = "经销商可在签收后30天内退回未拆封的商品。上述退货须支付发票金额5%的手续费。";
    expect(withAntecedent("上述退货须支付发票金额5%的手续费。", policy)).toBe(policy);
  });
  it("leaves a sentence that stands alone, a passage's first sentence and a table row as they are", () => {
    expect(withAntecedent("Damaged units are handled under section 3.", handbook)).toBe(
      "Damaged units are handled under section 3.",
    );
    expect(withAntecedent("Such returns need a form.", "Such returns need a form. Forms are online.")).toBe(
      "Such returns need a form.",
    );
    expect(withAntecedent("Issue: such damage; Fee: none", handbook)).toBe("Issue: such damage; Fee: none");
  });
});
