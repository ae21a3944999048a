/**
 * English words never corrected as typos: too short to tell a typo from a word, ordinary question
 * words, and common words one letter from a catalog word ("went" is not "west", "want" not
 * "went"): a real word is read as itself.
 */
export const englishPlainWords: readonly string[] = (
  "what which when where were with from that this have many much show list give tell does did done " +
  "there their they them than then each every both either same last next past over into about their " +
  "compare compared versus trend between month months year years quarter quarters week weeks " +
  "please could would should rise rose fall fell drop change changed changes much more less also " +
  "during since until before after around high higher lower relate related relation affect affected " +
  // Common verbs and words one letter from a catalog word ("went" is not "west", "want" not "went"):
  // a real word is read as itself.
  "went want wants come came goes gone make made take took seen look know need find found keep kept " +
  "gave sent send most best just only well like told said says wait hold held move moved real " +
  "here huge good fine sure okay able upon once even ever late later early soon still"
).split(" ");
