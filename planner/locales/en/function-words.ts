/**
 * English words that carry no qualifier of their own in a data question: articles, prepositions,
 * question words, analysis verbs, period and grain words, generic people.
 */
export const englishFunctionWords: readonly string[] = (
  "a an the of in on at for to from by with under according and or vs versus as is are was were be been being do does did " +
  "what which who whom whose when where why how much many any some each every all both either per " +
  "show list give tell me us we our my your their its it this that these those there here please can could " +
  "would should will about between during over across within since until before after than then also " +
  "compare compared comparison trend trends change changes changed rise rose fall fell drop dropped " +
  "increase increased decrease decreased relate related relation relationship link linked affect affected " +
  "impact cause caused causes explain explains explained drove drive drives driven behind reason why happen happened " +
  "number count value values figure figures data " +
  "report total average overall same period month months quarter quarters year years week weeks day days " +
  "last past previous next this current early late first second third fourth half did get got had has have " +
  "around top most least more less high higher low lower peak peaked develop developed look looking like " +
  "i you he she they them him her so if not no yes just only up down out " +
  "monthly quarterly yearly annual weekly daily latest current recent actual reported official customer customers " +
  "company our total people members member users buyers shoppers consumers clients " +
  // Contractions, conjunctions and general verbs of happening ("campaigns ran", "versions came out").
  // Comparatives between the items named ("which of the two had the longer average delay").
  "longer shorter bigger larger smaller greater better worse faster slower wider narrower fewer " +
  // Superlatives over the items named ("which of the three depots had the lowest on-time rate").
  "highest lowest best worst largest smallest biggest greatest fewest longest shortest fastest slowest " +
  "question questions times what's whats it's because while whether ran run runs running came come comes went go goes going took take " +
  // Words that set one figure against another ("Q2 relative to Q1", "against the same month").
  "relative relatively against"
).split(" ");
