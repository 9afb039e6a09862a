import type { ConfirmedActionContext, ConfirmedActionEvent } from '@tern/core/admin';
import { SEARCH_TERM_MAX } from '@tern/sdk';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/Alert';
import { EmptyState } from '../../components/EmptyState';
import { PageHeading } from '../../components/PageHeading';
import type { TableColumn } from '../../components/Table';
import { Tab, TabList, TabPanel, Tabs } from '../../components/Tabs';
import { TextField } from '../../components/TextField';
import { ConfirmActionDialog } from '../admin/ConfirmActionDialog';
import { useErrorText } from '../errors/useErrorText';
import { type ListQuery, ListTable } from './ListTable';
import '../admin/admin.css';

/** A row action's state: core's confirmed-action machine as `useConfirmedAction` gives it. */
export interface RowAction {
  snapshot: { context: ConfirmedActionContext; matches: (state: 'confirming') => boolean };
  send: (event: ConfirmedActionEvent) => void;
}

/** What the page draws of the kit's state (`useListKit`); a list read whole gives only its `query`. */
export interface KitView<T> {
  query: ListQuery<T>;
  search?: string;
  setSearch?: (value: string) => void;
  page?: number;
  setPage?: (page: number) => void;
  sort?: { column: string; direction: 'ascending' | 'descending' } | null;
  sortBy?: (column: string) => void;
}
const ONE_PAGE = () => {};

/** The frame of a list page, with its lists or tabs of lists as `body`. */
interface FrameProps {
  heading?: string | undefined;
  actions?: ReactNode;
  notices?: ReactNode;
  /** The search box's label and state; no search box without them. */
  search?: { label: string; value: string; onChange: (value: string) => void } | null;
  filters?: ReactNode;
  exportMenu?: ReactNode;
  /** A row action's failure, in the words of its code. */
  failure?: unknown;
  body: ReactNode;
  children?: ReactNode;
}

/**
 * The heading and its buttons (without a heading, a panel of a page: the buttons end the toolbar), a notice slot,
 * the toolbar with the search and the page's filters and export menu, a row action's failure, the body (a table,
 * or tabs of tables sharing the toolbar) and the page's drawers and dialogs as `children`.
 */
function ListFrame({
  heading,
  actions,
  notices,
  search,
  filters,
  exportMenu,
  failure,
  body,
  children,
}: FrameProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const toolbar =
    search || filters || exportMenu || (!heading && actions) ? (
      <div className="admin-panel__toolbar">
        {search ? (
          <TextField
            label={search.label}
            type="search"
            value={search.value}
            onChange={search.onChange}
            maxLength={SEARCH_TERM_MAX}
          />
        ) : null}
        {filters}
        {exportMenu}
        {heading ? null : actions}
      </div>
    ) : null;
  return (
    <div className={heading ? 'page admin stack' : 'admin-panel stack'}>
      {heading ? (
        <div className="page__header">
          <PageHeading>{heading}</PageHeading>
          {actions}
        </div>
      ) : null}
      {notices}
      {toolbar}
      {failure ? (
        <Alert variant="error" title={t('general.error_message')}>
          {errorText(failure)}
        </Alert>
      ) : null}
      {body}
      {children}
    </div>
  );
}

/** The table of a list page: its words and columns (the rows and pages come from the kit). */
export interface ListTableSpec<T> {
  label: string;
  columns: TableColumn<T>[];
  rowKey: (row: T) => string;
  emptyState: ReactNode;
  pagesLabel: string;
  sortable?: boolean;
  pagerAlways?: boolean;
}

/** A kit's list in its table with its pager. */
export function KitTable<T>({ kit, table }: { kit: KitView<T>; table: ListTableSpec<T> }) {
  return (
    <ListTable
      label={table.label}
      columns={table.columns}
      list={kit.query}
      rowKey={table.rowKey}
      {...(table.sortable && kit.sortBy ? { sort: kit.sort ?? null, onSortChange: kit.sortBy } : {})}
      emptyState={table.emptyState}
      pagesLabel={table.pagesLabel}
      page={kit.page ?? 1}
      onPageChange={kit.setPage ?? ONE_PAGE}
      pagerAlways={table.pagerAlways ?? false}
    />
  );
}

type PageProps = Omit<FrameProps, 'search' | 'body' | 'failure'> & {
  /** The search box's label; no search box without it. */
  search?: string;
};

/**
 * One back-office list page (document 2 §2, document 3 §2.3; the list-page kit with `useListKit`): the frame
 * (`ListFrame`), the table with its pager, and a row action's failure and its confirmation.
 */
export function ListPage<T>({
  search,
  kit,
  table,
  action,
  children,
  ...frame
}: PageProps & { kit: KitView<T>; table: ListTableSpec<T>; action?: RowAction }) {
  return (
    <ListFrame
      {...frame}
      search={search ? { label: search, value: kit.search ?? '', onChange: kit.setSearch ?? ONE_PAGE } : null}
      failure={action?.snapshot.context.error}
      body={<KitTable kit={kit} table={table} />}
    >
      {action ? (
        <ConfirmActionDialog
          confirming={action.snapshot.matches('confirming')}
          context={action.snapshot.context}
          send={action.send}
        />
      ) : null}
      {children}
    </ListFrame>
  );
}

/** One tab of a tabbed list page: its title and its list (a `KitTable`). */
export interface ListTab<K extends string> {
  id: K;
  title: string;
  list: ReactNode;
}

/**
 * Tabbed lists sharing one toolbar and search box (the contracts page; `useListTabs`, each tab's list a
 * `useListKit` reading the shared term): the frame, then the tabs with a list in each.
 */
export function TabbedListPage<K extends string>({
  search,
  state,
  tabsLabel,
  tabs,
  failure,
  ...frame
}: PageProps & {
  state: { tab: K; selectTab: (tab: K) => void; search: string; setSearch: (value: string) => void };
  tabsLabel: string;
  tabs: ListTab<K>[];
  failure?: unknown;
}) {
  return (
    <ListFrame
      {...frame}
      search={search ? { label: search, value: state.search, onChange: state.setSearch } : null}
      failure={failure}
      body={
        <Tabs selectedKey={state.tab} onSelectionChange={(key) => state.selectTab(key as K)}>
          <TabList label={tabsLabel}>
            {tabs.map((tab) => (
              <Tab key={tab.id} id={tab.id}>
                {tab.title}
              </Tab>
            ))}
          </TabList>
          {tabs.map((tab) => (
            <TabPanel key={tab.id} id={tab.id}>
              {tab.list}
            </TabPanel>
          ))}
        </Tabs>
      }
    />
  );
}

/** A property's list page while no property is selected: its heading and what to do. */
export function NoPropertyPage({ heading, text }: { heading: string; text: string }) {
  return (
    <div className="page admin">
      <PageHeading>{heading}</PageHeading>
      <EmptyState title={text} />
    </div>
  );
}
