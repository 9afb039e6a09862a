import './Skeleton.css';

/** A grey placeholder block while content loads; hidden from assistive technology (the list says it is busy). */
export function Skeleton({
  width,
  height = '1rem',
  radius,
}: {
  width?: string;
  height?: string;
  radius?: string;
}) {
  return <span className="skeleton" aria-hidden="true" style={{ width, height, borderRadius: radius }} />;
}

/** The placeholder of one result card: a photo, a title, two lines and a price. */
export function SkeletonCard() {
  return (
    <div className="skeleton-card" aria-hidden="true">
      <Skeleton height="9rem" radius="var(--radius-md)" width="100%" />
      <div className="skeleton-card__body">
        <Skeleton width="70%" height="1.25rem" />
        <Skeleton width="90%" />
        <Skeleton width="50%" />
      </div>
    </div>
  );
}

/**
 * A page's, a list's or a drawer's first load (the one loading pattern, README "Loading"): grey lines where the
 * content will be, named for screen readers by `label` (a busy status).
 */
export function LoadingSkeleton({ label, lines = 3 }: { label: string; lines?: number }) {
  return (
    <div role="status" aria-busy="true" aria-label={label} className="stack">
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: lines }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on.
        <Skeleton key={i} width={LINE_WIDTHS[i % LINE_WIDTHS.length]} />
      ))}
    </div>
  );
}

const LINE_WIDTHS = ['80%', '60%', '70%'];
