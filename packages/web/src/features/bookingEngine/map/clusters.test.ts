import { describe, expect, it } from 'vitest';
import { CLUSTER_MAX_ZOOM, markerClusters } from './clusters';
import type { MapMarker } from './PriceMap';

// Three hotels a few hundred metres apart in Reykjavik, one in Akureyri (250 km away).
const marker = (id: string, latitude: number, longitude: number, amount: number | null): MapMarker => ({
  id,
  latitude,
  longitude,
  amount,
  label: amount === null ? '—' : `USD ${amount}.00`,
  title: id,
});
const harbour = marker('harbour', 64.1493, -21.9405, 240);
const lagoon = marker('lagoon', 64.1466, -21.9426, 180);
const unpriced = marker('unpriced', 64.148, -21.935, null);
const akureyri = marker('akureyri', 65.6885, -18.1262, 90);

describe('markerClusters', () => {
  it('groups markers too close to read apart: the count and the lowest price', () => {
    const items = markerClusters([harbour, lagoon, unpriced, akureyri]).at(10);
    const cluster = items.find((i) => i.kind === 'cluster');
    expect(cluster).toMatchObject({ kind: 'cluster', count: 3, lowest: lagoon });
    expect(cluster?.kind === 'cluster' && cluster.expansionZoom).toBeGreaterThan(10);
    expect(items.filter((i) => i.kind === 'marker').map((i) => i.kind === 'marker' && i.marker.id)).toEqual([
      'akureyri',
    ]);
  });

  it('says no lowest price when no marker in a cluster has one', () => {
    const other = marker('other', 64.1481, -21.9351, null);
    const [cluster] = markerClusters([unpriced, other]).at(8);
    expect(cluster).toMatchObject({ kind: 'cluster', count: 2, lowest: null });
  });

  it('shows every marker on its own once zoomed in past the clusters', () => {
    const items = markerClusters([harbour, lagoon, unpriced, akureyri]).at(CLUSTER_MAX_ZOOM + 1);
    expect(items.every((i) => i.kind === 'marker')).toBe(true);
    expect(items).toHaveLength(4);
  });

  it('never hides the active marker in a cluster, and draws it last', () => {
    const items = markerClusters([{ ...harbour, isActive: true }, lagoon, unpriced]).at(10);
    expect(items.at(-1)).toEqual({ kind: 'marker', marker: { ...harbour, isActive: true } });
    expect(items.find((i) => i.kind === 'cluster')).toMatchObject({ count: 2, lowest: lagoon });
  });
});
