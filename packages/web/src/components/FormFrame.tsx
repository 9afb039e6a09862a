import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from './Alert';
import { Button } from './Button';
import { useDrawerClose, useDrawerCloseGuard } from './Drawer';
import { LeaveDialog, useLeaveGuard } from './useLeaveGuard';
import './FormFrame.css';

/**
 * One field's error as the summary lists it: the field's `name` (its control's `name`, which the summary's link
 * focuses), its label (without one the words are listed alone) and the words shown beside it.
 */
export interface FormProblem {
  field: string;
  label: string | null;
  message: string;
}

/**
 * The summary's list for the fields named: each one whose words `messageOf` gives, with the label `labels` gives
 * it (`useFormFrame` gives it for a `useFormDrawer` form).
 */
export function problemsOf(
  fields: Iterable<string>,
  labels: Readonly<Record<string, string>>,
  messageOf: (field: string) => string | null | undefined,
): FormProblem[] {
  const problems: FormProblem[] = [];
  for (const field of fields) {
    const message = messageOf(field);
    if (message) problems.push({ field, label: labels[field] ?? null, message });
  }
  return problems;
}

export interface FormFrameProps {
  /** Sends the form (the browser's own submit is prevented). */
  onSubmit: () => void;
  /** A save is under way. */
  busy: boolean;
  /** The values differ from those loaded: leaving the page asks first (`useLeaveGuard`). */
  dirty: boolean;
  /** The fields' errors (each field shows its own beside it; the summary lists them, linked). */
  problems: readonly FormProblem[];
  /** A refused save's words, when the refusal is not (only) about fields. */
  failure: string | null;
  /**
   * The form's buttons, in the bar at its end (sticky), which nothing of the frame covers; without them, the usual
   * pair: Cancel (with `onCancel`) and the submit button saying `submitLabel`, disabled while saving.
   */
  actions?: ReactNode;
  submitLabel?: string;
  onCancel?: () => void;
  /** A polite note beside the buttons (the save went through), shown until the next edit. */
  notice?: string | null;
  /**
   * `dialog`: the form of a modal (a dialog or an alertdialog, whose buttons it is given as `actions`): its buttons
   * in the dialog's own row at its end rather than a sticky bar, and no note beside them (the dialog closes once
   * done).
   */
  variant?: 'page' | 'dialog';
  className?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  children: ReactNode;
}

/**
 * The bar of a form's buttons at its end, sticky (in sight while the form scrolls): notifications are lifted above
 * it (`toastLift`) and the frame's summary never covers it. A form off the frame (a drawer's single action) draws
 * its buttons in it too: its style comes with this module.
 */
export function FormActions({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={['admin-form__actions', className ?? ''].filter(Boolean).join(' ')}>{children}</div>;
}

const CONTROLS = 'input:not([type="hidden"]), button, textarea, select, [tabindex="0"]';
const isHidden = (element: Element) => element.closest('[aria-hidden="true"]') !== null;

/**
 * The control a summary link moves to: the one named `field` (its `name`: every field wrapper passes one), or
 * the first control of the field (or group, marked `data-field`) that holds it when that one cannot take the
 * focus (a select's or a date's hidden input).
 */
function controlOf(form: HTMLFormElement, { field }: FormProblem): HTMLElement | null {
  const name = CSS.escape(field);
  const named = form.querySelector<HTMLElement>(`[name="${name}"], [data-field="${name}"]`);
  if (!named) return null;
  if (named.matches(CONTROLS) && !isHidden(named)) return named;
  const box = named.closest('.field, .select, [data-field]') ?? named;
  return [...box.querySelectorAll<HTMLElement>(CONTROLS)].find((c) => !isHidden(c)) ?? null;
}

/**
 * Every back-office form's frame: the fields' errors beside the fields, one summary of them at the top — an
 * alert naming the failure and each field with a link that focuses it, which takes the focus when a submit
 * fails and can be dismissed (until the next submit) — and the buttons in a bar at the end that nothing covers.
 * A save that goes through clears what failed before (the form's machine forgets it). While the values are
 * changed and not saved, leaving the page asks first.
 */
export function FormFrame({
  onSubmit,
  busy,
  dirty,
  problems,
  failure,
  actions,
  submitLabel,
  onCancel,
  notice = null,
  variant = 'page',
  className,
  children,
  ...rest
}: FormFrameProps) {
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const [submits, setSubmits] = useState(0);
  const [dismissedAt, setDismissedAt] = useState(-1);
  const focusedAt = useRef(0);
  const failed = problems.length > 0 || failure !== null;
  const summaryShown = failed && dismissedAt !== submits;
  const leaveDialog = useLeaveGuard(dirty && !busy);
  // In a drawer, closing it (Escape, a click outside, its close button) asks first too.
  const closeDrawer = useDrawerClose();
  const [closing, setClosing] = useState(false);
  useDrawerCloseGuard(() => {
    if (!dirty || busy) return true;
    setClosing(true);
    return false;
  });

  // A submit that ends in errors (at once, by the form's rule, or when the server refuses) moves the focus to
  // the summary, once per submit.
  useEffect(() => {
    if (!summaryShown || busy || submits === 0 || focusedAt.current === submits) return;
    focusedAt.current = submits;
    summaryRef.current?.focus();
  }, [summaryShown, busy, submits]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmits((n) => n + 1);
    onSubmit();
  };

  const buttons = actions ?? (
    <>
      {onCancel ? (
        <Button variant="secondary" onPress={onCancel}>
          {t('form_frame.cancel')}
        </Button>
      ) : null}
      <Button type="submit" isDisabled={busy}>
        {submitLabel}
      </Button>
    </>
  );

  return (
    <>
      <form
        ref={formRef}
        className={['stack', variant === 'page' ? 'admin-form' : '', 'form-frame', className ?? '']
          .filter(Boolean)
          .join(' ')}
        onSubmit={submit}
        noValidate
        aria-label={rest['aria-label']}
        aria-labelledby={rest['aria-labelledby']}
      >
        {summaryShown ? (
          <Alert
            ref={summaryRef}
            variant="error"
            title={t('form_frame.summary_title')}
            action={
              <Button variant="quiet" onPress={() => setDismissedAt(submits)}>
                {t('form_frame.dismiss')}
              </Button>
            }
          >
            {failure ? <p>{failure}</p> : null}
            {problems.length > 0 ? (
              <ul className="form-frame__problems">
                {problems.map((problem) => (
                  <li key={problem.field}>
                    {problem.label ? (
                      <>
                        <Button
                          variant="link"
                          onPress={() => {
                            const form = formRef.current;
                            (form && controlOf(form, problem))?.focus();
                          }}
                        >
                          {problem.label}
                        </Button>
                        {': '}
                      </>
                    ) : null}
                    {problem.message}
                  </li>
                ))}
              </ul>
            ) : null}
          </Alert>
        ) : null}
        {children}
        {variant === 'page' ? (
          <FormActions className="form-frame__actions">
            <p className="form-frame__notice" role="status">
              {notice && !dirty && !failed ? notice : null}
            </p>
            {buttons}
          </FormActions>
        ) : (
          <div className="dialog__actions">{buttons}</div>
        )}
      </form>
      {leaveDialog}
      {closeDrawer ? (
        <LeaveDialog
          isOpen={closing}
          onLeave={() => {
            setClosing(false);
            closeDrawer();
          }}
          onStay={() => setClosing(false)}
        />
      ) : null}
    </>
  );
}
