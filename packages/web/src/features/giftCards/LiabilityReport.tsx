import { type Day, deviceTimeZone, todayIn } from '@tern/core/dates';
import { formatAmount } from '@tern/core/format';
import { addMonthsToDay } from '@tern/core/giftCards';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { Select } from '../../components/Select';
import { LoadingSkeleton } from '../../components/Skeleton';
import { useApiQuery } from '../../data/useApiQuery';
import { QueryErrorState } from '../errors/QueryErrorState';
import { GIFT_CARDS_KEY } from './GiftCardTypesPage';
import { LiabilityChart, SERIES } from './LiabilityChart';
import './liability.css';

const RANGES = ['6', '12', '24'] as const;
type Range = (typeof RANGES)[number];

/** The months `from`–`to` (`YYYY-MM`) of the `months` up to the property's current one. */
export function liabilityMonths(today: Day, months: number): { from: string; to: string } {
  const to = today.slice(0, 7);
  const from = addMonthsToDay(`${to}-01` as Day, 1 - months).slice(0, 7);
  return { from, to };
}

/**
 * The liability ledger of the selected property (beyond the documents), loaded with the orders page's
 * "Liability ledger" (its own chunk): the chart of the last months and, for screen readers and anyone who wants
 * the figures, the same months as a table (shown on request, always in the accessibility tree).
 */
export function LiabilityReport({ propertyId, timezone }: { propertyId: string; timezone: string | null }) {
  const { t, i18n } = useTranslation();
  const [range, setRange] = useState<Range>('12');
  const [tableShown, setTableShown] = useState(false);
  const today = todayIn(timezone ?? deviceTimeZone());
  const query = { propertyId, ...liabilityMonths(today, Number(range)) };
  const report = useApiQuery([GIFT_CARDS_KEY, 'liability', query], (client, signal) =>
    client.giftCards.liability({ query }, { signal }),
  );
  const data = report.data;
  // The heading and the chart's title name the currency: the figures go without it.
  const value = (v: number) => formatAmount(v, data?.currency ?? '', i18n.language);
  const labels = Object.fromEntries(
    SERIES.map((s) => [s, t(`gift_card_orders.liability.series.${s}`)]),
  ) as Record<(typeof SERIES)[number], string>;
  const tableId = `liability-table-${propertyId}`;
  return (
    <section className="stack liability" aria-labelledby="liability-heading">
      <h2 id="liability-heading">{t('gift_card_orders.liability.heading')}</h2>
      {data ? <p>{t('gift_card_orders.liability.intro', { currency: data.currency })}</p> : null}
      <div className="admin-panel__toolbar">
        <Select
          label={t('gift_card_orders.liability.range')}
          options={RANGES.map((id) => ({ id, label: t(`gift_card_orders.liability.ranges.${id}`) }))}
          selectedKey={range}
          onSelectionChange={(key) => setRange(key as Range)}
        />
      </div>
      {report.error ? (
        <QueryErrorState query={report} />
      ) : !data ? (
        <LoadingSkeleton label={t('admin.loading')} />
      ) : (
        <>
          <LiabilityChart
            months={data.months}
            title={t('gift_card_orders.liability.chart', { currency: data.currency })}
            summary={t('gift_card_orders.liability.chart_summary', {
              from: data.months[0]?.month,
              to: data.months.at(-1)?.month,
              first: value(data.months[0]?.outstanding.value ?? 0),
              last: value(data.months.at(-1)?.outstanding.value ?? 0),
            })}
            formatValue={value}
            labels={labels}
          />
          <p>
            {t('gift_card_orders.liability.opening', {
              month: data.months[0]?.month,
              count: data.opening.count,
              value: value(data.opening.value),
            })}
          </p>
          <div>
            <Button
              variant="secondary"
              aria-expanded={tableShown}
              aria-controls={tableId}
              onPress={() => setTableShown(!tableShown)}
            >
              {t(
                tableShown
                  ? 'gift_card_orders.liability.hide_table'
                  : 'gift_card_orders.liability.show_table',
              )}
            </Button>
          </div>
          <div id={tableId} className={tableShown ? 'table-scroll' : 'visually-hidden'}>
            <table className="liability__table">
              <caption>{t('gift_card_orders.liability.table')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('gift_card_orders.liability.month')}</th>
                  {SERIES.map((s) => (
                    <th scope="col" key={s} className="numeric">
                      {labels[s]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.months.map((m) => (
                  <tr key={m.month}>
                    <th scope="row">{m.month}</th>
                    {SERIES.map((s) => (
                      <td key={s} className="numeric">
                        {t('gift_card_orders.liability.cell', {
                          count: m[s].count,
                          value: value(m[s].value),
                        })}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
