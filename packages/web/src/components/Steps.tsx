import { instead, Link } from './Link';
import './Steps.css';

export interface Step {
  id: string;
  label: string;
  /** Where the step leads when it can be clicked; a step without `href` is shown, not linked. */
  href?: string;
  /**
   * When given, a plain click on the step's link (no modifier key: not a new tab) calls it instead of following
   * `href` — a flow whose machine opens the step itself (the booking flow's `step.select`).
   */
  onSelect?: () => void;
  isDisabled?: boolean;
}

export interface StepsProps {
  label: string;
  steps: Step[];
  currentId: string;
}

/** The steps of a flow, numbered; the current one has `aria-current="step"`. */
export function Steps({ label, steps, currentId }: StepsProps) {
  const currentIndex = steps.findIndex((s) => s.id === currentId);
  return (
    <nav aria-label={label} className="steps">
      <ol className="steps__list">
        {steps.map((step, index) => {
          const state = index < currentIndex ? 'done' : index === currentIndex ? 'current' : 'upcoming';
          const content = (
            <>
              <span className="steps__number" aria-hidden="true">
                {index + 1}
              </span>
              <span className="steps__label">{step.label}</span>
            </>
          );
          return (
            <li key={step.id} className={`steps__item steps__item--${state}`}>
              {step.href && !step.isDisabled ? (
                <Link
                  href={step.href}
                  variant="nav"
                  className="steps__link"
                  aria-current={state === 'current' ? 'step' : undefined}
                  onClick={step.onSelect ? instead(step.onSelect) : undefined}
                >
                  {content}
                </Link>
              ) : (
                <span
                  className="steps__link"
                  aria-current={state === 'current' ? 'step' : undefined}
                  aria-disabled={step.isDisabled ? true : undefined}
                >
                  {content}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
