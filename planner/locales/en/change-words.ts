/** English verbs that, with an event's object, name a change event (switch carriers). */
export const englishChangeVerbs: readonly string[] = (
  "change changed changes changing switch switched switches switching replace replaced replacing " +
  "swap swapped swapping update updated updates updating revise revised revising modify modified modifying"
).split(" ");

/** Words between a change verb and the event's object (switch their carrier, change to a new provider). */
export const englishChangeGapWords: readonly string[] =
  "the our their its his her a an of to new another different".split(" ");
