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
