import { useRouterState } from '@tanstack/react-router';
import { activeBookingFilterCount, BOOKINGS_TERM_MAX } from '@tern/core/bookings';
import type { BookingRecord } from '@tern/sdk';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { PageHeading } from '../../components/PageHeading';
import { Pager } from '../../components/Pager';
import { TextField } from '../../components/TextField';
import { toast } from '../../components/Toast';
import { useSelectedProperty } from '../../session/SelectedProperty';
import { useSignedInSession } from '../../session/SessionContext';
import { usePaymentLocked } from '../billing/usePaymentLocked';
import { useToday } from '../bookingEngine/useToday';
import { BookingDetails } from './BookingDetails';
import { BookingDrawer } from './BookingDrawer';
import { BookingFiltersPanel } from './BookingFiltersPanel';
import { BookingsTable } from './BookingsTable';
import { canonicalSearch, useBookingsList } from './useBookingsList';
import './bookings.css';
import { useErrorText } from '../errors/useErrorText';

/**
 * `/bookings` (document 1 §2, §5, §6, §8, §9; R111–R125). The list's filters, page and sort live in the
 * address: the list writes them there, and an address it did not write (Back, Forward, a link) starts the
 * list again from that address.
 */
export function BookingsPage() {
  const searchStr = useRouterState({ select: (s) => s.location.searchStr }).replace(/^\?/, '');
  const written = useRef(canonicalSearch(searchStr));
  const [seed, setSeed] = useState({ key: 0, search: searchStr });
  useEffect(() => {
    const canonical = canonicalSearch(searchStr);
    if (canonical === written.current) return;
    written.current = canonical;
    setSeed((current) => ({ key: current.key + 1, search: searchStr }));
  }, [searchStr]);
  const onAddress = useCallback((canonical: string) => {
    written.current = canonical;
  }, []);
  return <BookingsList key={seed.key} search={seed.search} onAddress={onAddress} />;
}

/**
 * The list itself: a free-text search (52 characters, 500 ms after the last key), the advanced search, a
 * sortable table ten a page, and the details drawer. Resellers see the supplier, suppliers and admins the
 * reseller; a supplier sees the selected property's bookings. Locked accounts (but admins) load nothing.
 */
function BookingsList({ search, onAddress }: { search: string; onAddress: (canonical: string) => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const session = useSignedInSession();
  const role = session.userRole;
  const { property } = useSelectedProperty();
  const locked = usePaymentLocked();
  const { snapshot, send, pages } = useBookingsList(
    { role, propertyId: role === 'supplier' ? (property?.id ?? null) : null, locked },
    search,
    onAddress,
  );
  const { context } = snapshot;
  const today = useToday();
  const panelId = useId();
  const filterCount = activeBookingFilterCount(context.filters);
  const [panel, setPanel] = useState<'closed' | 'open' | 'hidden'>(filterCount > 0 ? 'open' : 'closed');
  const [open, setOpen] = useState<BookingRecord | null>(null);
  const busy = snapshot.hasTag('busy');
  const filtered = filterCount > 0 || context.filters.term !== '';

  if (snapshot.matches('blocked')) {
    return (
      <div className="page">
        <div className="page__header">
          <PageHeading>{t('bookings.heading')}</PageHeading>
        </div>
        <EmptyState title={t('bookings.blocked_list.title')}>
          <p>
            {role === 'supplier' && !property
              ? t('bookings.blocked_list.no_property')
              : t('bookings.blocked_list.locked')}
          </p>
        </EmptyState>
      </div>
    );
  }

  return (
    <div className="page">
      <div className="page__header">
        <PageHeading>{t('bookings.heading')}</PageHeading>
      </div>
      <div className="bookings__toolbar">
        <div className="bookings__search">
          <TextField
            label={t('bookings.search')}
            value={context.termDraft}
            onChange={(term) => send({ type: 'term.change', term })}
            maxLength={BOOKINGS_TERM_MAX}
            inputMode="search"
          />
        </div>
        <Button
          variant="secondary"
          aria-expanded={panel === 'open'}
          aria-controls={panelId}
          onPress={() => setPanel((state) => (state === 'open' ? 'hidden' : 'open'))}
        >
          {t('bookings.filters.toggle')}
          {filterCount > 0 ? (
            <span className="bookings__badge">
              <span aria-hidden="true">{filterCount}</span>
              <span className="visually-hidden">{t('bookings.filters.active', { count: filterCount })}</span>
            </span>
          ) : null}
        </Button>
      </div>
      {panel !== 'closed' ? (
        <div hidden={panel === 'hidden'}>
          <BookingFiltersPanel
            id={panelId}
            role={role}
            filters={context.filters}
            today={today}
            onApply={(filters) => send({ type: 'filters.apply', filters })}
            onClear={() => send({ type: 'filters.clear' })}
          />
        </div>
      ) : null}
      {snapshot.matches('failed') ? (
        <ErrorState onRetry={() => send({ type: 'reload' })} retryLabel={t('bookings.retry')}>
          <p>{errorText(context.error)}</p>
        </ErrorState>
      ) : (
        <>
          <BookingsTable
            role={role}
            items={context.items}
            sort={context.sort}
            busy={busy}
            onSort={(by) => send({ type: 'sort.by', by })}
            onOpen={setOpen}
            emptyState={
              <EmptyState title={filtered ? t('bookings.no_match') : t('bookings.empty_title')}>
                <p>{filtered ? t('bookings.no_match_text') : t('bookings.empty_text')}</p>
              </EmptyState>
            }
          />
          {context.items.length > 0 ? (
            <div className="bookings__footer">
              <p className="muted">{t('bookings.total', { count: context.total })}</p>
              <Pager
                label={t('bookings.pages')}
                page={context.page}
                pages={pages}
                onChange={(page) => send({ type: 'page.go', page })}
                canGo={(page) => snapshot.can({ type: 'page.go', page })}
              />
            </div>
          ) : null}
        </>
      )}
      <BookingDrawer
        role={role}
        title={open ? t('bookings.details.title', { number: open.reservationId }) : ''}
        isOpen={open !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setOpen(null);
        }}
      >
        {(close) =>
          open ? (
            <BookingDetails
              key={open.id}
              booking={open}
              role={role}
              onClose={close}
              onChanged={() => send({ type: 'reload' })}
              onCanceled={(booking) => {
                setOpen(null);
                toast.success(t('bookings.canceled_notice', { number: booking.reservationId }));
                send({ type: 'reload' });
              }}
            />
          ) : null
        }
      </BookingDrawer>
    </div>
  );
}
