import Supercluster from 'supercluster';
import type { MapMarker } from './PriceMap';

/** What the map draws at a zoom: a marker on its own, or a cluster of markers too close to read apart. */
export type MapItem =
  | { kind: 'marker'; marker: MapMarker }
  | {
      kind: 'cluster';
      key: string;
      latitude: number;
      longitude: number;
      count: number;
      /** The marker with the lowest `amount` in the cluster, or null when none has a price. */
      lowest: MapMarker | null;
      /** The zoom at which the cluster splits (clicking it zooms there). */
      expansionZoom: number;
    };

/**
 * Price labels are about 90 px wide and a cluster's about 150: markers closer than this (in Leaflet's 256 px
 * tiles) are clustered.
 */
export const CLUSTER_RADIUS_PX = 110;
/** Past this zoom every marker stands alone (properties in one street stay apart). */
export const CLUSTER_MAX_ZOOM = 16;

/** A point: its marker's index. */
interface PointProps {
  index: number;
}
/** A cluster: its cheapest marker's index (-1 when none has a price) and that price. */
interface ClusterProps {
  lowest: number;
  amount: number;
}

const WORLD: [number, number, number, number] = [-180, -85, 180, 85];

/**
 * Groups markers that would overlap at a zoom (supercluster). The active marker is never hidden in a cluster.
 * A cluster carries its count and its cheapest marker, so it can say "4 properties from USD 120.00".
 */
export function markerClusters(markers: MapMarker[]) {
  const index = new Supercluster<PointProps, ClusterProps>({
    radius: CLUSTER_RADIUS_PX,
    extent: 256,
    maxZoom: CLUSTER_MAX_ZOOM,
    map: ({ index: i }) => {
      const amount = markers[i]?.amount;
      return amount === null || amount === undefined
        ? { lowest: -1, amount: Number.POSITIVE_INFINITY }
        : { lowest: i, amount };
    },
    reduce: (acc, props) => {
      if (props.lowest >= 0 && (acc.lowest < 0 || props.amount < acc.amount)) {
        acc.lowest = props.lowest;
        acc.amount = props.amount;
      }
    },
  });
  index.load(
    markers.flatMap((m, i) =>
      m.isActive
        ? []
        : [
            {
              type: 'Feature' as const,
              geometry: { type: 'Point' as const, coordinates: [m.longitude, m.latitude] },
              properties: { index: i },
            },
          ],
    ),
  );
  const active = markers.filter((m) => m.isActive).map((marker): MapItem => ({ kind: 'marker', marker }));
  return {
    /** The markers and clusters to draw at `zoom`, the active marker last (on top). */
    at(zoom: number): MapItem[] {
      const items = index.getClusters(WORLD, Math.floor(zoom)).map((feature): MapItem => {
        const [longitude, latitude] = feature.geometry.coordinates as [number, number];
        const props = feature.properties;
        if ('cluster' in props) {
          return {
            kind: 'cluster',
            key: `cluster-${props.cluster_id}`,
            latitude,
            longitude,
            count: props.point_count,
            lowest: props.lowest >= 0 ? (markers[props.lowest] ?? null) : null,
            expansionZoom: index.getClusterExpansionZoom(props.cluster_id),
          };
        }
        return { kind: 'marker', marker: markers[props.index] as MapMarker };
      });
      return [...items, ...active];
    },
  };
}
