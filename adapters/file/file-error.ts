import type { StepMessage } from "../../models/step-message.js";
import { englishStepMessage } from "../../models/step-message-english.js";

/** A data file's problem as a code with parameters (models/step-messages/file-messages.ts). */
export type FileProblem = Extract<
  StepMessage,
  {
    code:
      | "file_missing"
      | "file_unreadable"
      | "file_too_large"
      | "encoding_unknown"
      | "encoding_undetected"
      | "encoding_invalid"
      | "csv_ragged"
      | "csv_invalid"
      | "header_rows_missing"
      | "header_duplicate"
      | "json_too_deep"
      | "json_invalid"
      | "json_not_records"
      | "json_record_not_object";
  }
>;

/** A problem with a CSV or JSON file: where it is and what to do about it. */
export class FileFormatError extends Error {
  override readonly name = "FileFormatError";
  constructor(
    message: string,
    readonly file: string,
    readonly line?: number,
    readonly column?: number,
    /** The same as a code, which each answer language says in its own words. */
    readonly said?: FileProblem,
  ) {
    super(
      said
        ? englishStepMessage(said)
        : `${file}${line === undefined ? "" : `:${line}${column === undefined ? "" : `:${column}`}`}: ${message}`,
    );
  }

  /** The error of a coded file problem; its message is the code's English. */
  static coded(said: FileProblem): FileFormatError {
    return new FileFormatError("", said.file, said.line, said.column, said);
  }
}
