import { type ComponentType, type ReactNode, useEffect, useState } from 'react';
import { Skeleton } from './Skeleton';
import './Field.css';

/** A component whose code is a chunk of its own, fetched after the page that shows it has drawn. */
export interface DeferredComponent<P> {
  (props: P): ReactNode;
  /** Starts fetching the chunk (once); resolves when the component can draw. */
  preload: () => Promise<unknown>;
  displayName?: string;
}

/**
 * Draws `Placeholder` (with the same props) until the component's chunk has arrived, then the component. The
 * chunk is fetched when the component first draws, or earlier through `preload()`; once it is there, every
 * later use draws the component at once. A chunk that cannot be fetched (the network is gone) throws in
 * render, to the route's error page, as a screen's own chunk would.
 *
 * It keeps the pieces a page does not need for its first draw (react-aria's overlays, the date picker, the
 * map's clustering) out of its first load: `bench/size.ts` counts what a page imports statically. The
 * placeholder keeps the piece's size, so the page does not move when it arrives.
 */
export function deferred<P extends object>(
  load: () => Promise<ComponentType<P>>,
  Placeholder: ComponentType<P>,
  name: string,
): DeferredComponent<P> {
  let Loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const preload = () => {
    pending ??= load().then(
      (component) => {
        Loaded = component;
        return component;
      },
      (error: unknown) => {
        pending = null; // the next use tries again
        throw error;
      },
    );
    return pending;
  };
  function Deferred(props: P) {
    const [, setReady] = useState(Loaded !== null);
    const [failure, setFailure] = useState<unknown>(null);
    useEffect(() => {
      if (Loaded) return;
      let current = true;
      preload().then(
        () => current && setReady(true),
        (error: unknown) => current && setFailure(() => error),
      );
      return () => {
        current = false;
      };
    }, []);
    if (failure) throw failure;
    const Component = Loaded ?? Placeholder;
    return <Component {...props} />;
  }
  Deferred.preload = preload;
  Deferred.displayName = `Deferred(${name})`;
  return Deferred;
}

/**
 * The placeholder of a form field while its control's chunk arrives: the field's label and a box of the
 * control's height showing the current value (or a grey line), not focusable.
 */
export function FieldPlaceholder({
  label,
  hideLabel,
  value,
  className,
}: {
  label: string;
  hideLabel?: boolean | undefined;
  value?: string | null | undefined;
  className?: string | undefined;
}) {
  return (
    <div className={['field', 'field--pending', className ?? ''].filter(Boolean).join(' ')} aria-busy="true">
      <span className={hideLabel ? 'visually-hidden' : 'field__label'}>{label}</span>
      <span className="field__control field__placeholder">
        {value ? <span className="field__placeholder-value">{value}</span> : <Skeleton width="60%" />}
      </span>
    </div>
  );
}
