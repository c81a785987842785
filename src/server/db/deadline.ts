// A data-layer request's budget of database time (db/data-lane.ts, issue 23).

export interface DataLimits {
  /** All the time a request may spend on the database: waiting for it and its statements. */
  budgetMs: number;
  /** The longest one statement may run (PostgreSQL; PGlite cannot interrupt a statement). */
  statementTimeoutMs: number;
}

/** The request used up DATA_BUDGET_MS; nothing of it was written. */
export class TimeBudgetExceeded extends Error {
  constructor(readonly budgetMs: number) {
    super(`the request needed more than ${budgetMs} ms of database time`);
  }
}

/** When a request's budget runs out. */
export class Deadline {
  readonly #end: number;
  readonly budgetMs: number;
  constructor(readonly limits: DataLimits) {
    this.budgetMs = limits.budgetMs;
    this.#end = performance.now() + limits.budgetMs;
  }
  remaining(): number {
    return this.#end - performance.now();
  }
  /** Throws TimeBudgetExceeded once the budget is spent. */
  check(): void {
    if (this.remaining() <= 0) throw new TimeBudgetExceeded(this.budgetMs);
  }
  /** A statement may run for the rest of the budget, and never longer than the cap. */
  statementTimeout(): number {
    return Math.max(1, Math.min(this.limits.statementTimeoutMs, Math.ceil(this.remaining())));
  }
}
