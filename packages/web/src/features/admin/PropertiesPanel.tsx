import {
  type AdminPropertyDraft,
  adminPropertyBodyOf,
  adminPropertyFormInput,
  PROPERTY_TEXT_FIELDS,
  timeZoneOptions,
} from '@tern/core/admin';
import {
  ADMIN_PAGE_SIZE,
  type AdminProperty,
  type AdminPropertyType,
  HOTEL_TYPES,
  PMS_OPTIONS,
} from '@tern/sdk';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { ComboBox } from '../../components/ComboBox';
import { FormFrame } from '../../components/FormFrame';
import { Select } from '../../components/Select';
import { Switch } from '../../components/Switch';
import type { TableColumn } from '../../components/Table';
import { TextField } from '../../components/TextField';
import { toast } from '../../components/Toast';
import { useServices } from '../../session/SessionContext';
import { ListPage } from '../lists/ListPage';
import { RowDrawer } from '../lists/RowDrawer';
import { useListKit } from '../lists/useListKit';
import { AuditDrawer, type AuditTarget } from './AuditDrawer';
import { ADMIN_KEY, adminListTexts, CompanyActions, lockColumn } from './adminLists';
import { ADMIN_DRAWER_WIDTH } from './UserDrawer';
import { useConfirmedAction } from './useConfirmedAction';
import { useFormDrawer } from './useFormDrawer';
import { useFormFrame } from './useFormFrame';

/**
 * The properties list (document 2 §2): search, add; name and e-mail; edit and lock override on or off
 * (after a confirmation naming the property). 50 a page.
 */
export function PropertiesPanel() {
  const { t } = useTranslation();
  const { client } = useServices();
  const texts = adminListTexts(t, 'properties');
  const list = useListKit<AdminProperty>({
    root: ADMIN_KEY,
    name: 'properties',
    read: (c, { term, page }, signal) =>
      c.admin.listProperties({ query: { q: term || undefined, page, perPage: ADMIN_PAGE_SIZE } }, { signal }),
  });
  const [editing, setEditing] = useState<AdminProperty | 'new' | null>(null);
  const [history, setHistory] = useState<AuditTarget | null>(null);
  const action = useConfirmedAction(
    (target) =>
      client.admin.setPropertyLockOverride({
        params: { id: target.id },
        body: { lockOverride: target.action === 'lock_override_on' },
      }),
    (target) => {
      toast.success(t(`admin.notices.${target.action}`, { name: target.label }));
      void list.reload();
    },
  );
  const columns: TableColumn<AdminProperty>[] = [
    { id: 'name', label: t('admin.properties.name'), render: (p) => p.name, isRowHeader: true },
    { id: 'email', label: t('admin.properties.email'), render: (p) => p.email },
    lockColumn(t),
    {
      id: 'actions',
      label: t('admin.actions.label'),
      hideLabelOnPhone: true,
      render: (p) => (
        <CompanyActions
          row={p}
          onEdit={setEditing}
          onHistory={(row) => setHistory({ objectType: 'property', objectId: row.id, name: row.name })}
          send={action.send}
        />
      ),
    },
  ];
  return (
    <ListPage
      search={texts.search}
      actions={<Button onPress={() => setEditing('new')}>{texts.add}</Button>}
      kit={list}
      table={{ ...texts.table, columns, rowKey: (p) => p.id }}
      action={action}
    >
      <RowDrawer
        row={editing}
        title={t(editing === 'new' ? 'admin.properties.add_title' : 'admin.properties.edit_title')}
        width={ADMIN_DRAWER_WIDTH}
        onClose={() => setEditing(null)}
      >
        {(row, close) => (
          <PropertyForm
            property={row}
            onCancel={close}
            onSaved={(saved, created) => {
              setEditing(null);
              toast.success(
                t(created ? 'admin.notices.property_created' : 'general.success_message', {
                  name: saved.name,
                }),
              );
              void list.reload();
            }}
          />
        )}
      </RowDrawer>
      <AuditDrawer target={history} onClose={() => setHistory(null)} />
    </ListPage>
  );
}

/**
 * The admin's property form (document 2 §3, §5): name, PMS, e-mail, reply-to, property type (a car station or
 * one of the 22 lodging types; the kind stays once saved), the Channex id (masked; left as it is unless a new
 * one is typed), company number, contacts, address, the time zone from the IANA list with offsets, and whether
 * its gift store is in Icelandic only, with no language menu (document 3 §1; docs/decisions.md).
 */
function PropertyForm({
  property,
  onCancel,
  onSaved,
}: {
  property: AdminProperty | null;
  onCancel: () => void;
  onSaved: (property: AdminProperty, created: boolean) => void;
}) {
  const { t } = useTranslation();
  const { client } = useServices();
  const zones = useMemo(() => timeZoneOptions(new Date()), []);
  const [input] = useState(() => adminPropertyFormInput(property));
  const form = useFormDrawer<AdminPropertyDraft, AdminProperty>(
    input,
    (values) =>
      property
        ? client.admin.updateProperty({
            params: { id: property.id },
            body: adminPropertyBodyOf(values, 'edit'),
          })
        : client.admin.createProperty({ body: adminPropertyBodyOf(values, 'create') }),
    (saved) => onSaved(saved, property === null),
  );
  const { texts, frame } = useFormFrame(form, {
    ...Object.fromEntries(
      PROPERTY_TEXT_FIELDS.map(([field, label]) => [field, t(`admin.properties.${label}`)]),
    ),
    pms: t('admin.properties.pms'),
    propertyType: t('admin.properties.property_type'),
    channexPropertyId: t('admin.properties.channex_id'),
  });
  const { values: draft } = form;
  const set = form.change;
  const err = texts.field;
  const [zoneInput, setZoneInput] = useState(
    () => zones.find((z) => z.id === draft.timezone)?.label ?? draft.timezone,
  );
  // A saved hotel offers the lodging types, a saved car station only itself.
  const types: readonly AdminPropertyType[] = property
    ? property.propertyType === 'vehicle'
      ? ['vehicle']
      : HOTEL_TYPES
    : ['vehicle', ...HOTEL_TYPES];
  const shownZones = zones
    .filter((z) => z.label.toLowerCase().includes(zoneInput.toLowerCase()))
    .slice(0, 80);

  return (
    <FormFrame
      {...frame}
      onCancel={onCancel}
      submitLabel={t(property ? 'admin.save' : 'admin.properties.add')}
    >
      <div className="admin-form__grid">
        {PROPERTY_TEXT_FIELDS.slice(0, 4).map(([field, label, required]) => (
          <TextField
            key={field}
            name={field}
            label={t(`admin.properties.${label}`)}
            value={draft[field]}
            onChange={(value) => set({ [field]: value })}
            isRequired={required}
            {...(field === 'email' || field === 'replyToEmail'
              ? { type: 'email', inputMode: 'email' as const }
              : {})}
            errorMessage={err(field)}
          />
        ))}
        <Select
          name="pms"
          label={t('admin.properties.pms')}
          options={PMS_OPTIONS.map((id) => ({ id, label: t(`admin.pms.${id}`) }))}
          selectedKey={draft.pms}
          placeholder={t('general.choose')}
          onSelectionChange={(pms) => set({ pms })}
          errorMessage={err('pms')}
        />
        <Select
          name="propertyType"
          label={t('admin.properties.property_type')}
          options={types.map((id) => ({ id, label: t(`admin.property_types.${id}`) }))}
          selectedKey={draft.propertyType}
          placeholder={t('general.choose')}
          onSelectionChange={(type) => set({ propertyType: type as AdminPropertyType })}
          errorMessage={err('propertyType')}
        />
        <TextField
          label={t('admin.properties.channex_id')}
          name="channexPropertyId"
          type="password"
          autoComplete="off"
          value={draft.channexPropertyId}
          onChange={(channexPropertyId) => set({ channexPropertyId })}
          isRequired={property === null}
          description={
            property?.channexPropertyId
              ? t('admin.properties.channex_kept', { masked: property.channexPropertyId })
              : undefined
          }
          errorMessage={err('channexPropertyId')}
        />
        {PROPERTY_TEXT_FIELDS.slice(4).map(([field, label]) => (
          <TextField
            key={field}
            name={field}
            label={t(`admin.properties.${label}`)}
            value={draft[field]}
            onChange={(value) => set({ [field]: value })}
            {...(field === 'phone' ? { type: 'tel', inputMode: 'tel' as const } : {})}
          />
        ))}
        <ComboBox
          label={t('admin.properties.timezone')}
          items={shownZones.map((z) => ({ id: z.id, label: z.label }))}
          inputValue={zoneInput}
          onInputChange={setZoneInput}
          selectedKey={draft.timezone}
          onSelectionChange={(id) => {
            if (!id) return;
            set({ timezone: id });
            setZoneInput(zones.find((z) => z.id === id)?.label ?? id);
          }}
          menuTrigger="focus"
        />
        <Switch
          name="storeIcelandicOnly"
          isSelected={draft.storeIcelandicOnly}
          onChange={(storeIcelandicOnly) => set({ storeIcelandicOnly })}
        >
          {t('admin.properties.store_icelandic_only')}
        </Switch>
      </div>
    </FormFrame>
  );
}
