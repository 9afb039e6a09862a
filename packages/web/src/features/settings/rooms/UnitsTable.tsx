import { formatMoney } from '@tern/core/format';
import type { RatePlan, Unit } from '@tern/sdk';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { EmptyState } from '../../../components/EmptyState';
import { Table, type TableColumn } from '../../../components/Table';
import { useRatePlansOf } from './roomsData';

/** A row of the table: a unit, one of its plans once opened, or what stands for its plans meanwhile. */
type Row =
  | { kind: 'unit'; unit: Unit; open: boolean }
  | { kind: 'plan'; unit: Unit; plan: RatePlan }
  | { kind: 'plans'; unit: Unit; state: 'loading' | 'empty' | 'error'; retry?: () => void };

const rowKey = (row: Row) =>
  row.kind === 'unit'
    ? `unit:${row.unit.id}`
    : row.kind === 'plan'
      ? `plan:${row.plan.id}`
      : `plans:${row.unit.id}`;

export interface UnitsTableProps {
  propertyId: string;
  units: Unit[];
  isLoading: boolean;
  onEditUnit: (unit: Unit) => void;
  onDeleteUnit: (unit: Unit) => void;
  onAddPlan: (unit: Unit) => void;
  onEditPlan: (unit: Unit, plan: RatePlan) => void;
  onDeletePlan: (unit: Unit, plan: RatePlan) => void;
}

/**
 * The units with expandable rows (§2): a unit's disclosure button opens its rate plans as rows under it (read,
 * every page of them, when first opened). Each row has its actions; a plan row says its sell mode, meal type and
 * primary rate.
 */
export function UnitsTable({
  propertyId,
  units,
  isLoading,
  onEditUnit,
  onDeleteUnit,
  onAddPlan,
  onEditPlan,
  onDeletePlan,
}: UnitsTableProps) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const openIds = units.filter((u) => open.has(u.id)).map((u) => u.id);
  const plans = useRatePlansOf(propertyId, openIds);
  const toggle = (id: string) =>
    setOpen((before) => {
      const next = new Set(before);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const rows: Row[] = units.flatMap((unit): Row[] => {
    const head: Row = { kind: 'unit', unit, open: open.has(unit.id) };
    const query = plans.get(unit.id);
    if (!query) return [head];
    if (query.isPending) return [head, { kind: 'plans', unit, state: 'loading' }];
    if (query.error)
      return [head, { kind: 'plans', unit, state: 'error', retry: () => void query.refetch() }];
    if (query.data.length === 0) return [head, { kind: 'plans', unit, state: 'empty' }];
    return [head, ...query.data.map((plan): Row => ({ kind: 'plan', unit, plan }))];
  });

  const price = (plan: RatePlan) => {
    if (plan.inheritRate) return t('rooms_and_rates.inherited_price');
    const rate = plan.options.find((o) => o.isPrimary)?.rate;
    if (rate == null) return t('rooms_and_rates.no_price');
    const amount = formatMoney(rate, plan.currency, i18n.language);
    return plan.sellMode === 'per_person' && plan.primaryOccupancy
      ? `${amount} (${t('rooms_and_rates.plan.persons', { count: plan.primaryOccupancy })})`
      : amount;
  };

  const columns: TableColumn<Row>[] = [
    {
      id: 'open',
      label: t('rooms_and_rates.columns.plans'),
      hideLabelOnPhone: true,
      render: (row) =>
        row.kind === 'unit' ? (
          <Button
            variant="quiet"
            className="rooms-toggle"
            aria-expanded={row.open}
            aria-label={t('rooms_and_rates.show_plans', { name: row.unit.title })}
            onPress={() => toggle(row.unit.id)}
          >
            <span aria-hidden="true">{row.open ? '▾' : '▸'}</span>
          </Button>
        ) : null,
    },
    {
      id: 'name',
      label: t('rooms_and_rates.columns.name'),
      isRowHeader: true,
      render: (row) =>
        row.kind === 'unit' ? (
          <strong>{row.unit.title}</strong>
        ) : row.kind === 'plan' ? (
          <span className="rooms-plan-name">
            {row.plan.title}
            <span className="visually-hidden">
              , {t('rooms_and_rates.plan_of', { unit: row.unit.title })}
            </span>
          </span>
        ) : (
          <span className="rooms-plan-name rooms-muted">
            {row.state === 'loading'
              ? t('rooms_and_rates.plans_loading', { name: row.unit.title })
              : row.state === 'empty'
                ? t('rooms_and_rates.no_plans', { name: row.unit.title })
                : t('rooms_and_rates.plans_error', { name: row.unit.title })}
          </span>
        ),
    },
    {
      id: 'details',
      label: t('rooms_and_rates.columns.details'),
      render: (row) =>
        row.kind === 'unit'
          ? `${t(`rooms_and_rates.room_kinds.${row.unit.roomKind}`)} · ${t('rooms_and_rates.plan_count', {
              count: row.unit.ratePlans,
            })}`
          : row.kind === 'plan'
            ? t('rooms_and_rates.plan_summary', {
                sellMode: t(`rooms_and_rates.plan.sell_modes.${row.plan.sellMode}`),
                mealType: t(`meal_types.${row.plan.mealType}`),
                price: price(row.plan),
              })
            : '',
    },
    {
      id: 'rooms',
      label: t('rooms_and_rates.columns.rooms'),
      numeric: true,
      render: (row) => (row.kind === 'unit' ? String(row.unit.countOfRooms) : ''),
    },
    {
      id: 'occupancy',
      label: t('rooms_and_rates.columns.occupancy'),
      render: (row) =>
        row.kind === 'unit'
          ? t('rooms_and_rates.occupancy_summary', {
              adults: t('rooms_and_rates.occupancy_adults', { count: row.unit.occAdults }),
              children: t('rooms_and_rates.occupancy_children', { count: row.unit.occChildren }),
              infants: t('rooms_and_rates.occupancy_infants', { count: row.unit.occInfants }),
            })
          : '',
    },
    {
      id: 'actions',
      label: t('rooms_and_rates.columns.actions'),
      hideLabelOnPhone: true,
      render: (row) => {
        if (row.kind === 'plans')
          return row.retry ? (
            <Button variant="secondary" onPress={row.retry}>
              {t('rooms_and_rates.retry')}
            </Button>
          ) : null;
        if (row.kind === 'plan')
          return (
            <div className="admin-quick">
              <Button
                variant="secondary"
                aria-label={t('rooms_and_rates.actions.edit_plan', { name: row.plan.title })}
                onPress={() => onEditPlan(row.unit, row.plan)}
              >
                {t('rooms_and_rates.actions.edit')}
              </Button>
              <Button
                variant="quiet"
                aria-label={t('rooms_and_rates.actions.delete_plan', { name: row.plan.title })}
                onPress={() => onDeletePlan(row.unit, row.plan)}
              >
                {t('rooms_and_rates.actions.delete')}
              </Button>
            </div>
          );
        return (
          <div className="admin-quick">
            <Button
              variant="secondary"
              aria-label={t('rooms_and_rates.actions.edit_unit', { name: row.unit.title })}
              onPress={() => onEditUnit(row.unit)}
            >
              {t('rooms_and_rates.actions.edit')}
            </Button>
            <Button
              variant="secondary"
              aria-label={t('rooms_and_rates.actions.add_plan', { name: row.unit.title })}
              onPress={() => onAddPlan(row.unit)}
            >
              {t('rooms_and_rates.actions.add_plan_short')}
            </Button>
            <Button
              variant="quiet"
              aria-label={t('rooms_and_rates.actions.delete_unit', { name: row.unit.title })}
              onPress={() => onDeleteUnit(row.unit)}
            >
              {t('rooms_and_rates.actions.delete')}
            </Button>
          </div>
        );
      },
    },
  ];

  return (
    <Table
      label={t('rooms_and_rates.table')}
      columns={columns}
      items={rows}
      rowKey={rowKey}
      rowLabel={(row) =>
        row.kind === 'plan'
          ? t('rooms_and_rates.plan_row', { name: row.plan.title, unit: row.unit.title })
          : row.unit.title
      }
      isLoading={isLoading}
      loadingLabel={t('rooms_and_rates.loading')}
      emptyState={
        <EmptyState title={t('rooms_and_rates.empty')}>{t('rooms_and_rates.empty_text')}</EmptyState>
      }
      className="rooms-table"
    />
  );
}
