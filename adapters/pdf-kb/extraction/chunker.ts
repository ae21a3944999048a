import { isCjkCharacter, joinWithSpace } from "./cjk-text.js";
import type { BoundingBox, ExtractedChunk, ExtractedSection } from "./extracted-document.js";
import type { TextLine } from "./page-lines.js";

/** The body lines of one section (or of the text before the first heading). */
export interface SectionBody {
  section: ExtractedSection | undefined;
  lines: TextLine[];
}

/** Size budget for chunks. */
export interface ChunkBudget {
  maxChars: number;
  overlapChars: number;
}

function appendLine(text: string, line: TextLine, previous: TextLine | undefined): string {
  const next = line.text;
  if (text === "") return next;
  // A clear vertical gap starts a new paragraph.
  if (previous && line.gapAbove > 0.7 * line.fontSize && line.page === previous.page)
    return `${text}\n${next}`;
  // A word hyphenated across lines is joined back ("exam-" + "ple").
  // (Tested on the last two characters only: the chunk text grows with every line.)
  if (text.endsWith("-") && /[A-Za-z]/.test(text.charAt(text.length - 2)) && /^[a-z]/.test(next))
    return text.slice(0, -1) + next;
  return joinWithSpace(text, next);
}

/** The tail of a chunk repeated at the start of the next: starts at a word or sentence boundary. */
function overlapTail(text: string, overlapChars: number): string {
  if (overlapChars <= 0 || text.length <= overlapChars) return overlapChars <= 0 ? "" : text;
  let tail = text.slice(text.length - overlapChars);
  const sentence = tail.search(/[。！？.!?]\s*/u);
  if (sentence >= 0 && sentence < tail.length * 0.6) return tail.slice(sentence + 1).replace(/^\s+/, "");
  if (!isCjkCharacter(tail[0])) {
    const space = tail.search(/\s/);
    if (space >= 0) tail = tail.slice(space + 1);
  }
  return tail.trimStart();
}

function unionBox(lines: TextLine[]): BoundingBox {
  const page = lines[0].page;
  const onPage = lines.filter((line) => line.page === page);
  return [
    Math.min(...onPage.map((line) => line.bbox[0])),
    Math.min(...onPage.map((line) => line.bbox[1])),
    Math.max(...onPage.map((line) => line.bbox[2])),
    Math.max(...onPage.map((line) => line.bbox[3])),
  ].map((value) => Math.round(value * 100) / 100) as BoundingBox;
}

/** Splits a line longer than the budget at sentence or word boundaries (long CJK lines have no spaces). */
function splitLongLine(line: TextLine, limit: number): TextLine[] {
  if (line.text.length <= limit) return [line];
  const pieces: TextLine[] = [];
  let rest = line.text;
  while (rest.length > limit) {
    let cut = Math.max(
      rest.lastIndexOf("。", limit),
      rest.lastIndexOf(". ", limit),
      rest.lastIndexOf(" ", limit),
    );
    if (cut < limit / 2) cut = limit;
    pieces.push({ ...line, text: rest.slice(0, cut + 1).trim() });
    rest = rest.slice(cut + 1).trim();
  }
  if (rest !== "") pieces.push({ ...line, text: rest, gapAbove: 0 });
  return pieces;
}

/**
 * Cuts each section's text into chunks of at most maxChars characters, repeating up to
 * overlapChars from the previous chunk of the same section; a chunk never spans two sections.
 */
export function chunkSections(
  bodies: SectionBody[],
  budget: ChunkBudget,
  documentId: string,
): ExtractedChunk[] {
  const chunks: ExtractedChunk[] = [];
  const overlap = Math.min(budget.overlapChars, Math.floor(budget.maxChars / 3));
  for (const body of bodies) {
    const lines = body.lines.flatMap((line) => splitLongLine(line, budget.maxChars - overlap));
    let text = "";
    let chunkLines: TextLine[] = [];
    let previous: TextLine | undefined;
    let carried = "";
    const emit = () => {
      if (chunkLines.length === 0) return;
      const finalText = text.trim();
      chunks.push({
        id: `${documentId}#${chunks.length + 1}`,
        text: finalText,
        pages: [...new Set(chunkLines.map((line) => line.page))].sort((a, b) => a - b),
        section: body.section?.pathText ?? "",
        sectionId: body.section?.id ?? "",
        bbox: unionBox(chunkLines),
      });
      carried = overlapTail(finalText, overlap);
      text = "";
      chunkLines = [];
    };
    for (const line of lines) {
      const candidate = appendLine(
        text === "" ? carried : text,
        line,
        chunkLines.length === 0 ? undefined : previous,
      );
      if (chunkLines.length > 0 && candidate.length > budget.maxChars) {
        emit();
        text = appendLine(carried, line, undefined);
      } else text = candidate;
      chunkLines.push(line);
      previous = line;
    }
    emit();
  }
  return chunks;
}
