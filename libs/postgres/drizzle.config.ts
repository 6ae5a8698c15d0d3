/**
 * drizzle-kit configuration for the PostgreSQL schema. Generate a migration after a schema change with
 * `flock /tmp/drizzle.lock npx drizzle-kit generate --config drizzle.config.ts` from this folder; hand-written SQL
 * goes in a migration created with `--custom`. Never edit a migration once it has shipped.
 */
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/schema/index.ts',
  out: './drizzle',
  strict: true,
  verbose: true,
});
