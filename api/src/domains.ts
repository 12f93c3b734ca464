import type { Domain } from './platform/context.js';
import { reference } from './reference/index.js';
import { people } from './people/index.js';
import { dashboard } from './dashboard/index.js';
import { learning } from './learning/index.js';
import { suggest } from './suggest/index.js';
import { finance, financePayouts } from './finance/index.js';
import { sales } from './sales/index.js';
import { brokerRequests } from './broker-requests/index.js';
import { communications } from './communications/index.js';

/**
 * The api's domains, in registration and seeding order (reference data and people first: later seeds
 * point at them). A new domain is one folder with an index.ts exporting a Domain, listed here.
 */
export const DOMAINS: readonly Domain[] = [reference, people, dashboard, learning, suggest, finance, sales, financePayouts, brokerRequests, communications];
