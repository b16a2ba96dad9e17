-- Roles become owner > editor > viewer. Existing rows keep their meaning:
-- admin could edit (editor), member could use the workspace (editor too, as
-- viewers cannot run).
ALTER TABLE "memberships" ALTER COLUMN "role" DROP DEFAULT;
UPDATE "memberships" SET "role" = 'member' WHERE "role" = 'admin';
ALTER TYPE "membership_role" RENAME VALUE 'admin' TO 'viewer';
ALTER TYPE "membership_role" RENAME VALUE 'member' TO 'editor';
ALTER TABLE "memberships" ALTER COLUMN "role" SET DEFAULT 'viewer';
