import { processTree, residentBytes } from "../../../adapters/pdf-kb/extraction/process-tree-memory.js";

export { processTree, residentBytes };

/**
 * Samples the resident memory of `pid`'s process tree (or of its descendants only) every
 * `intervalMs` until stopped; `stop` returns the peak.
 */
export function samplePeakMemory(
  pid: number,
  options: { intervalMs?: number; descendantsOnly?: boolean } = {},
): { stop(): number } {
  const intervalMs = options.intervalMs ?? 100;
  let peak = 0;
  const sample = () => {
    const tree = processTree(pid).filter((id) => !options.descendantsOnly || id !== pid);
    peak = Math.max(
      peak,
      tree.reduce((sum, id) => sum + residentBytes(id), 0),
    );
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return peak;
    },
  };
}
