import type { PlaceRef } from '@tern/core/bookingEngine';
import type { KindSegment as Kind } from '@tern/sdk';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ComboBox } from '../../../components/ComboBox';
import { usePlaces } from '../usePlaces';

/** What the destination field holds: a place picked from the list, or only typed text. */
export interface PlaceChoice {
  place: PlaceRef | null;
  text: string;
}

export interface PlaceFieldProps {
  kind: Kind;
  value: PlaceChoice;
  onChange: (value: PlaceChoice) => void;
  label: string;
  placeholder: string;
  hideLabel?: boolean;
  className?: string;
}

/** The destination picker (document 1 §2): cities, countries and properties from `places`. */
export function PlaceField({
  kind,
  value,
  onChange,
  label,
  placeholder,
  hideLabel,
  className,
}: PlaceFieldProps) {
  const { t } = useTranslation();
  const [focused, setFocused] = useState(false);
  const { places, items, loading } = usePlaces(kind, value.text, focused || value.text !== '');
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: focus tracking only; the combobox inside is the control.
    <div className={className} onFocus={() => setFocused(true)}>
      <ComboBox
        label={label}
        hideLabel={hideLabel}
        placeholder={placeholder}
        items={items}
        inputValue={value.text}
        onInputChange={(text) => {
          if (text === value.text) return;
          onChange({ place: value.place && value.place.title === text ? value.place : null, text });
        }}
        selectedKey={value.place?.id ?? null}
        onSelectionChange={(key) => {
          const place = places.find((p) => p.id === key) ?? null;
          if (place) onChange({ place, text: place.title });
        }}
        isLoading={loading && focused}
        loadingLabel={t('search_form.destination_loading')}
        emptyText={t('search_form.destination_empty')}
        menuTrigger="focus"
      />
    </div>
  );
}
