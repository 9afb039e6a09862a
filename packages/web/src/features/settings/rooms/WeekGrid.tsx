import { parseNumber } from '@tern/core/format';
import { type RatePlanFormErrors, WEEK_RESTRICTION_FIELDS, type WeekRestrictions } from '@tern/core/rates';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '../../../components/Checkbox';

const DAYS = [0, 1, 2, 3, 4, 5, 6] as const;
const COUNTS = new Set<keyof WeekRestrictions>(['maxStay', 'minStayArrival', 'minStayThrough']);

/** A cell's field name (a form frame's summary links a week's error to its day's cell by it). */
export const weekCellName = (field: string, day: number) => `week.${field}.${day}`;

export interface WeekGridProps {
  week: WeekRestrictions;
  errors: RatePlanFormErrors['weekErrors'];
  onChange: (field: keyof WeekRestrictions, day: number, value: number | boolean) => void;
  /** Fields taken from the parent plan: shown, not edited. */
  inherited: ReadonlySet<keyof WeekRestrictions>;
}

/**
 * The six seven-day restriction arrays of §3, a row each and a column a weekday (Monday first): stays as whole
 * numbers, closures and stop sell as checkboxes. Each cell is named by its row and day; a row's first invalid
 * day is said under the grid (core's `weekErrors`).
 */
export function WeekGrid({ week, errors, onChange, inherited }: WeekGridProps) {
  const { t } = useTranslation();
  const day = (i: number, form: 'short' | 'long') => t(`rooms_and_rates.days.${form}.${i}`);
  const problems = WEEK_RESTRICTION_FIELDS.flatMap((field) => {
    const problem = errors?.[field];
    return problem ? [{ field, ...problem }] : [];
  });
  return (
    <div className="rooms-week">
      <table className="rooms-week__table">
        <caption className="visually-hidden">{t('rooms_and_rates.plan.restrictions')}</caption>
        <thead>
          <tr>
            <td />
            {DAYS.map((i) => (
              <th key={i} scope="col" abbr={day(i, 'long')}>
                {day(i, 'short')}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {WEEK_RESTRICTION_FIELDS.map((field) => {
            const label = t(`rooms_and_rates.plan.week.${field}`);
            const isInherited = inherited.has(field);
            return (
              <tr key={field}>
                <th scope="row">{label}</th>
                {DAYS.map((i) => {
                  const name = t('rooms_and_rates.plan.week_cell', { field: label, day: day(i, 'long') });
                  const invalid = errors?.[field]?.day === i;
                  return (
                    <td key={i}>
                      {COUNTS.has(field) ? (
                        <input
                          className="field__input rooms-week__number"
                          type="number"
                          inputMode="numeric"
                          min={field === 'maxStay' ? 0 : 1}
                          step={1}
                          aria-label={name}
                          name={weekCellName(field, i)}
                          aria-invalid={invalid || undefined}
                          disabled={isInherited}
                          value={Number.isNaN(week[field][i] as number) ? '' : String(week[field][i])}
                          onChange={(e) => onChange(field, i, parseNumber(e.target.value) ?? Number.NaN)}
                        />
                      ) : (
                        <Checkbox
                          name={weekCellName(field, i)}
                          isSelected={week[field][i] as boolean}
                          onChange={(on) => onChange(field, i, on)}
                          isDisabled={isInherited}
                        >
                          <span className="visually-hidden">{name}</span>
                        </Checkbox>
                      )}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
      {problems.map((p) => (
        <p key={p.field} className="field__error" role="alert">
          {t(`rooms_and_rates.plan.week.${p.field}`)} —{' '}
          {t('rooms_and_rates.plan.week_error', { day: day(p.day, 'long'), message: t(p.key) })}
        </p>
      ))}
    </div>
  );
}
