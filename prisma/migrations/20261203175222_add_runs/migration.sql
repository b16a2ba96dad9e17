-- CreateEnum
CREATE TYPE "run_status" AS ENUM ('queued', 'running', 'completed', 'failed', 'cancelled', 'budget_exceeded');

-- CreateTable
CREATE TABLE "conversations" (
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "graph_id" UUID NOT NULL,
    "title" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "conversations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "runs" (
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "graph_id" UUID NOT NULL,
    "version_id" UUID,
    "draft_revision" INTEGER,
    "definition" JSONB,
    "content_hash" TEXT NOT NULL,
    "graph_name" TEXT NOT NULL,
    "conversation_id" UUID NOT NULL,
    "input" TEXT NOT NULL,
    "options" JSONB NOT NULL DEFAULT '{}',
    "simulated" BOOLEAN NOT NULL DEFAULT false,
    "status" "run_status" NOT NULL DEFAULT 'queued',
    "output" TEXT,
    "error" TEXT,
    "input_tokens" INTEGER NOT NULL DEFAULT 0,
    "output_tokens" INTEGER NOT NULL DEFAULT 0,
    "cached_input_tokens" INTEGER NOT NULL DEFAULT 0,
    "cost_usd" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "unpriced_calls" INTEGER NOT NULL DEFAULT 0,
    "steps" INTEGER NOT NULL DEFAULT 0,
    "handoffs" INTEGER NOT NULL DEFAULT 0,
    "failed_handoffs" INTEGER NOT NULL DEFAULT 0,
    "event_count" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3),
    "ended_at" TIMESTAMPTZ(3),
    "duration_millis" INTEGER,
    "worker_id" TEXT,
    "heartbeat_at" TIMESTAMPTZ(3),
    "cancel_requested_at" TIMESTAMPTZ(3),
    "cancel_reason" TEXT,
    "created_by_id" UUID,

    CONSTRAINT "runs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "run_events" (
    "run_id" UUID NOT NULL,
    "seq" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "span_id" TEXT NOT NULL,
    "data" JSON NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "run_events_pkey" PRIMARY KEY ("run_id","seq")
);

-- CreateTable
CREATE TABLE "run_spans" (
    "run_id" UUID NOT NULL,
    "span_id" TEXT NOT NULL,
    "parent_span_id" TEXT,
    "kind" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "source" TEXT,
    "agent_id" TEXT,
    "status" TEXT NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "ended_at" TIMESTAMPTZ(3),
    "duration_millis" DOUBLE PRECISION,
    "attempts" INTEGER,
    "error" TEXT,
    "provider" TEXT,
    "model" TEXT,
    "chain_index" INTEGER,
    "input_tokens" INTEGER,
    "output_tokens" INTEGER,
    "cached_input_tokens" INTEGER,
    "cost_usd" DOUBLE PRECISION,
    "edge" TEXT,
    "edge_path" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "details" JSONB NOT NULL DEFAULT '{}',

    CONSTRAINT "run_spans_pkey" PRIMARY KEY ("run_id","span_id")
);

-- CreateTable
CREATE TABLE "background_tasks" (
    "run_id" UUID NOT NULL,
    "task_id" TEXT NOT NULL,
    "handoff_id" TEXT NOT NULL,
    "agent_id" TEXT NOT NULL,
    "owner_agent_id" TEXT NOT NULL,
    "child_session_key" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "output" TEXT,
    "error" TEXT,
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "ended_at" TIMESTAMPTZ(3),

    CONSTRAINT "background_tasks_pkey" PRIMARY KEY ("run_id","task_id")
);

-- CreateTable
CREATE TABLE "agent_sessions" (
    "key" TEXT NOT NULL,
    "session_id" TEXT NOT NULL,
    "agent_id" TEXT NOT NULL,
    "conversation_id" UUID,
    "message_count" INTEGER NOT NULL DEFAULT 0,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "agent_sessions_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "session_messages" (
    "session_key" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "message" JSONB NOT NULL,

    CONSTRAINT "session_messages_pkey" PRIMARY KEY ("session_key","position")
);

-- CreateTable
CREATE TABLE "workspace_files" (
    "file_workspace" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "workspace_files_pkey" PRIMARY KEY ("file_workspace","path")
);

-- CreateTable
CREATE TABLE "workers" (
    "id" TEXT NOT NULL,
    "hostname" TEXT NOT NULL,
    "pid" INTEGER NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "heartbeat_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "stopped_at" TIMESTAMPTZ(3),

    CONSTRAINT "workers_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "conversations_workspace_id_graph_id_updated_at_idx" ON "conversations"("workspace_id", "graph_id", "updated_at");

-- CreateIndex
CREATE INDEX "runs_workspace_id_created_at_id_idx" ON "runs"("workspace_id", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "runs_workspace_id_graph_id_created_at_idx" ON "runs"("workspace_id", "graph_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "runs_workspace_id_status_idx" ON "runs"("workspace_id", "status");

-- CreateIndex
CREATE INDEX "runs_conversation_id_created_at_idx" ON "runs"("conversation_id", "created_at");

-- CreateIndex
CREATE INDEX "runs_status_heartbeat_at_idx" ON "runs"("status", "heartbeat_at");

-- CreateIndex
CREATE INDEX "run_spans_run_id_kind_idx" ON "run_spans"("run_id", "kind");

-- CreateIndex
CREATE INDEX "agent_sessions_conversation_id_idx" ON "agent_sessions"("conversation_id");

-- AddForeignKey
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_graph_id_fkey" FOREIGN KEY ("graph_id") REFERENCES "graphs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "runs" ADD CONSTRAINT "runs_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "runs" ADD CONSTRAINT "runs_graph_id_fkey" FOREIGN KEY ("graph_id") REFERENCES "graphs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "runs" ADD CONSTRAINT "runs_version_id_fkey" FOREIGN KEY ("version_id") REFERENCES "graph_versions"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "runs" ADD CONSTRAINT "runs_conversation_id_fkey" FOREIGN KEY ("conversation_id") REFERENCES "conversations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "runs" ADD CONSTRAINT "runs_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- run_events has no foreign key to runs: checking one per inserted event (a key-share lock of the
-- run row each) was a third of PostgreSQL's CPU per stored event. The rows are only ever written by
-- the event writer and the sweeper, for runs they hold, and are deleted with their run by this
-- statement-level trigger (also when the run goes with its graph, conversation or workspace).
-- (The body's semicolons are written \073: the migration runner splits the file at every semicolon.)
CREATE FUNCTION "run_events_delete_with_runs"() RETURNS trigger LANGUAGE plpgsql AS
  E'BEGIN DELETE FROM "run_events" e USING "deleted_runs" d WHERE e."run_id" = d."id"\073 RETURN NULL\073 END';

CREATE TRIGGER "runs_delete_events" AFTER DELETE ON "runs"
  REFERENCING OLD TABLE AS "deleted_runs" FOR EACH STATEMENT EXECUTE FUNCTION "run_events_delete_with_runs"();

-- AddForeignKey
ALTER TABLE "run_spans" ADD CONSTRAINT "run_spans_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "background_tasks" ADD CONSTRAINT "background_tasks_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "session_messages" ADD CONSTRAINT "session_messages_session_key_fkey" FOREIGN KEY ("session_key") REFERENCES "agent_sessions"("key") ON DELETE CASCADE ON UPDATE CASCADE;
