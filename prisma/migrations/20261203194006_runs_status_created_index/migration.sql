-- DropIndex
DROP INDEX "runs_workspace_id_status_idx";

-- CreateIndex
CREATE INDEX "runs_workspace_id_status_created_at_id_idx" ON "runs"("workspace_id", "status", "created_at" DESC, "id" DESC);
