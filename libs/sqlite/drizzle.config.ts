/**
 * drizzle-kit configuration for the SQLite schema. Generate a migration after a schema change with
 * `flock /tmp/drizzle.lock npx drizzle-kit generate --config drizzle.config.ts` from this folder; hand-written SQL
 * (FTS tables, triggers) goes in a migration created with `--custom`. Never edit a generated migration.
 */
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'sqlite',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
  strict: true,
  verbose: true,
});
