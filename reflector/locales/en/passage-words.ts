import type { PassageWords } from "../passage-words.js";

/** English passage words (folded: lower case). */
export const englishPassageWords: PassageWords = {
  code: "en",
  questionCues: {
    who_pays: [
      "who pays",
      "who covers",
      "who bears",
      "whose (cost|expense)",
      "who is responsible for (the )?(shipping|cost)",
    ],
    how_long: [
      "how long",
      "how many (business |working )?(days|hours|minutes|weeks)",
      "within what time",
      "how soon",
      "when will .* (arrive|ship|receive)",
      // "How much notice" asks for a lead time, not a sum: the noun after "how much" is a time.
      "how much (advance |prior )?(time|notice|lead time|warning)",
    ],
    // "What fee do I pay?" asks a sum, though "do I" reads as a yes/no.
    amount: [
      "how much",
      "what does it cost",
      "what (is the |are the )?(price|fee|charge|cost|deposit|penalty|surcharge)s?\\b",
    ],
    count: ["how many", "number of"],
    date: ["\\bwhen\\b", "what date", "which date"],
    reason: ["\\bwhy\\b", "what caused", "for what reason"],
    procedure: [
      "how (do|can|should|would) (i|we|you|a customer)",
      "how to",
      "what (are the )?steps",
      "procedure",
      "process (for|to)",
    ],
    limit: [
      "\\bthe (maximum|highest)\\b",
      // A ceiling per unit ("the most credit per month"), not a superlative ("the most common reason").
      "\\bthe most \\w+ (per|a|each|in a)\\b",
      "\\bat most\\b",
      "\\bup to\\b",
      "\\b(upper )?limit\\b",
      "\\bcap\\b",
    ],
    yes_no: [
      "\\bcan\\b",
      "\\bmay\\b",
      "\\bis it\\b",
      "\\bare .* allowed",
      "allowed",
      "possible",
      "\\bdo(es)? (you|they|i|we)\\b",
      // "Is there a fee?", "Is a unit installed by a third party still covered?"
      "\\b(is|are) there\\b",
      "\\b(is|are)\\b.*\\b(covered|included|eligible|free|charged|refundable|refunded|reimbursed|returned|permitted)\\b",
    ],
  },
  answers: {
    // A time stated in figures or in words ("within 4 hours", "one business day", "30 minutes",
    // "covered for 5 years": a warranty or a retention period is a duration too).
    how_long: [
      "\\d+\\s*(business|working|calendar)?\\s*(days?|weeks?|hours?|minutes?|months?|years?)\\b",
      "\\b(an?|one|two|three|four|five|six|seven|eight|ten|twelve|fifteen|thirty)\\s+(business |working |calendar )?(days?|weeks?|hours?|minutes?|months?|years?)\\b",
    ],
    // A share of something ("10% of the monthly fee") is an amount too: a credit, a fee, a deposit.
    // A currency code may stand before the number ("usd 25") as well as after.
    amount: [
      "\\d[\\d,.]*\\s*(%|％|percent\\b|per cent\\b)",
      "\\d[\\d,.]*\\s*(nt\\$|usd|rmb|cny|twd|eur|gbp|hkd|yuan|euros?|pounds?|dollars?)\\b",
      "\\b(nt\\$?|usd|rmb|cny|twd|eur|gbp|hkd)\\s*\\d",
      "[$¥€£]\\s*\\d",
    ],
    date: [
      "\\d{4}-\\d{2}-\\d{2}",
      "(january|february|march|april|may|june|july|august|september|october|november|december)\\s+\\d",
    ],
    // A charge stated as free or not ("free of charge") says whether it is charged.
    yes_no: [
      "free of charge",
      "no charge",
      "at no (extra )?cost",
      "\\bonly\\b",
      "\\bmay\\b",
      "\\bcan\\b",
      "cannot",
      "not allowed",
      "allowed",
      "eligible",
      "will be (exchanged|replaced|refunded)",
      "are (not )?(exchanged|replaced|refunded)",
      "is (not )?(exchanged|replaced|refunded)",
      // A refusal states the answer too: "we do not pay cash compensation", "is not covered".
      "(does|do|will) not (pay|provide|cover|offer|refund)",
      "(is|are) not (paid|provided|covered|offered|included)",
    ],
    count: ["\\d", "\\b(one|two|three|four|five|six|seven|eight|nine|ten)\\b"],
    limit: [
      "exceed",
      "\\bat most\\b",
      "\\bup to\\b",
      "\\bmaximum\\b",
      "no more than",
      "\\bcapped\\b",
      "\\blimit(ed)? to\\b",
    ],
    reason: ["because", "due to", "caused by", "as a result", "owing to", "the reason"],
    procedure: [
      "\\b(first|then|step|submit|contact|fill in|send|visit|apply|return the|bring|call|email|log in|open)\\b",
    ],
  },
  payingParties: ["customer", "buyer", "store", "seller", "\\bwe\\b", "\\bus\\b", "\\bour\\b"],
  costWords: ["shipping", "postage", "cost", "expense", "\\bpay"],
  payingConstructions: [
    "\\b(pays?|paid (by|for)|bears?|borne by|covers?|covered by|charged to|billed to)\\b",
    "at (the )?[a-z]+('s)? (own )?(cost|expense)",
  ],
  chargeCues: ["charged?\\b", "fees?\\b", "cost", "\\bpay"],
  payingVerbs: ["pay", "pays", "paid", "paying"],
  searchHints: {
    how_long: "days hours delivery ship within",
    who_pays: "shipping cost",
    amount: "amount fee price",
    date: "date",
    count: "number total",
    reason: "because reason",
    limit: "maximum exceed limit",
    procedure: "steps procedure submit",
    yes_no: "eligible allowed",
  },
  chosenNoun: ["\\bwhich\\s+(?!of\\b|one\\b|ones\\b)([a-z][a-z-]+)"],
  countedNoun: ["(?:how many|number of)\\s+([a-z][a-z-]+)"],
  countNumerals: ["\\d+"],
  countClassifiers: [],
  // "take" (how long does a refund take?) asks a duration, "get" (how much credit do we get?) an
  // amount, "more than" joins a condition, a preposition of time or relation ("covered after it is
  // fitted" against "covered for 5 years from installation") places the ask: no word a sentence
  // must repeat.
  backReferences: [
    "\\bsuch\\b",
    "\\bthe above\\b",
    "\\bthese (?:cases|returns|items|products|conditions)\\b",
    "\\bin that case\\b",
    "\\bin this case\\b",
  ],
  stopWords:
    "a an the and or of to in on for by with at from is are was were be been can could may might will would shall should do does did i we you my our your it its this that these those what which who whom whose how long when where why much many there their them they if not no yes take takes took taking get gets got getting more than less after before until during about into".split(
      " ",
    ),
};
