import type { HistorySettings } from "../models/workspace.js";

/**
 * The secrets in `history.url`: its password, as written and percent-decoded. The URL is usually
 * "${DATABASE_URL}", a name the secret-variable rule does not recognise, so the password is taken
 * from the URL itself and every output of the workspace hides it like any other secret.
 */
export function historySecrets(history: HistorySettings | undefined): string[] {
  if (!history?.url) return [];
  let password: string;
  try {
    password = new URL(history.url).password;
  } catch {
    return [history.url];
  }
  if (!password) return [];
  let decoded = password;
  try {
    decoded = decodeURIComponent(password);
  } catch {
    // A malformed escape: the password as written is what the server receives.
  }
  return [...new Set([password, decoded])];
}
