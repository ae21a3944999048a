/** A problem with a CSV or JSON file: where it is and what to do about it. */
export class FileFormatError extends Error {
  override readonly name = "FileFormatError";
  constructor(
    message: string,
    readonly file: string,
    readonly line?: number,
    readonly column?: number,
  ) {
    super(
      `${file}${line === undefined ? "" : `:${line}${column === undefined ? "" : `:${column}`}`}: ${message}`,
    );
  }
}
