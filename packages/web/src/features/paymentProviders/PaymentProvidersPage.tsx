import {
  creatableProviders,
  type ProviderDraft,
  providerActions,
  providerFormFields,
  providerFormInput,
} from '@tern/core/paymentProviders';
import type { PaymentProvider, ProviderName } from '@tern/sdk';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { Checkbox } from '../../components/Checkbox';
import { EmptyState } from '../../components/EmptyState';
import { FormFrame } from '../../components/FormFrame';
import { Select } from '../../components/Select';
import type { TableColumn } from '../../components/Table';
import { TextField } from '../../components/TextField';
import { toast } from '../../components/Toast';
import { useServices } from '../../session/SessionContext';
import { useManagesSelectedProperty } from '../../session/useManagesSelectedProperty';
import { usePropertyFormats } from '../../session/usePropertyFormats';
import { DeleteDialog } from '../lists/DeleteDialog';
import { ListPage, NoPropertyPage } from '../lists/ListPage';
import { RowDrawer } from '../lists/RowDrawer';
import { usePropertyListKit } from '../lists/useListKit';
import { SettingsFrame } from '../settings/SettingsFrame';
import '../admin/admin.css';
import { useFormDrawer } from '../admin/useFormDrawer';
import { useFormFrame } from '../admin/useFormFrame';

/** The provider drawer: 900 px, the whole window at 900 px or less (document 2 §2). */
const PROVIDER_DRAWER_WIDTH = '900px';
const KEY = 'paymentProviders';

/** Leaves for the provider's onboarding (document 2 §4: on create, a Stripe provider's onboarding URL). */
const openOnboarding = (url: string) => window.location.assign(url);

/**
 * `/settings/payment-providers` (document 2 §2–§5, §8; M20): the selected property's providers — name, created,
 * updated, the default — with add and edit in a drawer, Stripe's connect, and delete (never the default nor
 * Stripe) after a confirmation. Secrets show masked; the messages are the document's. The writes are a manager's
 * (the contract's `managedProperty`): the property's staff see the list only.
 */
export function PaymentProvidersPage() {
  const { t } = useTranslation();
  const { instantDay } = usePropertyFormats();
  const { client } = useServices();
  const manager = useManagesSelectedProperty();
  const [editing, setEditing] = useState<PaymentProvider | 'new' | null>(null);
  const [deleting, setDeleting] = useState<PaymentProvider | null>(null);
  const kit = usePropertyListKit<PaymentProvider>({
    root: KEY,
    name: 'list',
    read: (c, { propertyId }, signal) => c.paymentProviders.list({ query: { propertyId } }, { signal }),
  });
  const { property, reload } = kit;
  const propertyId = property?.id ?? null;
  const failed = () => toast.error(t('payment_providers.failed'));

  const connect = async (provider: PaymentProvider) => {
    try {
      const again = await client.paymentProviders.stripeConnect({
        params: { id: provider.id },
        body: { propertyId: propertyId! },
      });
      if (again.details.onboardingAccountUrl) openOnboarding(again.details.onboardingAccountUrl);
    } catch {
      failed();
    }
  };
  const remove = async (provider: PaymentProvider) => {
    try {
      await client.paymentProviders.delete({
        params: { id: provider.id },
        query: { propertyId: propertyId! },
      });
      toast.success(t('payment_providers.deleted'));
      void reload();
    } catch {
      failed();
    }
  };

  const columns: TableColumn<PaymentProvider>[] = [
    {
      id: 'name',
      label: t('payment_providers.name'),
      isRowHeader: true,
      render: (p) => t(`payment_providers.names.${p.name}`),
    },
    {
      id: 'created',
      label: t('payment_providers.created'),
      nowrap: true,
      render: (p) => instantDay(p.createdAt),
    },
    {
      id: 'updated',
      label: t('payment_providers.updated'),
      nowrap: true,
      render: (p) => instantDay(p.updatedAt),
    },
    {
      id: 'default',
      label: t('payment_providers.default'),
      render: (p) =>
        p.default ? (
          <span>
            <span aria-hidden="true">✓</span>
            <span className="visually-hidden">{t('payment_providers.is_default')}</span>
          </span>
        ) : (
          <span className="visually-hidden">{t('payment_providers.not_default')}</span>
        ),
    },
    {
      id: 'actions',
      label: t('admin.actions.label'),
      hideLabelOnPhone: true,
      render: (p) => {
        const can = providerActions(p);
        const name = t(`payment_providers.names.${p.name}`);
        return (
          <div className="admin-quick">
            {can.connect ? (
              <Button variant="secondary" onPress={() => connect(p)}>
                {t('payment_providers.connect', { name })}
              </Button>
            ) : null}
            {can.edit ? (
              <Button variant="secondary" onPress={() => setEditing(p)}>
                {t('payment_providers.edit', { name })}
              </Button>
            ) : null}
            {can.delete ? (
              <Button variant="quiet" onPress={() => setDeleting(p)}>
                {t('payment_providers.delete', { name })}
              </Button>
            ) : null}
          </div>
        );
      },
    },
  ];

  if (!property)
    return (
      <SettingsFrame>
        <NoPropertyPage heading={t('payment_providers.heading')} text={t('payment_providers.no_property')} />
      </SettingsFrame>
    );
  return (
    <SettingsFrame>
      <ListPage
        heading={t('payment_providers.heading')}
        actions={
          manager ? <Button onPress={() => setEditing('new')}>{t('payment_providers.add')}</Button> : null
        }
        notices={
          manager ? null : <p className="field__description">{t('payment_providers.managers_only')}</p>
        }
        kit={kit}
        table={{
          label: t('payment_providers.table'),
          columns: manager ? columns : columns.filter((c) => c.id !== 'actions'),
          rowKey: (p) => p.id,
          emptyState: <EmptyState title={t('payment_providers.empty')} />,
          pagesLabel: t('payment_providers.pages'),
        }}
      >
        <DeleteDialog
          row={deleting}
          title={(p) =>
            t('payment_providers.confirm_delete', { name: t(`payment_providers.names.${p.name}`) })
          }
          onClose={() => setDeleting(null)}
          onConfirm={remove}
        >
          {t('payment_providers.confirm_delete_text')}
        </DeleteDialog>
        <RowDrawer
          row={editing}
          title={t(editing === 'new' ? 'payment_providers.add' : 'payment_providers.edit_title')}
          width={PROVIDER_DRAWER_WIDTH}
          onClose={() => setEditing(null)}
        >
          {(row, close) => (
            <ProviderForm
              propertyId={property.id}
              provider={row}
              onCancel={close}
              onSaved={(saved, created) => {
                setEditing(null);
                toast.success(
                  t(created ? 'payment_providers.created_message' : 'payment_providers.updated_message'),
                );
                void reload();
                if (created && saved.details.onboardingAccountUrl)
                  openOnboarding(saved.details.onboardingAccountUrl);
              }}
            />
          )}
        </RowDrawer>
      </ListPage>
    </SettingsFrame>
  );
}

function ProviderForm({
  propertyId,
  provider,
  onCancel,
  onSaved,
}: {
  propertyId: string;
  provider: PaymentProvider | null;
  onCancel: () => void;
  onSaved: (provider: PaymentProvider, created: boolean) => void;
}) {
  const { t } = useTranslation();
  const { client } = useServices();
  const [input] = useState(() => providerFormInput(provider));
  const form = useFormDrawer<ProviderDraft, PaymentProvider>(
    input,
    ({ name, details, isDefault }) =>
      provider
        ? client.paymentProviders.update({
            params: { id: provider.id },
            body: { propertyId, provider: { default: isDefault, details } },
          })
        : client.paymentProviders.create({
            body: { propertyId, provider: { name: name!, default: isDefault, details } },
          }),
    (saved) => onSaved(saved, provider === null),
  );
  const { values } = form;
  const { name, details, isDefault } = values;
  const { texts, frame } = useFormFrame(form, {
    name: t('payment_providers.name'),
    ...Object.fromEntries(
      (name ? providerFormFields(name) : []).map((f) => [f.name, t(`payment_providers.fields.${f.name}`)]),
    ),
  });
  return (
    <FormFrame
      {...frame}
      onCancel={onCancel}
      submitLabel={t(name === 'stripe' && !provider ? 'payment_providers.save_stripe' : 'admin.save')}
    >
      {provider ? (
        <p>
          <strong>{t(`payment_providers.names.${provider.name}`)}</strong>
        </p>
      ) : (
        <Select
          name="name"
          label={t('payment_providers.name')}
          options={creatableProviders().map((id) => ({ id, label: t(`payment_providers.names.${id}`) }))}
          selectedKey={name}
          placeholder={t('general.choose')}
          onSelectionChange={(id) => form.change({ name: id as ProviderName, details: {} })}
          errorMessage={texts.field('name')}
        />
      )}
      {name === 'stripe' && !provider ? (
        <p className="field__description">{t('payment_providers.stripe_note')}</p>
      ) : null}
      <div className="admin-form__grid">
        {name
          ? providerFormFields(name).map((f) => (
              <TextField
                key={f.name}
                name={f.name}
                label={t(`payment_providers.fields.${f.name}`)}
                {...(f.secret ? { type: 'password', autoComplete: 'off' } : {})}
                value={details[f.name] ?? ''}
                onChange={(value) => form.change({ details: { ...details, [f.name]: value } })}
                isRequired={!(f.secret && provider)}
                description={
                  f.secret && provider?.details[f.name]
                    ? t('payment_providers.secret_kept', { masked: provider.details[f.name] })
                    : undefined
                }
                errorMessage={texts.field(f.name)}
              />
            ))
          : null}
      </div>
      <Checkbox isSelected={isDefault} onChange={(on) => form.change({ isDefault: on })}>
        {t('payment_providers.make_default')}
      </Checkbox>
    </FormFrame>
  );
}
