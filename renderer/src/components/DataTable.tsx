/**
 * A table with a row of column headings, named for screen readers by `label` (the e2e suites
 * find it by that name); the rows are the caller's.
 */
import type { ReactNode } from 'react';

export interface DataTableProps {
  /** The table's accessible name. */
  label: string;
  className: string;
  /** The column headings, in order. */
  columns: readonly string[];
  /** The body's rows. */
  children: ReactNode;
}

export function DataTable({ label, className, columns, children }: DataTableProps) {
  return (
    <table className={className} aria-label={label}>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
