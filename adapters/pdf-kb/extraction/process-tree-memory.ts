import fs from "node:fs";

/** `pid` and every process below it, from /proc's parent links (Linux; just `pid` elsewhere). */
export function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  let entries: string[];
  try {
    entries = fs.readdirSync("/proc");
  } catch {
    return [pid];
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      // The command name in parentheses may hold spaces: the fields after its ")" are fixed.
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      const list = children.get(parent) ?? [];
      list.push(Number(entry));
      children.set(parent, list);
    } catch {
      // The process ended while we looked.
    }
  }
  const tree: number[] = [];
  const visit = (id: number) => {
    tree.push(id);
    for (const child of children.get(id) ?? []) visit(child);
  };
  visit(pid);
  return tree;
}

/** Resident bytes of one process (Linux /proc), 0 when it is gone or cannot be read. */
export function residentBytes(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}
