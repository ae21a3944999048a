/**
 * Everyday words that name the same business thing, in English and Chinese (Simplified, as the
 * planner folds Traditional to Simplified before matching). A catalog lists its own synonyms;
 * these classes only widen a catalog word the class contains — "shipping company" reaches a
 * catalog's "carrier", never a concept the catalog does not have. Each class is one thing.
 */
export const BUSINESS_SYNONYM_CLASSES: readonly (readonly string[])[] = [
  // who carries parcels
  [
    "carrier",
    "carriers",
    "shipping company",
    "shipping companies",
    "shipping provider",
    "shipping providers",
    "courier",
    "couriers",
    "logistics company",
    "logistics companies",
    "delivery company",
    "delivery companies",
    "承运商",
    "快递",
    "快递公司",
    "物流公司",
    "物流商",
    "配送商",
    "货运公司",
    "运输公司",
    "freight company",
    "freight companies",
  ],
  // what a customer sends back
  [
    "return",
    "returns",
    "refund",
    "refunds",
    "send back",
    "sends back",
    "sent back",
    "sending back",
    "退货",
    "退款",
    "退回",
  ],
  // buying again
  [
    "repurchase",
    "buy again",
    "buys again",
    "bought again",
    "buying again",
    "buy-again",
    "purchase again",
    "purchased again",
    "repeat purchase",
    "rebuy",
    "复购",
    "回购",
    "再次购买",
    "再买",
    "回头客",
  ],
  // what something costs
  ["price", "prices", "pricing", "价格", "定价", "售价", "价钱"],
];

/** The other members of every class that contains the word (folded), or none. */
export function businessSynonymsOf(word: string): string[] {
  return BUSINESS_SYNONYM_CLASSES.filter((members) => members.includes(word)).flatMap((members) =>
    members.filter((member) => member !== word),
  );
}
