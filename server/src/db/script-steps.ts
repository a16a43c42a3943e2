// The steps of a transaction script (Database.transactionScript): plain
// statements, and at most one prepared statement with its arguments, which
// each database prepares in its own way. A pooled PostgreSQL connection
// prepares it for the one request (`preparedOnce`); the embedded database,
// one session for the whole server, keeps it for the next request of the
// same shape (embedded/kept-statements.ts, docs/decisions/077).

/** A statement with parameters, run by EXECUTE with its arguments as quoted literals. */
export interface PreparedStep {
  /** The statement's text, parameters as $1, $2, … */
  prepare: string;
  /** Each parameter's value as a quoted SQL literal. */
  args: string[];
  /**
   * The role the script runs it as. A kept statement serves only scripts of
   * the same role: PostgreSQL checks the right to run a SQL function it
   * inlines when it plans, not when it runs the plan.
   */
  role: string;
}

export type ScriptStep = string | PreparedStep;

/** The statements a script's steps became, and where each step's result is among theirs. */
export interface RenderedScript {
  statements: string[];
  /** For each step, the index of its result among the statements' results. */
  resultOf: number[];
}

export function isPrepared(step: ScriptStep): step is PreparedStep {
  return typeof step !== 'string';
}

export function executeStatement(name: string, args: string[]): string {
  return args.length === 0 ? `EXECUTE ${name}` : `EXECUTE ${name}(${args.join(', ')})`;
}

/**
 * Turns steps into statements, the prepared step by `prepared`, which
 * returns the statements that prepare it (if any) and the EXECUTE last.
 */
export function renderSteps(
  steps: ScriptStep[],
  prepared: (step: PreparedStep) => string[],
  before: string[] = [],
): RenderedScript {
  if (steps.filter(isPrepared).length > 1) throw new Error('a script prepares one statement');
  const statements = [...before];
  const resultOf: number[] = [];
  for (const step of steps) {
    if (isPrepared(step)) statements.push(...prepared(step));
    else statements.push(step);
    resultOf.push(statements.length - 1);
  }
  return { statements, resultOf };
}

/** Each step's result, picked from the statements' results. */
export function resultsOfSteps<R>(script: RenderedScript, results: R[]): R[] {
  return script.resultOf.map((index) => {
    const result = results[index];
    if (result === undefined) throw new Error(`the script gave no result for statement ${index}`);
    return result;
  });
}

const ONCE = 'et_request';

/**
 * For a connection that keeps nothing between requests: DEALLOCATE ALL
 * first clears the statement the connection's last request prepared.
 */
export function preparedOnce(steps: ScriptStep[]): RenderedScript {
  return renderSteps(
    steps,
    (step) => [`PREPARE ${ONCE} AS ${step.prepare}`, executeStatement(ONCE, step.args)],
    steps.some(isPrepared) ? ['DEALLOCATE ALL'] : [],
  );
}
