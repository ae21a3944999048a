/**
 * The JQL subset the demo ticket server understands: clauses on project, issuetype, status, key,
 * created, updated, summary, component, fixVersion and custom fields (cf[N] / customfield_N) with
 * = != > >= < <= ~ !~ in, not in, is EMPTY; AND, OR, NOT, parentheses; ORDER BY. Strings follow
 * JQL's quoting (double or single quotes, backslash escapes).
 */

/** A parsed JQL query. */
export interface JqlQuery {
  where?: JqlNode;
  orderBy: { field: string; direction: "ASC" | "DESC" }[];
}

/** A node of the condition tree. */
export type JqlNode =
  | { type: "and" | "or"; left: JqlNode; right: JqlNode }
  | { type: "not"; node: JqlNode }
  | { type: "clause"; field: string; operator: string; value: string | string[] | null };

/** A query the server cannot read; answered with 400 and Jira's errorMessages. */
export class JqlError extends Error {
  override readonly name = "JqlError";
}

type Token = { kind: "word" | "string" | "op" | "punct"; text: string; position: number };

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let index = 0;
  while (index < text.length) {
    const character = text[index];
    if (/\s/.test(character)) {
      index += 1;
      continue;
    }
    if (character === '"' || character === "'") {
      let value = "";
      let cursor = index + 1;
      for (;;) {
        if (cursor >= text.length)
          throw new JqlError(
            `Error in the JQL Query: the quoted string starting at character ${index} is not closed.`,
          );
        const next = text[cursor];
        if (next === "\\") {
          const escaped = text[cursor + 1];
          value += escaped === "n" ? "\n" : escaped === "t" ? "\t" : escaped === "r" ? "\r" : (escaped ?? "");
          cursor += 2;
          continue;
        }
        if (next === character) break;
        value += next;
        cursor += 1;
      }
      tokens.push({ kind: "string", text: value, position: index });
      index = cursor + 1;
      continue;
    }
    const operator = /^(!=|>=|<=|!~|=|>|<|~)/.exec(text.slice(index));
    if (operator) {
      tokens.push({ kind: "op", text: operator[1], position: index });
      index += operator[1].length;
      continue;
    }
    if ("(),".includes(character)) {
      tokens.push({ kind: "punct", text: character, position: index });
      index += 1;
      continue;
    }
    const word = /^(cf\[\d+\]|[A-Za-z0-9_.\-:/]+)/i.exec(text.slice(index));
    if (!word)
      throw new JqlError(
        `Error in the JQL Query: the character '${character}' at position ${index} is a reserved JQL character.`,
      );
    tokens.push({ kind: "word", text: word[1], position: index });
    index += word[1].length;
  }
  return tokens;
}

/** Parses a JQL string; throws JqlError with a Jira-like message. */
export function parseJql(text: string): JqlQuery {
  const tokens = tokenize(text);
  let position = 0;
  const peek = () => tokens[position];
  const isWord = (word: string) => peek()?.kind === "word" && peek()!.text.toUpperCase() === word;
  const expect = (predicate: boolean, what: string) => {
    if (!predicate)
      throw new JqlError(
        `Error in the JQL Query: Expecting ${what} but got '${peek()?.text ?? "end of query"}'.`,
      );
  };

  const value = (): string => {
    const token = peek();
    expect(token !== undefined && (token.kind === "string" || token.kind === "word"), "a value");
    position += 1;
    return token!.text;
  };

  const clause = (): JqlNode => {
    if (peek()?.kind === "punct" && peek()!.text === "(") {
      position += 1;
      const inner = orExpression();
      expect(peek()?.kind === "punct" && peek()!.text === ")", "')'");
      position += 1;
      return inner;
    }
    if (isWord("NOT")) {
      position += 1;
      return { type: "not", node: clause() };
    }
    const fieldToken = peek();
    expect(
      fieldToken !== undefined && (fieldToken.kind === "word" || fieldToken.kind === "string"),
      "a field name",
    );
    position += 1;
    const field = fieldToken!.text;
    if (isWord("IS")) {
      position += 1;
      let operator = "is";
      if (isWord("NOT")) {
        position += 1;
        operator = "is not";
      }
      expect(isWord("EMPTY") || isWord("NULL"), "EMPTY or NULL");
      position += 1;
      return { type: "clause", field, operator, value: null };
    }
    let operator: string;
    if (isWord("NOT")) {
      position += 1;
      expect(isWord("IN"), "IN");
      position += 1;
      operator = "not in";
    } else if (isWord("IN")) {
      position += 1;
      operator = "in";
    } else {
      expect(peek()?.kind === "op", "an operator");
      operator = peek()!.text;
      position += 1;
    }
    if (operator === "in" || operator === "not in") {
      expect(peek()?.kind === "punct" && peek()!.text === "(", "'('");
      position += 1;
      const values = [value()];
      while (peek()?.kind === "punct" && peek()!.text === ",") {
        position += 1;
        values.push(value());
      }
      expect(peek()?.kind === "punct" && peek()!.text === ")", "')'");
      position += 1;
      return { type: "clause", field, operator, value: values };
    }
    return { type: "clause", field, operator, value: value() };
  };

  const andExpression = (): JqlNode => {
    let left = clause();
    while (isWord("AND")) {
      position += 1;
      left = { type: "and", left, right: clause() };
    }
    return left;
  };
  const orExpression = (): JqlNode => {
    let left = andExpression();
    while (isWord("OR")) {
      position += 1;
      left = { type: "or", left, right: andExpression() };
    }
    return left;
  };

  const query: JqlQuery = { orderBy: [] };
  if (tokens.length > 0 && !isWord("ORDER")) query.where = orExpression();
  if (isWord("ORDER")) {
    position += 1;
    expect(isWord("BY"), "BY");
    position += 1;
    for (;;) {
      query.orderBy.push({ field: value(), direction: isWord("DESC") ? "DESC" : "ASC" });
      if (isWord("ASC") || isWord("DESC")) position += 1;
      if (peek()?.kind === "punct" && peek()!.text === ",") {
        position += 1;
        continue;
      }
      break;
    }
  }
  expect(position === tokens.length, "end of query");
  return query;
}

/** Reads a field of an issue for JQL: plain text, a list of texts, or a date-time in epoch ms. */
export type FieldReader = (
  issue: { key: string; fields: Record<string, unknown> },
  field: string,
) => { kind: "text" | "date"; values: (string | number)[] } | undefined;

/** Parses a JQL date value ("2024-01-31", "2024/01/31 10:00") in the server's zone offset (minutes east of UTC). */
export function jqlDate(text: string, offsetMinutes: number): number | undefined {
  const match = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:\s+(\d{1,2}):(\d{2}))?$/.exec(text.trim());
  if (!match) return undefined;
  const utc = Date.UTC(
    +match[1],
    +match[2] - 1,
    +match[3],
    match[4] ? +match[4] : 0,
    match[5] ? +match[5] : 0,
  );
  return utc - offsetMinutes * 60_000;
}

/** Whether an issue satisfies a condition. Unknown fields throw JqlError (Jira answers 400). */
export function matches(
  node: JqlNode | undefined,
  issue: { key: string; fields: Record<string, unknown> },
  read: FieldReader,
  offsetMinutes: number,
): boolean {
  if (!node) return true;
  switch (node.type) {
    case "and":
      return (
        matches(node.left, issue, read, offsetMinutes) && matches(node.right, issue, read, offsetMinutes)
      );
    case "or":
      return (
        matches(node.left, issue, read, offsetMinutes) || matches(node.right, issue, read, offsetMinutes)
      );
    case "not":
      return !matches(node.node, issue, read, offsetMinutes);
    case "clause": {
      const field = read(issue, node.field);
      if (!field)
        throw new JqlError(`Field '${node.field}' does not exist or you do not have permission to view it.`);
      if (node.operator === "is") return field.values.length === 0;
      if (node.operator === "is not") return field.values.length > 0;
      const wanted = Array.isArray(node.value) ? node.value : [node.value ?? ""];
      if (field.kind === "date") {
        const bounds = wanted.map((text) => {
          const parsed = jqlDate(text, offsetMinutes);
          if (parsed === undefined)
            throw new JqlError(
              `Date value '${text}' for field '${node.field}' is invalid. Valid formats include: 'yyyy/MM/dd HH:mm', 'yyyy-MM-dd HH:mm', 'yyyy/MM/dd', 'yyyy-MM-dd'.`,
            );
          return parsed;
        });
        const value = field.values[0];
        if (typeof value !== "number") return node.operator === "!=" || node.operator === "not in";
        switch (node.operator) {
          case "=":
          case "in":
            return bounds.includes(value);
          case "!=":
          case "not in":
            return !bounds.includes(value);
          case ">":
            return value > bounds[0];
          case ">=":
            return value >= bounds[0];
          case "<":
            return value < bounds[0];
          case "<=":
            return value <= bounds[0];
          default:
            throw new JqlError(
              `The operator '${node.operator}' is not supported by the '${node.field}' field.`,
            );
        }
      }
      const values = field.values.map((value) => String(value).toLowerCase());
      const lowered = wanted.map((text) => text.toLowerCase());
      switch (node.operator) {
        case "=":
        case "in":
          return values.some((value) => lowered.includes(value));
        case "!=":
        case "not in":
          return !values.some((value) => lowered.includes(value));
        case "~":
          return values.some((value) => lowered.every((text) => value.includes(text)));
        case "!~":
          return !values.some((value) => lowered.every((text) => value.includes(text)));
        case ">":
        case ">=":
        case "<":
        case "<=": {
          const compare = (value: string) => value.localeCompare(lowered[0], undefined, { numeric: true });
          return values.some((value) =>
            node.operator === ">"
              ? compare(value) > 0
              : node.operator === ">="
                ? compare(value) >= 0
                : node.operator === "<"
                  ? compare(value) < 0
                  : compare(value) <= 0,
          );
        }
        default:
          throw new JqlError(`The operator '${node.operator}' is not supported.`);
      }
    }
  }
}
