import { act, render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { deferred, FieldPlaceholder } from './deferred';

function later<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function Real({ label }: { label: string }) {
  return <button type="button">{label}</button>;
}

class Boundary extends Component<{ children: ReactNode }, { error: string | null }> {
  override state = { error: null as string | null };
  static getDerivedStateFromError(error: Error) {
    return { error: error.message };
  }
  override render() {
    return this.state.error ? <p>failed: {this.state.error}</p> : this.props.children;
  }
}

describe('deferred', () => {
  it('draws the placeholder with the same props until the chunk arrives, then the component', async () => {
    const chunk = later<typeof Real>();
    let loads = 0;
    const Deferred = deferred(
      () => {
        loads++;
        return chunk.promise;
      },
      ({ label }) => <FieldPlaceholder label={label} value="2 adults" />,
      'Real',
    );
    render(<Deferred label="Guests" />);
    expect(screen.getByText('Guests')).toBeTruthy();
    expect(screen.getByText('2 adults')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    await act(async () => chunk.resolve(Real));
    expect(screen.getByRole('button', { name: 'Guests' })).toBeTruthy();
    // Once there, a later use draws it at once, and the chunk was fetched once.
    render(<Deferred label="Again" />);
    expect(screen.getByRole('button', { name: 'Again' })).toBeTruthy();
    expect(loads).toBe(1);
  });

  it('draws the component at once after preload()', async () => {
    const Deferred = deferred(
      async () => Real,
      () => <p>waiting</p>,
      'Real',
    );
    await Deferred.preload();
    render(<Deferred label="Ready" />);
    expect(screen.getByRole('button', { name: 'Ready' })).toBeTruthy();
    expect(screen.queryByText('waiting')).toBeNull();
  });

  it('throws to the error boundary when the chunk cannot be fetched, and tries again on the next use', async () => {
    const first = later<typeof Real>();
    let attempt = 0;
    const Deferred = deferred(
      () => (++attempt === 1 ? first.promise : Promise.resolve(Real)),
      () => <p>waiting</p>,
      'Real',
    );
    render(
      <Boundary>
        <Deferred label="Guests" />
      </Boundary>,
    );
    await act(async () => first.reject(new Error('offline')));
    expect(screen.getByText('failed: offline')).toBeTruthy();
    await Deferred.preload();
    render(<Deferred label="Back" />);
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
  });
});
