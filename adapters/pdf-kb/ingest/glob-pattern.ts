/**
 * A glob as a regular expression over workspace-relative paths with "/": `**` crosses folders,
 * `*` and `?` do not. A glob without "/" is matched against the file name alone, so
 * `crm-release-notes*.pdf` finds docs/crm-release-notes-2024.pdf.
 */
export function globToRegExp(glob: string): RegExp {
  const pattern = glob.trim().replace(/^\.\//, "");
  let source = "";
  for (let index = 0; index < pattern.length; index += 1) {
    const character = pattern[index];
    if (character === "*" && pattern[index + 1] === "*") {
      index += 1;
      if (pattern[index + 1] === "/") {
        index += 1;
        source += "(?:.*/)?";
      } else source += ".*";
    } else if (character === "*") source += "[^/]*";
    else if (character === "?") source += "[^/]";
    else source += character.replace(/[.+^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(pattern.includes("/") ? `^${source}$` : `(?:^|/)${source}$`, "i");
}

/** Whether a workspace-relative path matches a glob. */
export function matchesGlob(relativePath: string, glob: string): boolean {
  return globToRegExp(glob).test(relativePath);
}
