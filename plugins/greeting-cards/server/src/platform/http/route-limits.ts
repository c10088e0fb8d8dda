import type { RouteDef } from './define-routes';
import type { LimitKind } from './rate-limit';

/** Marks a route as rate-limited (SERVICE_RATE_LIMIT_*): `writes` for changes, `renders` for PDFs. */
export function limited(kind: LimitKind, def: RouteDef): RouteDef {
  return {
    ...def,
    config: {
      ...def.config,
      middlewares: [...def.config.middlewares, { name: 'plugin::greeting-cards.rate-limit', config: { kind } }],
    },
  };
}
