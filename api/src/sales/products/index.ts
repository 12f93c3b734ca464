import { PRODUCT_CODES, type ProductCode } from '@oyster/shared-kit/domain';
import { ekasko } from './ekasko/index.js';
import { eosago } from './eosago/index.js';
import { vzr } from './vzr/index.js';
import { ifl } from './ifl/index.js';
import { iflHouse } from './ifl_house/index.js';
import { ipoteka } from './ipoteka/index.js';
import { manual } from './manual/index.js';
import type { ProductModule } from './types.js';

export type { ProductModule, ProductRow } from './types.js';

/**
 * The product modules the api sells (products/<code>/index.ts each). A contract's product must be one of
 * these: the routes take a product from this registry only (POST /api/v2/products/:product/… is registered
 * per module), so an unregistered code is refused before anything is written.
 *
 * A new product: its code in shared-kit sales/products.ts, its module here. Tests may register a module
 * of their own (registerProductModule) before the app starts.
 */
const MODULES = new Map<ProductCode, ProductModule>([
  [eosago.code, eosago as ProductModule],
  [ekasko.code, ekasko as ProductModule],
  [vzr.code, vzr as ProductModule],
  [ifl.code, ifl as ProductModule],
  [iflHouse.code, iflHouse as ProductModule],
  [ipoteka.code, ipoteka as ProductModule],
  [manual.code, manual as ProductModule],
]);

export function productModule(code: string): ProductModule | undefined {
  return MODULES.get(code as ProductCode);
}

export function productModules(): ProductModule[] {
  return [...MODULES.values()];
}

export function registerProductModule(m: ProductModule): void {
  if (!(PRODUCT_CODES as readonly string[]).includes(m.code)) throw new Error(`product ${m.code}: not in shared-kit sales/products.ts`);
  MODULES.set(m.code, m);
}

/** The module of a contract's product; a row of a product no longer registered is an error, not a guess. */
export function moduleOf(row: { product: string }): ProductModule {
  const m = productModule(row.product);
  if (!m) throw new Error(`product ${row.product} is not registered`);
  return m;
}
