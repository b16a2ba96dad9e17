/**
 * Some of a run's events could not be stored (the database refused them, or
 * stayed unreachable longer than the writer retries): the run's stored stream
 * ends before `lostFromSeq`. `flush(runId)` rejects with it, and the writer's
 * `onError` reported it when it happened.
 */
export class RunEventsNotStoredError extends Error {
  override readonly name = "RunEventsNotStoredError";

  constructor(
    readonly runId: string,
    /** The first seq that is not stored (every later one is lost too). */
    readonly lostFromSeq: number,
    readonly reason: string,
  ) {
    super(`events of run ${runId} from seq ${lostFromSeq} on could not be stored: ${reason}`);
  }
}
