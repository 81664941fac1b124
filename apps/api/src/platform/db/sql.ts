/**
 * The one way to write a query (decision 0022): the `sql` tagged template.
 * Every `${value}` becomes a bound parameter (`$n`), never text; a `${sql`…`}`
 * inside it is a fragment whose text and values join the outer query, so
 * filters, sorts and pages compose without numbering parameters by hand.
 * Text that is not a value (a whitelisted column, a direction) enters only
 * through `sql.raw`, which takes fixed strings from the code, never input.
 *
 *   const byStatus = status ? sql`AND u.status = ${status}` : sql.empty;
 *   await db.query<{ id: number }>(sql`SELECT id FROM users u WHERE u.id > ${after} ${byStatus}`);
 */
export class SqlQuery {
  /** @internal use the `sql` tag, `sql.raw` or `sql.join`. */
  constructor(
    private readonly strings: readonly string[],
    private readonly values: readonly unknown[],
  ) {}

  /** The statement's text with `$1…$n` and its values in order, as the drivers take them. */
  toQuery(): { text: string; values: unknown[] } {
    const values: unknown[] = [];
    const text = this.render(values);
    return { text, values };
  }

  /** True when the fragment holds no text (`sql.empty`, a join of nothing). */
  get isEmpty(): boolean {
    return this.strings.every((s) => s === '') && this.values.every((v) => v instanceof SqlQuery && v.isEmpty);
  }

  private render(values: unknown[]): string {
    let text = this.strings[0]!;
    for (let i = 0; i < this.values.length; i++) {
      const value = this.values[i];
      if (value instanceof SqlQuery) text += value.render(values);
      else {
        values.push(value);
        text += `$${values.length}`;
      }
      text += this.strings[i + 1]!;
    }
    return text;
  }
}

export function sql(strings: TemplateStringsArray, ...values: unknown[]): SqlQuery {
  return new SqlQuery(strings, values);
}

/** Fixed SQL text from the code (a whitelisted column or keyword); never a value from input. */
sql.raw = (text: string): SqlQuery => new SqlQuery([text], []);

/** Nothing: the neutral fragment of an optional clause. */
sql.empty = new SqlQuery([''], []);

/** The fragments in a row with `separator` between them (`, ` by default). */
sql.join = (parts: readonly SqlQuery[], separator: SqlQuery = sql.raw(', ')): SqlQuery => {
  if (parts.length === 0) return sql.empty;
  const strings = [''];
  const values: unknown[] = [];
  parts.forEach((part, i) => {
    if (i > 0) {
      values.push(separator);
      strings.push('');
    }
    values.push(part);
    strings.push('');
  });
  return new SqlQuery(strings, values);
};

/**
 * A value a statement is built around, or the column that holds it in a statement built for many rows at once (the
 * member dashboard's grouped read, dashboard/member.ts): `${key}` binds the value or writes the column alike.
 */
export type ValueOrColumn<T> = T | SqlQuery;

/** A statement the server keeps parsed and planned per connection: see `sql.prepared`. */
export class PreparedQuery extends SqlQuery {}

/**
 * `query` as a named prepared statement on PostgreSQL (named after its text, so another text is another
 * statement): each connection parses it once and, after a few runs, keeps a generic plan. For a hot read whose
 * planning costs more than its execution (the member dashboard's statement, ADR 0046); PGlite runs it as any other.
 */
sql.prepared = (query: SqlQuery): PreparedQuery => new PreparedQuery(['', ''], [query]);

/** A driver's arguments for a query: its text and values. */
export function statement(query: SqlQuery): [string, unknown[]] {
  const { text, values } = query.toQuery();
  return [text, values];
}
