import type { RatePlan, Unit } from '@tern/sdk';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertDialog } from '../../../components/AlertDialog';
import { Button } from '../../../components/Button';
import { Drawer } from '../../../components/Drawer';
import { EmptyState } from '../../../components/EmptyState';
import { PageHeading } from '../../../components/PageHeading';
import { LoadingSkeleton } from '../../../components/Skeleton';
import { toast } from '../../../components/Toast';
import { useSelectedProperty } from '../../../session/SelectedProperty';
import { useServices } from '../../../session/SessionContext';
import { QueryErrorState } from '../../errors/QueryErrorState';
import { useErrorText } from '../../errors/useErrorText';
import { SettingsFrame } from '../SettingsFrame';
import '../../admin/admin.css';
import './rooms.css';
import { RatePlanFormPanel } from './RatePlanForm';
import { useRatePlanOptions, useReloadRooms, useUnits } from './roomsData';
import { UnitFormPanel } from './UnitDrawer';
import { UnitsTable } from './UnitsTable';

/** The drawers' width (§9: 900 px, the whole window when narrower). */
const DRAWER_WIDTH = '900px';

type Deleting = { kind: 'unit'; unit: Unit } | { kind: 'plan'; unit: Unit; plan: RatePlan };

/**
 * `/settings/rooms-and-rates` (document 2 §2 "Rooms and rates page", §3, §5, §7, §8): the selected property's
 * units in a table whose rows open on their rate plans; a create button and drawers to add and edit a unit
 * (tabs General and Content) or a rate plan; deletes after a confirmation, a refusal (bookings still use it)
 * told in the server's words. What is saved sells at once.
 */
export function RoomsAndRatesPage() {
  const { t } = useTranslation();
  const { property } = useSelectedProperty();
  const propertyId = property?.id ?? null;
  const units = useUnits(propertyId);
  const [editingUnit, setEditingUnit] = useState<Unit | 'new' | null>(null);
  const [editingPlan, setEditingPlan] = useState<{ unit: Unit; plan: RatePlan | null } | null>(null);
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  const reload = useReloadRooms();

  return (
    <SettingsFrame>
      <div className="page admin stack">
        <div className="page__header">
          <PageHeading>{t('rooms_and_rates.heading')}</PageHeading>
          {propertyId ? (
            <Button onPress={() => setEditingUnit('new')}>{t('rooms_and_rates.add_unit')}</Button>
          ) : null}
        </div>
        <p>{t('rooms_and_rates.intro')}</p>
        {!propertyId ? (
          <EmptyState title={t('rooms_and_rates.no_property')} />
        ) : units.error ? (
          <QueryErrorState query={units} retryLabel={t('rooms_and_rates.retry')} />
        ) : (
          <UnitsTable
            propertyId={propertyId}
            units={units.data ?? []}
            isLoading={units.isPending}
            onEditUnit={setEditingUnit}
            onDeleteUnit={(unit) => setDeleting({ kind: 'unit', unit })}
            onAddPlan={(unit) => setEditingPlan({ unit, plan: null })}
            onEditPlan={(unit, plan) => setEditingPlan({ unit, plan })}
            onDeletePlan={(unit, plan) => setDeleting({ kind: 'plan', unit, plan })}
          />
        )}
      </div>
      {propertyId ? (
        <>
          <UnitDrawer
            propertyId={propertyId}
            editing={editingUnit}
            onClose={() => setEditingUnit(null)}
            onSaved={(unit, created) => {
              setEditingUnit(null);
              toast.success(
                t(created ? 'rooms_and_rates.notices.unit_created' : 'rooms_and_rates.notices.unit_saved', {
                  name: unit.title,
                }),
              );
              void reload();
            }}
          />
          <PlanDrawer
            propertyId={propertyId}
            editing={editingPlan}
            onClose={() => setEditingPlan(null)}
            onSaved={(plan, created) => {
              setEditingPlan(null);
              toast.success(
                t(created ? 'rooms_and_rates.notices.plan_created' : 'rooms_and_rates.notices.plan_saved', {
                  name: plan.title,
                }),
              );
              void reload();
            }}
          />
          <DeleteDialog
            propertyId={propertyId}
            deleting={deleting}
            onClose={() => setDeleting(null)}
            onDeleted={() => void reload()}
          />
        </>
      ) : null}
    </SettingsFrame>
  );
}

function UnitDrawer({
  propertyId,
  editing,
  onClose,
  onSaved,
}: {
  propertyId: string;
  editing: Unit | 'new' | null;
  onClose: () => void;
  onSaved: (unit: Unit, created: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      title={
        editing === 'new' || editing === null
          ? t('rooms_and_rates.unit.new_title')
          : t('rooms_and_rates.unit.edit_title', { name: editing.title })
      }
      isOpen={editing !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      side="end"
      width={DRAWER_WIDTH}
    >
      {(close) =>
        editing ? (
          <UnitFormPanel
            key={editing === 'new' ? 'new' : editing.id}
            propertyId={propertyId}
            unit={editing === 'new' ? null : editing}
            onCancel={close}
            onSaved={(unit) => onSaved(unit, editing === 'new')}
          />
        ) : null
      }
    </Drawer>
  );
}

function PlanDrawer({
  propertyId,
  editing,
  onClose,
  onSaved,
}: {
  propertyId: string;
  editing: { unit: Unit; plan: RatePlan | null } | null;
  onClose: () => void;
  onSaved: (plan: RatePlan, created: boolean) => void;
}) {
  const { t } = useTranslation();
  const title = !editing
    ? ''
    : editing.plan
      ? t('rooms_and_rates.plan.edit_title', { name: editing.plan.title })
      : t('rooms_and_rates.plan.new_title', { unit: editing.unit.title });
  return (
    <Drawer
      title={title}
      isOpen={editing !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      side="end"
      width={DRAWER_WIDTH}
    >
      {(close) =>
        editing ? (
          <PlanDrawerBody
            key={editing.plan?.id ?? `new-${editing.unit.id}`}
            propertyId={propertyId}
            unit={editing.unit}
            plan={editing.plan}
            onCancel={close}
            onSaved={(plan) => onSaved(plan, editing.plan === null)}
          />
        ) : null
      }
    </Drawer>
  );
}

/** Loads what the plan form offers (currency, policies, parents), then the form. */
function PlanDrawerBody({
  propertyId,
  unit,
  plan,
  onCancel,
  onSaved,
}: {
  propertyId: string;
  unit: Unit;
  plan: RatePlan | null;
  onCancel: () => void;
  onSaved: (plan: RatePlan) => void;
}) {
  const { t } = useTranslation();
  const choices = useRatePlanOptions(propertyId, unit.id);
  if (choices.isPending) return <LoadingSkeleton label={t('rooms_and_rates.plan.loading')} />;
  if (choices.error) return <QueryErrorState query={choices} />;
  return (
    <RatePlanFormPanel
      propertyId={propertyId}
      unit={unit}
      plan={plan}
      choices={choices.data}
      onCancel={onCancel}
      onSaved={onSaved}
    />
  );
}

/** The confirmation of a delete; a refusal (bookings still use it, plans inherit from it) is told as the server says. */
function DeleteDialog({
  propertyId,
  deleting,
  onClose,
  onDeleted,
}: {
  propertyId: string;
  deleting: Deleting | null;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { client } = useServices();
  const name = deleting ? (deleting.kind === 'unit' ? deleting.unit.title : deleting.plan.title) : '';
  const unitKind = deleting?.kind === 'unit';
  return (
    <AlertDialog
      title={
        deleting
          ? t(
              unitKind
                ? 'rooms_and_rates.confirm.delete_unit_title'
                : 'rooms_and_rates.confirm.delete_plan_title',
              {
                name,
              },
            )
          : ''
      }
      isOpen={deleting !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      variant="error"
      destructive
      confirmLabel={t('rooms_and_rates.confirm.delete')}
      cancelLabel={t('rooms_and_rates.confirm.cancel')}
      onConfirm={async () => {
        if (!deleting) return;
        try {
          if (deleting.kind === 'unit')
            await client.roomsAndRates.deleteUnit({
              params: { roomTypeId: deleting.unit.id },
              query: { propertyId },
            });
          else
            await client.roomsAndRates.deleteRatePlan({
              params: { ratePlanId: deleting.plan.id },
              query: { propertyId, roomTypeId: deleting.unit.id },
            });
          toast.success(
            t(unitKind ? 'rooms_and_rates.notices.unit_deleted' : 'rooms_and_rates.notices.plan_deleted', {
              name,
            }),
          );
          onDeleted();
        } catch (error) {
          toast.error(
            t(
              unitKind
                ? 'rooms_and_rates.notices.unit_not_deleted'
                : 'rooms_and_rates.notices.plan_not_deleted',
              {
                name,
              },
            ),
            errorText(error),
          );
        }
      }}
    >
      {t(unitKind ? 'rooms_and_rates.confirm.delete_unit_text' : 'rooms_and_rates.confirm.delete_plan_text')}
    </AlertDialog>
  );
}
