import { Label, RadioGroup as RACRadioGroup, Radio, Text } from 'react-aria-components';
import { FieldHelp } from './FieldHelp';
import './RadioGroup.css';

export interface RadioOption {
  id: string;
  label: string;
  /** Words under the option's label, told with it. */
  description?: string;
}

export interface RadioGroupProps {
  label: string;
  options: RadioOption[];
  value: string | null;
  onChange: (value: string) => void;
  isDisabled?: boolean;
  /** The group's problem, told with it (aria-describedby) and shown under it. */
  errorMessage?: string | null;
  /** Words about the choice, told with the group and shown under it. */
  description?: string | null;
  /** A field name, for a form frame's summary to find the group. */
  name?: string;
}

/** One choice of a few, every option in sight (a radiogroup; arrow keys move between the options). */
export function RadioGroup({
  label,
  options,
  value,
  onChange,
  isDisabled,
  errorMessage,
  description,
  name,
}: RadioGroupProps) {
  return (
    <RACRadioGroup
      className="radio-group field"
      value={value}
      onChange={onChange}
      isDisabled={isDisabled}
      isInvalid={Boolean(errorMessage)}
      validationBehavior="aria"
      {...(name ? { name } : {})}
    >
      <Label className="field__label">{label}</Label>
      <div className="radio-group__options">
        {options.map((option) => (
          <Radio key={option.id} value={option.id} className="radio">
            <span className="radio__dot" aria-hidden="true" />
            <span className="radio__text">
              {option.label}
              {option.description ? (
                <Text slot="description" className="radio__description">
                  {option.description}
                </Text>
              ) : null}
            </span>
          </Radio>
        ))}
      </div>
      <FieldHelp description={description} errorMessage={errorMessage} />
    </RACRadioGroup>
  );
}
