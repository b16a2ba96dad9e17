/**
 * A Prisma driver adapter whose transactions run one statement at a time.
 *
 * Prisma's query interpreter reads the relations of a nested `select` at
 * once (a `Promise.all` over the children of a join). Outside a transaction
 * each read takes a pool connection of its own; inside one they all go to
 * the transaction's single pg client, which then queues them itself — and pg
 * warns "Calling client.query() when the client is already executing a query
 * is deprecated" (its queue goes away in pg 9). Taking turns here costs
 * nothing: one connection runs one statement at a time anyway.
 */
import type {
  ConnectionInfo,
  IsolationLevel,
  SqlDriverAdapter,
  SqlDriverAdapterFactory,
  SqlQuery,
  SqlResultSet,
  Transaction,
} from "@prisma/driver-adapter-utils";

/** `factory` with every transaction's statements serialised (everything else passes through). */
export function withSerializedTransactions(factory: SqlDriverAdapterFactory): SqlDriverAdapterFactory {
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => new SerializingAdapter(await factory.connect()),
  };
}

class SerializingAdapter implements SqlDriverAdapter {
  readonly provider: SqlDriverAdapter["provider"];
  readonly adapterName: string;

  constructor(private readonly inner: SqlDriverAdapter) {
    this.provider = inner.provider;
    this.adapterName = inner.adapterName;
  }

  queryRaw(query: SqlQuery): Promise<SqlResultSet> {
    return this.inner.queryRaw(query);
  }

  executeRaw(query: SqlQuery): Promise<number> {
    return this.inner.executeRaw(query);
  }

  executeScript(script: string): Promise<void> {
    return this.inner.executeScript(script);
  }

  async startTransaction(isolationLevel?: IsolationLevel): Promise<Transaction> {
    return new SerializedTransaction(await this.inner.startTransaction(isolationLevel));
  }

  getConnectionInfo(): ConnectionInfo {
    return this.inner.getConnectionInfo?.() ?? { supportsRelationJoins: false };
  }

  dispose(): Promise<void> {
    return this.inner.dispose();
  }
}

/** One transaction: each statement starts once the previous one has settled. */
export class SerializedTransaction implements Transaction {
  readonly provider: Transaction["provider"];
  readonly adapterName: string;
  readonly options: Transaction["options"];
  private tail: Promise<unknown> = Promise.resolve();

  constructor(private readonly inner: Transaction) {
    this.provider = inner.provider;
    this.adapterName = inner.adapterName;
    this.options = inner.options;
  }

  /** Runs `work` after everything queued before it, failed or not. */
  private turn<T>(work: () => Promise<T>): Promise<T> {
    const result = this.tail.then(work, work);
    this.tail = result.catch(() => {});
    return result;
  }

  queryRaw(query: SqlQuery): Promise<SqlResultSet> {
    return this.turn(() => this.inner.queryRaw(query));
  }

  executeRaw(query: SqlQuery): Promise<number> {
    return this.turn(() => this.inner.executeRaw(query));
  }

  commit(): Promise<void> {
    return this.turn(() => this.inner.commit());
  }

  rollback(): Promise<void> {
    return this.turn(() => this.inner.rollback());
  }

  createSavepoint(name: string): Promise<void> {
    return this.turn(() => this.optional("createSavepoint", this.inner.createSavepoint?.bind(this.inner), name));
  }

  rollbackToSavepoint(name: string): Promise<void> {
    return this.turn(() =>
      this.optional("rollbackToSavepoint", this.inner.rollbackToSavepoint?.bind(this.inner), name),
    );
  }

  releaseSavepoint(name: string): Promise<void> {
    return this.turn(() => this.optional("releaseSavepoint", this.inner.releaseSavepoint?.bind(this.inner), name));
  }

  private optional(what: string, method: ((name: string) => Promise<void>) | undefined, name: string) {
    if (!method) throw new Error(`${this.adapterName}: ${what} is not implemented`);
    return method(name);
  }
}
