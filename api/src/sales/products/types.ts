import type { ContractCurrency, ProductCode, SummaryBlock } from '@oyster/shared-kit/domain';
import type { Queryable } from '../../platform/db.js';
import type { yup } from '../../platform/validation.js';
import type { ChangeContext, ContractSubmission, QuoteAnswer } from '../insurers/adapter.js';

/**
 * A product on the contract rails (issue 25): everything the rails need to know of one product, and
 * nothing the rails know of any product. The rails (routes/contracts.ts, routes/products.ts,
 * contracts/flow.ts, contracts/documents.ts, payments/) call these; e-OSAGO's is products/eosago/.
 * Registered in products/index.ts (PRODUCT_MODULES); its code must be in shared-kit sales/products.ts.
 */
export interface ProductModule<Calc = any, Details = any, Request = unknown> {
  code: ProductCode;
  /** The calculation as the calculator sends it (POST …/quote, the contract's `calculation`): 400s name the field. */
  calculationSchema: yup.AnyObjectSchema;
  /** The contract's details as the steps send them (PATCH …/details, every part optional). */
  detailsSchema: yup.AnyObjectSchema;
  /** A change the product takes (POST …/endorsements' `change`); none: the product takes no endorsements. */
  changeSchema?: yup.AnyObjectSchema;
  /** The calculation → what every insurer is asked (insurer-independent checks here: a 400 naming the field). */
  quoteRequest(q: Queryable, calc: Calc): Promise<Request>;
  /**
   * The demo insurers' rating of this product, until shared-kit sales/<product>/rating.ts gives it: the
   * demo adapter calls it for an insurer that sells the product. null: the insurer has no tariff for it.
   */
  demoQuote?(insurerCode: string, request: Request): QuoteAnswer | null;
  /**
   * The demo insurers' re-pricing of a change (kopecks: + extra, − returned), or the insurer's refusal naming
   * the change's field; null: this insurer takes no changes of the product. None: the demo insurers take none.
   */
  demoEndorse?(insurerCode: string, change: Record<string, unknown>, ctx: ChangeContext): number | { refusal: string; field: string } | null;
  /**
   * The contract's calculation (and details, when the change carries some of them) with a checked change
   * applied: what the contract keeps once the insurer priced it. Throws a 400 naming the field for a change
   * no insurer would take (nothing left insured, nothing changed). None: the calculation stays as it was.
   */
  applyChange?(row: ProductRow<Calc, Details>, change: Record<string, unknown>): { calculation: Calc; details?: Partial<Details> };
  /** The offer a quote answer becomes on the wire (kept with the contract as its `offer`). */
  offer(answer: Extract<QuoteAnswer, { kind: 'offer' }>, insurer: { id: string; name: string }): Record<string, unknown>;
  /** The contract as the insurer gets it at prepare / check. */
  submission(row: ProductRow<Calc, Details>): ContractSubmission;
  /** Saved details → the agent's client and vehicle records, linked to the contract (clients/link.ts); answers the clients changed. */
  linkRecords?(q: Queryable, contractId: string, userId: string): Promise<{ changed: string[] }>;
  /** The list's search and filter columns, copied out of the details. */
  searchColumns(details: Partial<Details>, calc: Calc): { client_name: string | null; plate: string | null; vin: string | null };
  /** What is still missing before «Отправить страховщику» (the field and a Russian message), or null. */
  missing(details: Partial<Details>, calc: Calc): { field: string; message: string } | null;
  /** The files the insurer must have before «Отправить страховщику» (KASKO's inspection photos): the first missing, or null. */
  missingFiles?(files: readonly { typeName: string | null }[], calc: Calc): { field: string; message: string } | null;
  /** The summary blocks of the contract page and of the draft/policy PDFs, in order. */
  summary(row: ProductRow<Calc, Details>): SummaryBlock[];
  /** The policy's term. */
  term(calc: Calc): { from: string; to: string };
  /**
   * The payment schedule of a premium (kopecks): 1..N instalments, the first due now; amounts sum to the premium.
   * `offer`: the chosen offer as the module made it (a mortgage's yearly amounts are its rating's, per policy year).
   */
  schedule(premium: number, calc: Calc, today: string, offer?: Record<string, unknown>): { dueDate: string; amount: number }[];
  /** What an instalment of the premium pays for, in words after «Взнос N из M» (the mortgage's yearly ones: «2-й год страхования»); none: nothing more to say. */
  instalmentNote?(number: number): string;
  /** The premium's currency the calculation asks for (RUB unless the product prices in another). */
  currency(calc: Calc): ContractCurrency;
  /** A change in words, for the history and the contract page, against the contract as it stands. */
  describeChange?(change: Record<string, unknown>, row: ProductRow<Calc, Details>): string;
  /** Names of the draft and the policy PDFs («Проект полиса ОСАГО», «Полис ОСАГО») and the payment page's heading («Оплата полиса ОСАГО»). */
  documentTitles: { draft: string; policy: string; payment: string };
}

/** What a product module reads of a contract row. */
export interface ProductRow<Calc = any, Details = any> {
  id: string;
  product: string;
  premium: string | number | null;
  calculation: Calc;
  details: Partial<Details>;
  offer: Record<string, unknown> | null;
  start_date: string | null;
  end_date: string | null;
  policy_number: string | null;
}
