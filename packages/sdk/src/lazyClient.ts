import { type CallOptions, type ClientOptions, endpointCaller, type TernClient } from './caller.js';
import { areaLoaders } from './contract/areas.js';
import { type Area, type Endpoint, type EndpointInput, endpointLookup } from './contract/define.js';
import type { Contract } from './contract/index.js';
import { generatedEndpoints } from './decoders.js';

/**
 * The typed client of the Tern API, as `createClient` makes it, but with each area of the contract loaded at its
 * first call: a program that makes one call builds the zod schemas of one area, not of all twenty (the CLI's
 * start). Same methods, same errors, same decoding; `client.call(endpoint, …)` takes an endpoint the caller has
 * already loaded. An area's methods are found by name when called: enumerating `client.bookings` gives nothing.
 */
export function createLazyClient(options: ClientOptions): TernClient {
  const loaded: Record<string, Area> = {};
  const lookup = endpointLookup(loaded);
  const loading = new Map<string, Promise<Area>>();
  const load = (area: keyof Contract): Promise<Area> => {
    let promise = loading.get(area);
    if (!promise) {
      promise = areaLoaders[area]().then((endpoints) => {
        loaded[area] = endpoints as Area;
        return endpoints as Area;
      });
      loading.set(area, promise);
    }
    return promise;
  };
  const call = endpointCaller(options, lookup);
  // The generated decoders are checked against every endpoint they were made for: their areas load with the
  // first call of one of them.
  const generatedAreas = [...new Set(generatedEndpoints.map((name) => name.split('.')[0] as keyof Contract))];
  const callLoaded = async (area: keyof Contract, op: string, input: unknown, callOptions?: CallOptions) => {
    const endpoints = await load(area);
    const endpoint = Object.hasOwn(endpoints, op) ? endpoints[op] : undefined;
    if (!endpoint) throw new TypeError(`The Tern API has no endpoint ${area}.${op}`);
    if (generatedEndpoints.includes(endpoint.name)) await Promise.all(generatedAreas.map(load));
    return call(endpoint, input as EndpointInput<Endpoint>, callOptions);
  };
  const client: Record<string, unknown> = { call };
  for (const area of Object.keys(areaLoaders) as (keyof Contract)[]) {
    client[area] = new Proxy(
      {},
      {
        get: (_target, op) =>
          typeof op === 'string' && op !== 'then'
            ? (input?: unknown, callOptions?: CallOptions) => callLoaded(area, op, input, callOptions)
            : undefined,
      },
    );
  }
  return client as TernClient;
}
