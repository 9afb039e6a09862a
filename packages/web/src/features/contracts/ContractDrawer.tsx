import {
  CONTRACT_DRAWER_WIDTH,
  CONTRACT_MODIFIERS,
  type ContractFormErrors,
  type ContractTarget,
  contractFormActors,
  contractFormMachine,
} from '@tern/core/contracts';
import type { ContractRecord } from '@tern/sdk';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/Alert';
import { Checkbox } from '../../components/Checkbox';
import { Drawer } from '../../components/Drawer';
import { ErrorState } from '../../components/ErrorState';
import { FormFrame } from '../../components/FormFrame';
import { Select } from '../../components/Select';
import { Skeleton } from '../../components/Skeleton';
import { TextField } from '../../components/TextField';
import { useServices } from '../../session/SessionContext';
import { useErrorText } from '../errors/useErrorText';
import { SendButtons } from './SendButtons';

type Field = keyof ContractFormErrors;

const ERROR_KEY: Record<NonNullable<ContractFormErrors[Field]>, string> = {
  required: 'validation_messages.required',
  amount: 'contracts.amount_error',
  plans: 'contracts.plans_error',
};

/**
 * The contract drawer (document 1 §5, 400 px; R133–R136), driven by core's `contractFormMachine`: a supplier
 * proposes to an agency for the selected property, a reseller proposes terms to a property from discover. On the
 * form frame (errors by their fields and one summary); a failed load says so with a retry.
 */
export function ContractDrawer({
  target,
  onClose,
  onCreated,
}: {
  target: ContractTarget | null;
  onClose: () => void;
  onCreated: (contract: ContractRecord) => void;
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      title={
        target?.name
          ? t('contracts.propose_terms_named', { name: target.name })
          : t('contracts.propose_title')
      }
      isOpen={target !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      side="end"
      width={`${CONTRACT_DRAWER_WIDTH}px`}
    >
      {(close) => (target ? <ContractForm target={target} onCancel={close} onCreated={onCreated} /> : null)}
    </Drawer>
  );
}

function ContractForm({
  target,
  onCancel,
  onCreated,
}: {
  target: ContractTarget;
  onCancel: () => void;
  onCreated: (contract: ContractRecord) => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { client } = useServices();
  const logic = useMemo(() => contractFormMachine.provide({ actors: contractFormActors(client) }), [client]);
  const { name: _name, ...input } = target;
  const [snapshot, send, actor] = useMachine(logic, { input });
  const created = useRef(onCreated);
  created.current = onCreated;
  useEffect(() => {
    const subscription = actor.on('contract.created', (event) => created.current(event.contract));
    return () => subscription.unsubscribe();
  }, [actor]);
  // A field's error shows beside it once it was changed.
  const [touched, setTouched] = useState<Set<Field>>(new Set());
  const touch = (field: Field) => setTouched((prev) => new Set(prev).add(field));
  const { form, plans, agencies, errors, error } = snapshot.context;
  const errorOf = (field: Field) => {
    const problem = errors[field];
    return problem && touched.has(field) ? t(ERROR_KEY[problem]) : null;
  };

  if (snapshot.matches('loading'))
    return (
      <div role="status" className="contract-drawer stack">
        <span className="visually-hidden">{t('general.loading')}</span>
        <Skeleton height="2.5rem" width="100%" />
        <Skeleton height="2.5rem" width="100%" />
        <Skeleton height="6rem" width="100%" />
      </div>
    );
  if (snapshot.matches('loadFailed'))
    return (
      <div className="contract-drawer stack">
        <ErrorState onRetry={() => send({ type: 'retry' })}>{errorText(error)}</ErrorState>
      </div>
    );

  const allChosen = plans.length > 0 && form.ratePlanIds.length === plans.length;
  const agencyError = errorOf('agentId');
  const plansError = errorOf('ratePlanIds');
  const canSend = snapshot.can({ type: 'submit' });
  return (
    <FormFrame
      className="contract-drawer"
      // Send asks the machine (R133): only a valid form goes, so the summary has only a refusal to say.
      onSubmit={() => send({ type: 'submit' })}
      busy={snapshot.hasTag('busy')}
      // Leaving the page asks first once anything was changed (a sent proposal closes the drawer).
      dirty={touched.size > 0 && !snapshot.matches('created')}
      problems={[]}
      failure={error ? errorText(error) : null}
      actions={
        <SendButtons
          label={t('contracts.send_proposal')}
          isDisabled={!canSend}
          isPending={snapshot.matches('sending')}
          onCancel={onCancel}
        />
      }
    >
      {target.side === 'supplier' ? (
        <Select
          label={t('contracts.agency')}
          name="agentId"
          options={agencies}
          selectedKey={form.agentId || null}
          onSelectionChange={(value) => {
            touch('agentId');
            send({ type: 'field.change', field: 'agentId', value });
          }}
          errorMessage={agencyError}
        />
      ) : null}
      <Select
        label={t('contracts.modifier_type')}
        options={CONTRACT_MODIFIERS.map((logic) => ({ id: logic, label: t(`contracts.logic.${logic}`) }))}
        name="modifierLogic"
        selectedKey={form.modifierLogic || null}
        onSelectionChange={(value) => {
          touch('modifierLogic');
          send({ type: 'field.change', field: 'modifierLogic', value });
        }}
        errorMessage={errorOf('modifierLogic')}
      />
      <TextField
        label={t('contracts.amount')}
        name="modifierAmount"
        description={t('contracts.amount_hint')}
        inputMode="text"
        value={form.modifierAmount}
        onChange={(value) => {
          touch('modifierAmount');
          send({ type: 'field.change', field: 'modifierAmount', value });
        }}
        errorMessage={errorOf('modifierAmount')}
      />
      {target.propertyType === 'vehicle' ? (
        <p className="muted">{t('contracts.cars_note')}</p>
      ) : plans.length === 0 ? (
        <Alert variant="warning">{t('contracts.no_rates')}</Alert>
      ) : (
        <fieldset
          className="contracts__plans"
          data-field="ratePlanIds"
          aria-invalid={plansError ? true : undefined}
          aria-describedby={plansError ? 'contract-plans-error' : undefined}
        >
          <legend>{t('contracts.plans')}</legend>
          <Checkbox
            isSelected={allChosen}
            isIndeterminate={!allChosen && form.ratePlanIds.length > 0}
            onChange={(selected) => {
              touch('ratePlanIds');
              send({ type: 'plans.all', selected });
            }}
          >
            {t('contracts.select_all')}
          </Checkbox>
          {plans.map((plan) => (
            <Checkbox
              key={plan.id}
              isSelected={form.ratePlanIds.includes(plan.id)}
              onChange={(selected) => {
                touch('ratePlanIds');
                send({ type: 'plan.toggle', id: plan.id, selected });
              }}
            >
              {plan.label}
            </Checkbox>
          ))}
          {plansError ? (
            <p id="contract-plans-error" className="field__error">
              {plansError}
            </p>
          ) : null}
        </fieldset>
      )}
    </FormFrame>
  );
}
