// Runs one ingest of the workspace in argv[2], writing to LanceDB after every document and
// printing a line per document started, so a test can kill it in the middle of its writes.

import { ingestKnowledgeBase } from "../../../adapters/pdf-kb/ingest/ingest-knowledge-base.js";
import { loadWorkspace } from "../../../config/load-workspace.js";

const workspace = loadWorkspace(process.argv[2]);
const summary = await ingestKnowledgeBase(workspace, process.argv[3] ?? "handbook", {
  batchRows: 1,
  onProgress: (progress) => {
    if (progress.phase === "extract") process.stdout.write(`extract ${progress.done} ${progress.document}\n`);
  },
});
process.stdout.write(`done ${JSON.stringify(summary)}\n`);
