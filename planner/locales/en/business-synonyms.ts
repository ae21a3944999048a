import type { BusinessSynonymWords } from "../business-synonym-classes.js";

/** English words of each everyday business thing. */
export const englishBusinessSynonyms: BusinessSynonymWords = {
  // who carries parcels
  carrier: [
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
    "freight company",
    "freight companies",
  ],
  // what a customer sends back
  sending_back: [
    "return",
    "returns",
    "refund",
    "refunds",
    "send back",
    "sends back",
    "sent back",
    "sending back",
  ],
  // buying again
  buying_again: [
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
  ],
  // what something costs
  price: ["price", "prices", "pricing"],
};
