/**
 * Run workers: the job queue (graphile-worker), enqueueing, and the worker
 * that executes runs, heartbeats and sweeps runs of lost workers.
 */
export { enqueueRun, type Queryable } from "./enqueue-run";
export { installQueueSchema } from "./queue-schema";
export { parseProviderEnv, providersFromEnv, type ProviderEnv, type WorkerProviders } from "./provider-env";
export { WORKER_STOPPED_REASON } from "./run-job";
export type { RunPersistence, WorkerLogger } from "./run-persistence";
export { startRunWorker, type RunWorker, type RunWorkerOptions } from "./start-run-worker";
export { DEFAULT_WORKER_CONCURRENCY, parseWorkerConcurrency } from "./worker-concurrency";
export { sweepLostRuns, type SweepOptions, type SweptRun } from "./sweeper";
