import { type CallOptions, type ClientOptions, endpointCaller, type TernClient } from './caller.js';
import { type Endpoint, type EndpointInput, endpointLookup } from './contract/define.js';
import { type Contract, contract as defaultContract } from './contract/index.js';

export type { CallOptions, ClientOptions, EndpointMethod, ResourceClient, TernClient } from './caller.js';

/** The typed client of the Tern API: one method per endpoint of `contract` (the whole contract by default). */
export function createClient(options: ClientOptions, contract: Contract = defaultContract): TernClient {
  const call = endpointCaller(options, endpointLookup(contract));
  const client: Record<string, unknown> = { call };
  for (const [area, endpoints] of Object.entries(contract)) {
    const methods: Record<string, unknown> = {};
    for (const [op, endpoint] of Object.entries(endpoints as Record<string, Endpoint>)) {
      methods[op] = (input?: EndpointInput<Endpoint>, callOptions?: CallOptions) =>
        call(endpoint, input, callOptions);
    }
    client[area] = methods;
  }
  return client as TernClient;
}
