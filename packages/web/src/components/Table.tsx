import type { Key, ReactNode } from 'react';
import {
  Cell,
  Column,
  Table as RACTable,
  Row,
  type Selection,
  type SortDescriptor,
  TableBody,
  TableHeader,
} from 'react-aria-components';
import { Skeleton } from './Skeleton';
import './Table.css';

export interface TableColumn<T> {
  id: string;
  /** The header; on a phone also the label before each value (`data-label`). */
  label: string;
  render: (item: T) => ReactNode;
  /** A sortable column: its header is a button that says the order with `aria-sort`. */
  sortable?: boolean;
  /** The cell that names the row for a screen reader (one column, usually the first). */
  isRowHeader?: boolean;
  /** Values kept on one line (dates, amounts). */
  nowrap?: boolean;
  /** Right-aligned figures. */
  numeric?: boolean;
  /** On a phone, no label before the value (the row's actions). */
  hideLabelOnPhone?: boolean;
}

export interface TableSort {
  column: string;
  direction: 'ascending' | 'descending';
}

export interface TableProps<T> {
  /** The table's accessible name. */
  label: string;
  columns: readonly TableColumn<T>[];
  items: readonly T[];
  /** The row's key. */
  rowKey: (item: T) => string;
  /** The row's accessible name, when its row header cell alone does not say it. */
  rowLabel?: (item: T) => string;
  /** The current order (controlled: the caller sorts, usually the server). */
  sort?: TableSort;
  /** A sortable header was chosen: the caller decides the next order. */
  onSortChange?: (column: string) => void;
  /** Opens a row (Enter on the focused row, or a click on it). */
  onRowAction?: (item: T) => void;
  /** Optional selection: checkboxes are the caller's business, the state is the table's. */
  selectionMode?: 'none' | 'single' | 'multiple';
  selectedKeys?: Iterable<string> | 'all';
  onSelectionChange?: (keys: Set<string> | 'all') => void;
  /** Loading: without rows the body shows placeholder lines (a status named `loadingLabel`); with rows (a
   * reload) the table is marked busy. */
  isLoading?: boolean;
  loadingLabel?: string;
  /** What the table shows without rows (an `EmptyState`). */
  emptyState?: ReactNode;
  /** `stacked`: one card a row at phone width (640 px and below); `plain`: a table at every width. */
  variant?: 'stacked' | 'plain';
  className?: string;
}

/**
 * A react-aria table: a grid the keyboard walks cell by cell, sortable headers (`[data-allows-sorting]`,
 * `aria-sort`), optional selection and row actions, a loading and an empty state. Styled through its state
 * attributes (`[data-hovered]`, `[data-focus-visible]`, `[data-selected]`, `[data-empty]`). At phone width the
 * `stacked` variant shows each row as a card whose values carry their column's name (base.css `.stacked-table`).
 */
export function Table<T>({
  label,
  columns,
  items,
  rowKey,
  rowLabel,
  sort,
  onSortChange,
  onRowAction,
  selectionMode = 'none',
  selectedKeys,
  onSelectionChange,
  isLoading = false,
  loadingLabel,
  emptyState,
  variant = 'stacked',
  className,
}: TableProps<T>) {
  const sortable = columns.some((column) => column.sortable);
  const classes = [
    'table',
    variant === 'stacked' ? 'stacked-table' : '',
    variant === 'stacked' && sortable ? 'stacked-table--sortable' : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  const sortDescriptor: SortDescriptor | undefined = sort
    ? { column: sort.column, direction: sort.direction }
    : undefined;
  return (
    // react-aria's grid takes no aria-busy of its own: the box around it says the rows are being replaced.
    <div className="table-wrap" aria-busy={isLoading || undefined}>
      <RACTable
        aria-label={label}
        data-loading={isLoading || undefined}
        className={classes}
        selectionMode={selectionMode}
        {...(sortDescriptor ? { sortDescriptor } : {})}
        {...(onSortChange
          ? { onSortChange: (next: SortDescriptor) => onSortChange(String(next.column)) }
          : {})}
        {...(selectedKeys !== undefined ? { selectedKeys } : {})}
        {...(onSelectionChange
          ? {
              onSelectionChange: (keys: Selection) =>
                onSelectionChange(keys === 'all' ? 'all' : new Set([...keys].map(String))),
            }
          : {})}
      >
        <TableHeader>
          {columns.map((column) => (
            <Column
              key={column.id}
              id={column.id}
              isRowHeader={column.isRowHeader ?? false}
              allowsSorting={column.sortable ?? false}
              className={['table__column', column.numeric ? 'table__numeric' : ''].filter(Boolean).join(' ')}
            >
              {({ allowsSorting, sortDirection }) => (
                <span className="table__column-label">
                  {column.label}
                  {allowsSorting ? (
                    <span aria-hidden="true" className="table__sort-icon">
                      {sortDirection === 'ascending' ? '▲' : sortDirection === 'descending' ? '▼' : '↕'}
                    </span>
                  ) : null}
                </span>
              )}
            </Column>
          ))}
        </TableHeader>
        <TableBody
          className="table__body"
          renderEmptyState={() =>
            isLoading ? (
              <div
                role="status"
                aria-busy="true"
                aria-label={loadingLabel ?? label}
                className="table__state table__state--loading"
              >
                {Array.from({ length: 5 }, (_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on.
                  <Skeleton key={i} height="2rem" />
                ))}
              </div>
            ) : (
              <div className="table__state">{emptyState}</div>
            )
          }
        >
          {items.map((item) => {
            const id: Key = rowKey(item);
            return (
              <Row
                key={id}
                id={id}
                className={onRowAction ? 'table__row table__row--action' : 'table__row'}
                {...(rowLabel ? { textValue: rowLabel(item) } : {})}
                {...(onRowAction ? { onAction: () => onRowAction(item) } : {})}
              >
                {columns.map((column) => (
                  <Cell
                    key={column.id}
                    className={[
                      'table__cell',
                      column.nowrap ? 'table__nowrap' : '',
                      column.numeric ? 'table__numeric' : '',
                    ]
                      .filter(Boolean)
                      .join(' ')}
                    {...(column.hideLabelOnPhone ? {} : { 'data-label': column.label })}
                  >
                    {column.render(item)}
                  </Cell>
                ))}
              </Row>
            );
          })}
        </TableBody>
      </RACTable>
    </div>
  );
}
