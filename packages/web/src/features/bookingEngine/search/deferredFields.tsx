import type { DateRangePickerProps } from '../../../components/DateRangePicker';
import { deferred, FieldPlaceholder } from '../../../components/deferred';
import type { PriceMapProps } from '../map/PriceMap';
import type { OccupancyPickerProps } from './OccupancyPicker';
import type { PlaceFieldProps } from './PlaceField';
import '../map/PriceMap.css';
import { useTranslation } from 'react-i18next';

// The search form's pickers and the map, each a chunk fetched as soon as the page draws: react-aria's
// popovers, list boxes and dialogs, the date picker with @internationalized/date, and the map's clustering
// are not in the page's first load (`bench/size.ts`). Until a chunk arrives its field shows its label and value.

/** `YYYY-MM-DD` as the date picker shows it, DD/MM/YYYY. */
function dayText(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${day}/${month}/${year}`;
}

export const DateRangePicker = deferred<DateRangePickerProps>(
  () => import('../../../components/DateRangePicker').then((m) => m.DateRangePicker),
  ({ label, hideLabel, value, className }) => (
    <FieldPlaceholder
      label={label}
      hideLabel={hideLabel}
      value={value ? `${dayText(value.start)} – ${dayText(value.end)}` : 'DD/MM/YYYY – DD/MM/YYYY'}
      className={className}
    />
  ),
  'DateRangePicker',
);

export const PlaceField = deferred<PlaceFieldProps>(
  () => import('./PlaceField').then((m) => m.PlaceField),
  ({ label, hideLabel, placeholder, value, className }) => (
    <FieldPlaceholder
      label={label}
      hideLabel={hideLabel}
      value={value.text || placeholder}
      className={className}
    />
  ),
  'PlaceField',
);

function OccupancyPlaceholder({ value, showLabel, className }: OccupancyPickerProps) {
  const { t } = useTranslation();
  const adults = t('occupancy.adults_count', { count: value.adults });
  const children = t('occupancy.children_count', { count: value.children });
  return (
    <FieldPlaceholder
      label={t('occupancy.label')}
      hideLabel={!showLabel}
      value={t('occupancy.summary', { adults, children })}
      className={className}
    />
  );
}

export const OccupancyPicker = deferred<OccupancyPickerProps>(
  () => import('./OccupancyPicker').then((m) => m.OccupancyPicker),
  OccupancyPlaceholder,
  'OccupancyPicker',
);

export interface CurrencySelectProps {
  value: string;
  onChange: (currency: string) => void;
  preferred?: string | null;
  className?: string;
  hideLabel?: boolean;
}

function CurrencyPlaceholder({ value, className, hideLabel }: CurrencySelectProps) {
  const { t } = useTranslation();
  return (
    <FieldPlaceholder label={t('currency.label')} hideLabel={hideLabel} value={value} className={className} />
  );
}

export const CurrencySelect = deferred<CurrencySelectProps>(
  () => import('./CurrencySelect').then((m) => m.CurrencySelect),
  CurrencyPlaceholder,
  'CurrencySelect',
);

/** The map's frame, grey as the map is before its tiles arrive. */
function MapPlaceholder({ label, height, className }: PriceMapProps) {
  return (
    <section
      aria-label={label}
      aria-busy="true"
      className={['price-map', className ?? ''].filter(Boolean).join(' ')}
      style={{ height }}
    >
      <div className="price-map__canvas" />
    </section>
  );
}

export const PriceMap = deferred<PriceMapProps>(
  () => import('../map/PriceMap').then((m) => m.PriceMap),
  MapPlaceholder,
  'PriceMap',
);

/** Every deferred part of the search forms, for tests that draw the page with them already loaded. */
export const searchFormParts = [DateRangePicker, PlaceField, OccupancyPicker, CurrencySelect, PriceMap];
