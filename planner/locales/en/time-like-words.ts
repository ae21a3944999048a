/**
 * English words that say a question names a time, though the time grammar may not read them
 * (yesterday, last week, a fortnight ago, ytd). Grain words (monthly, each quarter) are not here.
 * When a default period would apply and one of these stands outside every time span read, the
 * period is asked back instead of guessed.
 */
export const englishTimeLikeWords: readonly string[] = (
  "today yesterday tomorrow tonight week weeks weekend fortnight ago ytd mtd qtd qtr yr yrs " +
  "monday tuesday wednesday thursday friday saturday sunday"
).split(" ");
