import type { Key } from 'react-aria-components';
import {
  Button,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select as RACSelect,
  SelectValue,
} from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { FieldHelp } from './FieldHelp';
import './Select.css';

export interface SelectOption {
  id: string;
  label: string;
}

export interface SelectProps {
  label: string;
  /** Show the label to screen readers only (a compact toolbar select). */
  hideLabel?: boolean;
  options: SelectOption[];
  selectedKey: string | null;
  onSelectionChange: (key: string) => void;
  isDisabled?: boolean;
  className?: string;
  /** The field's problem, told with the field (aria-describedby) and shown under it. */
  errorMessage?: string | null;
  /** What the button says before a choice; "Choose…" by default. */
  placeholder?: string;
  /** Words about the choice, told with the field (aria-describedby) and shown under it. */
  description?: string | null;
  /** The form's name of the field (a hidden select carries it: a form frame's summary finds the field by it). */
  name?: string;
}

/** A single-choice drop-down (an aria select with a listbox popover). */
export function Select({
  label,
  hideLabel,
  options,
  selectedKey,
  onSelectionChange,
  isDisabled,
  className,
  errorMessage,
  placeholder,
  description,
  name,
}: SelectProps) {
  const { t } = useTranslation();
  return (
    <RACSelect
      className={['select', className ?? ''].filter(Boolean).join(' ')}
      selectedKey={selectedKey}
      onSelectionChange={(key: Key | null) => {
        if (key !== null) onSelectionChange(String(key));
      }}
      isDisabled={isDisabled}
      isInvalid={Boolean(errorMessage)}
      validationBehavior="aria"
      name={name}
      placeholder={placeholder ?? t('general.choose')}
    >
      <Label className={hideLabel ? 'visually-hidden' : 'field__label'}>{label}</Label>
      <Button className="select__button">
        <SelectValue className="select__value" />
        <span aria-hidden="true" className="select__chevron">
          ▾
        </span>
      </Button>
      <Popover className="select__popover">
        <ListBox className="select__list" items={options}>
          {(option) => (
            <ListBoxItem id={option.id} className="select__option" textValue={option.label}>
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
      <FieldHelp description={description} errorMessage={errorMessage} />
    </RACSelect>
  );
}
