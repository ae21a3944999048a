/**
 * A real PostgreSQL for the history tests: `.ci/start-postgres` starts one on 127.0.0.1:5433 and
 * `.ci/run` exports its URL as TRIANGULATE_POSTGRES_URL (without the variable, the URL the script
 * wrote to its state folder is used). Each test file gets a database of its own, dropped after.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";

const STATE = process.env.TRIANGULATE_POSTGRES_STATE ?? "/tmp/triangulate-postgres";

/** The server's URL, or why there is none (printed: a test that needs it must not pass silently). */
export async function findRealPostgres(): Promise<{ url: string } | { reason: string }> {
  let url = process.env.TRIANGULATE_POSTGRES_URL;
  if (!url) {
    try {
      url = readFileSync(path.join(STATE, "url"), "utf8").trim();
    } catch {
      return { reason: "TRIANGULATE_POSTGRES_URL is not set: start a server with .ci/start-postgres" };
    }
  }
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
  } catch (error) {
    return {
      reason: `no PostgreSQL answers at ${new URL(url).host} (${error instanceof Error ? error.message : String(error)}): start one with .ci/start-postgres`,
    };
  } finally {
    await client.end().catch(() => undefined);
  }
  return { url };
}

/** A fresh database on the server (the role may create databases), and how to drop it. */
export async function createTestDatabase(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `triangulate_test_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
