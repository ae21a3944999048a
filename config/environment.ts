/** A ${VAR} reference that could not be resolved. */
export interface MissingVariable {
  name: string;
  /** Offset inside the string where the reference starts. */
  offset: number;
}

const REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}|\$\$/g;

/** Names of variables whose values are credentials and must be redacted everywhere. */
export const SECRET_VARIABLE = /(TOKEN|PASSWORD|PASSWD|SECRET|API_KEY|APIKEY|COOKIE|CREDENTIAL|PRIVATE)/i;

/**
 * Substitutes ${VAR} and ${VAR:-default} in a string ($$ is a literal $). Returns the new
 * string, the variables that were missing (no value and no default) and the values used.
 */
export function substituteVariables(
  text: string,
  environment: NodeJS.ProcessEnv,
): { value: string; missing: MissingVariable[]; used: { name: string; value: string }[] } {
  const missing: MissingVariable[] = [];
  const used: { name: string; value: string }[] = [];
  const value = text.replace(
    REFERENCE,
    (match, name: string | undefined, fallback: string | undefined, offset: number) => {
      if (match === "$$") return "$";
      const found = environment[name!];
      if (found !== undefined && found !== "") {
        used.push({ name: name!, value: found });
        return found;
      }
      if (fallback !== undefined) {
        used.push({ name: name!, value: fallback });
        return fallback;
      }
      missing.push({ name: name!, offset });
      return "";
    },
  );
  return { value, missing, used };
}
