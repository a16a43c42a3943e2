import { DataApiError } from './errors.ts';
import { sqlState } from './error-codes.ts';
import type { Column, Relation } from './schema-cache.ts';

/**
 * A column a request names to read, filter, order or resolve a conflict on.
 * An unknown one fails as PostgreSQL's 42703 would, naming the table.
 */
export function existingColumn(relation: Relation, name: string): Column {
  const column = relation.columns.get(name);
  if (!column) {
    throw new DataApiError(
      400,
      sqlState('42703'),
      `column ${relation.name}.${name} does not exist`,
    );
  }
  return column;
}
