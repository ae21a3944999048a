import { readFileSync } from "node:fs";
import { parse } from "yaml";
import type { TicketsAuth } from "../../models/sources/tickets-source.js";
import type { CredentialPlace } from "../../models/step-messages/request-messages.js";

/** Request headers for a source's auth, and the secret values they carry (to be redacted everywhere). */
export function authHeaders(auth: TicketsAuth): { headers: Record<string, string>; secrets: string[] } {
  switch (auth.type) {
    case "none":
      return { headers: {}, secrets: [] };
    case "bearer":
      return { headers: { authorization: `Bearer ${auth.token}` }, secrets: [auth.token] };
    case "basic": {
      const encoded = Buffer.from(`${auth.username}:${auth.password}`).toString("base64");
      // The pair itself too: an upstream may echo it in any encoding, not only the header's base64.
      return {
        headers: { authorization: `Basic ${encoded}` },
        secrets: [auth.password, `${auth.username}:${auth.password}`, encoded],
      };
    }
    case "header":
      return { headers: { [auth.header.toLowerCase()]: auth.value }, secrets: [auth.value] };
  }
}

/**
 * What a person should check when the server refuses the credentials: the ${VAR}s written in the
 * source's auth block (read from the YAML as written, since the loaded config holds only values).
 */
export function credentialPlaceOf(workspaceFile: string, sourceName: string): CredentialPlace {
  const where = `sources.${sourceName}.auth`;
  try {
    const document = parse(readFileSync(workspaceFile, "utf8")) as {
      sources?: Record<string, { auth?: unknown }>;
    };
    const names = [
      ...JSON.stringify(document?.sources?.[sourceName]?.auth ?? {}).matchAll(
        /\$\{([A-Za-z_][A-Za-z0-9_]*)/g,
      ),
    ].map((match) => match[1]);
    if (names.length > 0) return { variables: [...new Set(names)], where };
  } catch {
    // The file may be gone or unreadable in a test workspace; the YAML path is still useful.
  }
  return { variables: [], where };
}
