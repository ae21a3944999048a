import { describe, expect, it } from "vitest";
import { stemWord } from "../store/english-words.js";
import { HashedEmbedder, hashedFeatures } from "./hashed-embedder.js";

const cosine = (left: Float32Array, right: Float32Array) =>
  left.reduce((sum, value, index) => sum + value * right[index], 0);

describe("HashedEmbedder", () => {
  const embedder = new HashedEmbedder(384);

  it("is deterministic and L2-normalised", async () => {
    const [first] = await embedder.embed(["Refunds are made within 7 business days"]);
    const [second] = await new HashedEmbedder(384).embed(["Refunds are made within 7 business days"]);
    expect(Array.from(first)).toEqual(Array.from(second));
    expect(cosine(first, first)).toBeCloseTo(1, 5);
    expect(first).toHaveLength(384);
    expect(embedder.id).toBe("hashed-v2:384");
  });

  it("gives Traditional and Simplified Chinese the same vector", () => {
    expect(Array.from(embedder.embedOne("換貨政策"))).toEqual(Array.from(embedder.embedOne("换货政策")));
  });

  it("ranks texts sharing words and bigrams above unrelated ones", () => {
    const query = embedder.embedOne("when is the refund paid");
    const related = embedder.embedOne("Refunds are paid within 7 business days");
    const unrelated = embedder.embedOne("Custom-engraved mugs ship from the warehouse");
    expect(cosine(query, related)).toBeGreaterThan(cosine(query, unrelated) + 0.2);
    const chinese = embedder.embedOne("客製化刻字商品可以換貨嗎");
    expect(cosine(chinese, embedder.embedOne("客制化刻字商品仅在本店出错时予以换货"))).toBeGreaterThan(
      cosine(chinese, embedder.embedOne("退款于七个工作天内完成")),
    );
  });

  it("drops stop words, stems plurals and weights word bigrams below words", () => {
    expect(stemWord("refunds")).toBe("refund");
    expect(stemWord("policies")).toBe("policy");
    expect(stemWord("class")).toBe("class");
    const features = hashedFeatures("the refunds of items");
    expect([...features.keys()].filter((feature) => !feature.startsWith("g:"))).toEqual([
      "w:refund",
      "w:item",
    ]);
    expect(hashedFeatures("refund policy").get("b:refund policy")).toBe(0.5);
  });

  it("adds character 4-grams of words, not of numbers, so word forms the stemmer misses still meet", () => {
    const features = hashedFeatures("Inventories 2019");
    expect([...features.keys()].filter((feature) => feature.startsWith("g:"))).toEqual([
      "g:<inv",
      "g:inve",
      "g:nven",
      "g:vent",
      "g:ento",
      "g:ntor",
      "g:tori",
      "g:orie",
      "g:ries",
      "g:ies>",
    ]);
    expect(features.get("g:inve")).toBe(0.5);
    // "inventories" stems to "inventory"; "inventory" to itself; "investing" shares no word with "investment".
    const query = embedder.embedOne("cash used in investing");
    expect(cosine(query, embedder.embedOne("investment activities cash outflow"))).toBeGreaterThan(
      cosine(query, embedder.embedOne("operating lease cash outflow")),
    );
  });

  it("still returns a unit vector for text without features", () => {
    const vector = embedder.embedOne("the of and");
    expect(cosine(vector, vector)).toBeCloseTo(1, 5);
  });
});
