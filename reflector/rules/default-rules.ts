import { acceptAbsenceRule } from "./accept-absence-rule.js";
import { acceptSucceededRule } from "./accept-succeeded-rule.js";
import { alternativeSourceRule, fallbackSourceRule } from "./alternative-source-rule.js";
import { broadenRule } from "./broaden-rule.js";
import { giveUpRule } from "./give-up-rule.js";
import { rateLimitedRule } from "./rate-limited-rule.js";
import { retryTimeoutRule } from "./retry-timeout-rule.js";
import type { ReflectionRule } from "./rule.js";
import { serverErrorRule } from "./server-error-rule.js";
import { stopOnAuthRule } from "./stop-on-auth-rule.js";

/** The reflector's rules (DESIGN §3), in the order the engine asks them. */
export const defaultRules: readonly ReflectionRule[] = [
  acceptSucceededRule,
  fallbackSourceRule,
  stopOnAuthRule,
  retryTimeoutRule,
  rateLimitedRule,
  serverErrorRule,
  acceptAbsenceRule,
  broadenRule,
  alternativeSourceRule,
  giveUpRule,
];
