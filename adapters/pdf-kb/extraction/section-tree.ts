import type { ExtractedSection } from "./extracted-document.js";
import { type HeadingLine, headingText, outranks } from "./heading-detector.js";

/** The section tree and, for each heading (by its line), the section it opens. */
export interface SectionOutline {
  roots: ExtractedSection[];
  sectionByHeading: Map<HeadingLine["line"], ExtractedSection>;
}

/** Builds the section tree from headings in reading order: a heading nests under the nearest earlier heading that outranks it. */
export function buildSectionTree(headings: HeadingLine[]): SectionOutline {
  const roots: ExtractedSection[] = [];
  const sectionByHeading = new Map<HeadingLine["line"], ExtractedSection>();
  const stack: { heading: HeadingLine; section: ExtractedSection }[] = [];
  headings.forEach((heading, index) => {
    while (stack.length > 0 && !outranks(stack[stack.length - 1].heading, heading)) stack.pop();
    const parent = stack[stack.length - 1]?.section;
    const title = headingText(heading);
    const path = [...(parent?.path ?? []), title];
    const section: ExtractedSection = {
      id: `s${index + 1}`,
      title,
      level: path.length,
      path,
      pathText: path.join(" > "),
      page: heading.line.page,
      bbox: heading.line.bbox,
      children: [],
    };
    if (parent) parent.children.push(section);
    else roots.push(section);
    stack.push({ heading, section });
    sectionByHeading.set(heading.line, section);
  });
  return { roots, sectionByHeading };
}
