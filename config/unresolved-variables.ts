import { ConfigError, type ConfigIssue } from "./config-error.js";

/**
 * A ${VAR} of one source that has no value in the environment (and no :-default). The workspace
 * still loads: only a command that uses that source needs it, and stops there with this named.
 */
export interface UnresolvedVariable {
  /** The source whose YAML section reads the variable. */
  source: string;
  variable: string;
  /** Whether the value is a credential: the message then never suggests writing a default. */
  secret: boolean;
  file: string;
  line?: number;
  column?: number;
  /** Dotted path of the value: sources.tickets.auth.token */
  path: string;
}

/** How to give a missing variable a value; a credential is never offered a default in the YAML. */
export function howToSetVariable(variable: string, secret: boolean): string {
  const exportIt = `export ${variable}=… in the shell that runs triangulate`;
  return secret
    ? `${exportIt} (it holds a credential: keep it out of triangulate.yaml)`
    : `${exportIt}, or give it a default in triangulate.yaml: \${${variable}:-value}`;
}

/** The message for one missing variable, naming its source when it has one. */
export function unsetVariableMessage(variable: string, secret: boolean, source?: string): string {
  const owner = source === undefined ? "" : `source ${source} needs `;
  return `${owner}environment variable ${variable}, which is not set; ${howToSetVariable(variable, secret)}`;
}

/** The located issue for an unresolved variable (what `config check` warns about). */
export function unresolvedVariableIssue(unresolved: UnresolvedVariable): ConfigIssue {
  return {
    file: unresolved.file,
    ...(unresolved.line === undefined ? {} : { line: unresolved.line, column: unresolved.column }),
    path: unresolved.path,
    message: unsetVariableMessage(unresolved.variable, unresolved.secret, unresolved.source),
  };
}

/** A command used a source whose variables are not all set: a config error listing each one. */
export class UnresolvedVariablesError extends ConfigError {
  constructor(readonly unresolved: UnresolvedVariable[]) {
    super(unresolved.map(unresolvedVariableIssue));
  }
}
