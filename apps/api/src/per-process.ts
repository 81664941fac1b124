/**
 * What one process keeps between requests and job passes (a registry, a
 * single-flight read, a group commit's queue, the last close's duration …),
 * held by its AppContext and by nothing else: no module keeps state, so each
 * portal a test or a benchmark starts in one process has its own, and drops it
 * with its context (docs/decisions/0057-composition-root.md). Made empty where
 * a context is made (`newContext`, context.ts); each part is made on first use
 * by the one module that owns it, under a `Part` that module declares. This
 * file imports nothing, so that every layer may name a part without a cycle
 * (apps/api/test/domain-cycles.test.ts).
 */
export interface Part<T> {
  /** What the part is, for a reader of the code and of a debugger. */
  readonly name: string;
  /** Only carries the part's type. */
  readonly type?: T;
}

/** A part of the per-process state, declared once by the module that owns it. */
export const part = <T>(name: string): Part<T> => ({ name });

export class PerProcess {
  readonly #parts = new Map<Part<unknown>, unknown>();

  /** The part, made by `make` on first use in this process. */
  of<T>(part: Part<T>, make: () => NoInfer<T>): T {
    if (!this.#parts.has(part)) this.#parts.set(part, make());
    return this.#parts.get(part) as T;
  }
}
