import { formatDay, formatMoney } from '@tern/core/format';
import type { Products } from '@tern/sdk';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { Link } from '../../components/Link';
import { PageHeading } from '../../components/PageHeading';
import type { TableColumn } from '../../components/Table';
import { useApiQuery } from '../../data/useApiQuery';
import { useSelectedProperty } from '../../session/SelectedProperty';
import '../admin/admin.css';
import { KitTable, NoPropertyPage } from '../lists/ListPage';
import type { ListQuery } from '../lists/ListTable';

type ProductType = Products['types'][number];
type ProductOption = Products['campaignOptions'][number];

/** One of the reply's two lists as a list query of the kit (read whole: one page, no pager). */
function listOf<T>(
  query: { data?: Products | undefined; error: Error | null; isPending: boolean; refetch: () => unknown },
  pick: (products: Products) => T[],
): ListQuery<T> {
  const items = query.data ? pick(query.data) : undefined;
  return {
    data: items && { items, meta: { total: items.length, limit: Math.max(1, items.length) } },
    error: query.error,
    isPending: query.isPending,
    isPlaceholderData: false,
    refetch: query.refetch,
  };
}

/**
 * `/products` (document 2 names it; docs/decisions.md "/products"): what the selected property sells, read-only —
 * its gift card types with stock, cards issued and redeemed, sales and stores, and its campaigns' gifts with how
 * many recipients picked each. Each row links to the screen where it is changed.
 */
export function ProductsPage() {
  const { t, i18n } = useTranslation();
  const { property } = useSelectedProperty();
  const propertyId = property?.id ?? null;
  const products = useApiQuery(
    ['products', propertyId],
    (client, signal) => client.products.list({ query: { propertyId: propertyId! } }, { signal }),
    { enabled: propertyId !== null },
  );
  if (!property)
    return <NoPropertyPage heading={t('products_page.heading')} text={t('products_page.no_property')} />;
  const money = (amount: number, currency: string) => formatMoney(amount, currency, i18n.language);
  const typeColumns: TableColumn<ProductType>[] = [
    {
      id: 'title',
      label: t('products_page.types.columns.title'),
      isRowHeader: true,
      render: (type) => <Link href="/gift-cards">{type.title}</Link>,
    },
    {
      id: 'status',
      label: t('products_page.types.columns.status'),
      render: (type) => t(`products_page.status.${type.status}`),
    },
    {
      id: 'price',
      label: t('products_page.types.columns.price'),
      numeric: true,
      nowrap: true,
      render: (type) => money(type.price, type.currency),
    },
    {
      id: 'stock',
      label: t('products_page.types.columns.stock'),
      numeric: true,
      render: (type) => t('products_page.types.stock_of', { stock: type.stock, limit: type.limit }),
    },
    {
      id: 'issued',
      label: t('products_page.types.columns.issued'),
      numeric: true,
      render: (type) => type.issued,
    },
    {
      id: 'redeemed',
      label: t('products_page.types.columns.redeemed'),
      numeric: true,
      render: (type) => type.redeemed,
    },
    {
      id: 'sales',
      label: t('products_page.types.columns.sales'),
      numeric: true,
      nowrap: true,
      render: (type) => money(type.sales, type.currency),
    },
    {
      id: 'stores',
      label: t('products_page.types.columns.stores'),
      render: (type) => (type.stores.length ? type.stores.join(', ') : t('products_page.types.no_store')),
    },
  ];
  const optionColumns: TableColumn<ProductOption>[] = [
    {
      id: 'name',
      label: t('products_page.options.columns.name'),
      isRowHeader: true,
      render: (option) => <Link href="/gift-campaigns">{option.name}</Link>,
    },
    {
      id: 'campaign',
      label: t('products_page.options.columns.campaign'),
      render: (option) => option.campaignName,
    },
    {
      id: 'status',
      label: t('products_page.options.columns.status'),
      render: (option) => t(`products_page.status.${option.campaignStatus}`),
    },
    {
      id: 'type',
      label: t('products_page.options.columns.type'),
      render: (option) => option.giftCardTypeTitle,
    },
    {
      id: 'expires',
      label: t('products_page.options.columns.expires'),
      nowrap: true,
      render: (option) => formatDay(option.expirationDate),
    },
    {
      id: 'picked',
      label: t('products_page.options.columns.picked'),
      numeric: true,
      render: (option) => option.picked,
    },
  ];
  return (
    <div className="page admin stack">
      <PageHeading>{t('products_page.heading')}</PageHeading>
      <p>{t('products_page.intro')}</p>
      <ProductTable
        id="products-types"
        part="types"
        query={listOf(products, (p) => p.types)}
        columns={typeColumns}
        rowKey={(type) => type.id}
      />
      <ProductTable
        id="products-options"
        part="options"
        query={listOf(products, (p) => p.campaignOptions)}
        columns={optionColumns}
        rowKey={(option) => option.optionId}
      />
    </div>
  );
}

/** One of the page's two tables under its heading, on the list kit's table (its loading, empty and error states). */
function ProductTable<T>({
  id,
  part,
  query,
  columns,
  rowKey,
}: {
  id: string;
  part: 'types' | 'options';
  query: ListQuery<T>;
  columns: TableColumn<T>[];
  rowKey: (row: T) => string;
}) {
  const { t } = useTranslation();
  return (
    <section className="stack" aria-labelledby={id}>
      <h2 id={id}>{t(`products_page.${part}.heading`)}</h2>
      <KitTable
        kit={{ query }}
        table={{
          label: t(`products_page.${part}.table`),
          columns,
          rowKey,
          emptyState: <EmptyState title={t(`products_page.${part}.empty`)} />,
          pagesLabel: t(`products_page.${part}.pages`),
        }}
      />
    </section>
  );
}
