/**
 * Prisma CLI configuration (Prisma 7 reads the connection string here, not
 * from schema.prisma). Only `prisma generate` is used on offline machines;
 * `prisma migrate deploy` works on connected ones and agrees with
 * `npm run db:migrate` (same migrations folder, same checksums).
 */
import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  // Optional: `generate` needs no database; migrate/introspect commands do.
  datasource: { url: process.env.DATABASE_URL },
});
