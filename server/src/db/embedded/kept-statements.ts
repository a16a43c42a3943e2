// The embedded database is one PostgreSQL session for the whole server, so a
// data request's statement prepared once can serve every later request of
// the same shape and role: parsed, analysed and (after PostgreSQL's first
// custom plans) planned once, not on each request (docs/decisions/077). The
// statements kept here are exactly those the session holds: each script is
// rendered only when the one before it has ended (pglite-database.ts), and
// after any failure the next script starts over with DEALLOCATE ALL, since
// a failed script may or may not have prepared its statement.
import {
  executeStatement,
  renderSteps,
  type RenderedScript,
  type ScriptStep,
} from '../script-steps.ts';

/**
 * How many shapes stay prepared: the app sends a few dozen; a client that
 * sends ever new ones makes the least recently used go.
 */
export const KEPT_STATEMENTS = 64;

export interface KeptStatements {
  /** The statements for these steps, given what the session holds now. */
  render(steps: ScriptStep[]): RenderedScript;
  /** The rendered script ended: committed (`ok`) or failed. */
  settled(ok: boolean): void;
}

export function keptStatements(limit = KEPT_STATEMENTS): KeptStatements {
  /** Role and statement text → its name in the session, least recently used first. */
  const names = new Map<string, string>();
  let nextName = 1;
  /** Set after a failure: the session may hold more or less than `names`. */
  let unsure = false;
  /** What the rendered script changes once it succeeds. */
  let pending: { added?: [string, string]; dropped?: string } = {};

  return {
    render(steps) {
      const before: string[] = [];
      if (unsure) {
        before.push('DEALLOCATE ALL');
        names.clear();
        unsure = false;
      }
      pending = {};
      return renderSteps(
        steps,
        (step) => {
          const key = `${step.role} ${step.prepare}`;
          const kept = names.get(key);
          if (kept !== undefined) {
            names.delete(key);
            names.set(key, kept);
            return [executeStatement(kept, step.args)];
          }
          const statements: string[] = [];
          if (names.size >= limit) {
            const [oldest, name] = names.entries().next().value as [string, string];
            statements.push(`DEALLOCATE ${name}`);
            pending.dropped = oldest;
          }
          const name = `et_kept_${nextName++}`;
          pending.added = [key, name];
          statements.push(`PREPARE ${name} AS ${step.prepare}`, executeStatement(name, step.args));
          return statements;
        },
        before,
      );
    },
    settled(ok) {
      if (!ok) {
        unsure = true;
      } else {
        if (pending.dropped !== undefined) names.delete(pending.dropped);
        if (pending.added) names.set(...pending.added);
      }
      pending = {};
    },
  };
}
