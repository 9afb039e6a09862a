import { type DemoProperty, type DemoWorld, demoWorld } from '@tern/fixtures';

/**
 * The demo world grown to `count` hotels for benchmarks: the 22 demo properties repeated with new keys,
 * titles and positions spread around their city, each under a contract with the first agency (so its agent
 * sees them all in search). People, car stations and currency rates are the demo world's own.
 */
export function scaledWorld(count: number, base: DemoWorld = demoWorld): DemoWorld {
  const agency = base.agencies[0]!;
  const properties: DemoProperty[] = [];
  for (let i = 0; i < count; i++) {
    const source = base.properties[i % base.properties.length]!;
    const copy = Math.floor(i / base.properties.length);
    if (copy === 0) {
      properties.push(source);
      continue;
    }
    // A deterministic spiral of about ±0.1° around the original, so map-bounds filters select a share of them.
    const angle = copy * 2.399963;
    const radius = 0.1 * Math.sqrt(copy / (count / base.properties.length));
    properties.push({
      ...source,
      key: `${source.key}-${copy}`,
      title: `${source.title} ${copy + 1}`,
      latitude: source.latitude + radius * Math.cos(angle),
      longitude: source.longitude + radius * Math.sin(angle),
    });
  }
  const contracted = new Set(
    base.contracts.filter((c) => c.agencyKey === agency.key).map((c) => c.propertyKey),
  );
  const contracts = [
    ...base.contracts,
    ...properties
      .filter((p) => !contracted.has(p.key))
      .map((p) => ({
        agencyKey: agency.key,
        propertyKey: p.key,
        status: 'approved' as const,
        initiator: 'reseller' as const,
        modifierLogic: 'decrease_by_percent' as const,
        modifierAmount: 5,
        ratePlanKeys: [],
      })),
  ];
  return { ...base, properties, contracts };
}
