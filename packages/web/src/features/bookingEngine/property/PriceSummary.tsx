import { formatPrice } from '@tern/core/bookingEngine';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface SummaryLine {
  key: string;
  label: string;
  amount: number;
}

export interface SummaryTax {
  title: string;
  amount: number;
  inclusive: boolean;
}

export interface PriceSummaryProps {
  headingLevel?: 2 | 3;
  lines: SummaryLine[];
  taxes: SummaryTax[];
  total: number | null;
  currency: string;
  /** Dates and nights, already worded. */
  period?: string;
  /** Alerts above the button (missing guest spaces, currency mismatch). */
  alerts?: ReactNode;
  /** The book (or search) button. */
  action?: ReactNode;
}

/** The price summary (document 1 §2): rooms chosen, each tax line with its amount, and the total. */
export function PriceSummary({
  headingLevel = 2,
  lines,
  taxes,
  total,
  currency,
  period,
  alerts,
  action,
}: PriceSummaryProps) {
  const { t } = useTranslation();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="price-summary" aria-labelledby="price-summary-heading">
      <Heading id="price-summary-heading" className="price-summary__heading">
        {t('price_summary.heading')}
      </Heading>
      {period ? <p className="price-summary__period muted">{period}</p> : null}
      {lines.length === 0 ? (
        <p className="muted">{t('price_summary.empty')}</p>
      ) : (
        <dl className="price-summary__lines">
          {lines.map((line) => (
            <div key={line.key} className="price-summary__line">
              <dt>{line.label}</dt>
              <dd>{formatPrice(line.amount, currency)}</dd>
            </div>
          ))}
          {taxes.map((tax) => (
            <div key={tax.title} className="price-summary__line price-summary__line--tax">
              <dt>{tax.inclusive ? t('price_summary.tax_included', { title: tax.title }) : tax.title}</dt>
              <dd>{formatPrice(tax.amount, currency)}</dd>
            </div>
          ))}
          <div className="price-summary__line price-summary__line--total">
            <dt>{t('price_summary.total')}</dt>
            <dd>{formatPrice(total, currency)}</dd>
          </div>
        </dl>
      )}
      {alerts ? <div className="price-summary__alerts">{alerts}</div> : null}
      {action ? <div className="price-summary__action">{action}</div> : null}
    </section>
  );
}
