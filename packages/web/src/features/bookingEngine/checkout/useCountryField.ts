import { useMemo, useState } from 'react';
import type { ComboBoxItem } from '../../../components/ComboBox';
import { countryName, countryOptions } from '../countries';

let all: ComboBoxItem[] | null = null;

/** The props of a country combobox: typing filters the list by name or code; the value is the code. */
export function useCountryField(value: string, onChange: (code: string) => void) {
  all ??= countryOptions();
  const [input, setInput] = useState(() => countryName(value));
  const [editing, setEditing] = useState(false);
  const shown = editing ? input : countryName(value);
  const items = useMemo(() => {
    const term = input.trim().toLowerCase();
    if (!editing || term === '') return all!;
    return all!.filter((c) => c.label.toLowerCase().includes(term) || c.id.toLowerCase() === term);
  }, [input, editing]);
  return {
    items,
    inputValue: shown,
    onInputChange: (text: string) => {
      setEditing(true);
      setInput(text);
      if (text.trim() === '') onChange('');
    },
    selectedKey: value || null,
    onSelectionChange: (key: string | null) => {
      setEditing(false);
      if (key !== null) {
        onChange(key);
        setInput(countryName(key));
      }
    },
  };
}
