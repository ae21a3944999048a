import { AdapterPool } from "../../adapters/registry.js";
import type { Workspace } from "../../config/workspace.js";
import { today } from "../../domain/today.js";
import { askQuestion } from "../../planner/ask.js";
import { askResultJson } from "../../planner/ask-result-json.js";
import { planQuestion } from "../../planner/plan-question.js";
import { planJson } from "../plan-json.js";
import type {
  AnswerBackend,
  AskReply,
  PlanReply,
  QuestionOptions,
  RequestControl,
} from "./answer-backend.js";

/**
 * Answers in this process, warm: the workspace loaded once and one AdapterPool kept open between
 * requests (the BI sources' browser, signed-in sessions and the knowledge base's index stay loaded),
 * as the MCP server does. Concurrent requests share the pool; each has its own run folder.
 */
export class LocalBackend implements AnswerBackend {
  private readonly adapters: AdapterPool;

  constructor(private readonly workspace: Workspace) {
    this.adapters = new AdapterPool(workspace);
  }

  async ask(question: string, options: QuestionOptions, control: RequestControl): Promise<AskReply> {
    const onProgress = control.onProgress;
    const result = await askQuestion(question, this.workspace, {
      asOf: options.as_of ?? today(),
      ...(options.strategy ? { strategy: options.strategy } : {}),
      ...(options.planner ? { planner: options.planner } : {}),
      ...(options.max_iterations !== undefined ? { maxIterations: options.max_iterations } : {}),
      adapters: this.adapters,
      ...(control.signal ? { signal: control.signal } : {}),
      // A trace line may quote an upstream's error: it is output like any other.
      ...(onProgress
        ? { onTrace: (event) => onProgress({ ...event, line: this.workspace.redactor.text(event.line) }) }
        : {}),
    });
    return this.workspace.redactor.value(askResultJson(result));
  }

  async plan(question: string, options: QuestionOptions, control: RequestControl): Promise<PlanReply> {
    const outcome = await planQuestion(question, this.workspace, {
      asOf: options.as_of ?? today(),
      ...(options.strategy ? { strategy: options.strategy } : {}),
      ...(options.planner ? { planner: options.planner } : {}),
      ...(control.signal ? { signal: control.signal } : {}),
    });
    return this.workspace.redactor.value(planJson(outcome));
  }

  close(): Promise<void> {
    return this.adapters.close();
  }
}
