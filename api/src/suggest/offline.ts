/** The offline suggestion engine: indexes built once, on the first call, from api/data/suggest. */
import type {
  DadataAddress,
  DadataBank,
  DadataEmail,
  DadataFio,
  DadataFmsUnit,
  DadataSuggestion,
  SuggestAddressRequest,
  SuggestBankRequest,
  SuggestEmailRequest,
  SuggestFioRequest,
  SuggestFmsUnitRequest,
} from '@oyster/shared-kit/domain';
import { buildAddressIndex, type AddressIndex } from './address.js';
import { buildBankIndex, type BankIndex } from './bank.js';
import { buildEmailIndex, type EmailIndex } from './email.js';
import { buildFioIndex, type FioIndex } from './fio.js';
import { buildFmsIndex, type FmsIndex } from './fms.js';
import {
  findDataDir,
  loadBanks,
  loadCities,
  loadEmailDomains,
  loadFmsUnits,
  loadNames,
  loadPatronymics,
  loadRegions,
  loadStreets,
  loadSurnames,
} from './data.js';

export interface OfflineSuggest {
  address(req: SuggestAddressRequest): DadataSuggestion<DadataAddress>[];
  fio(req: SuggestFioRequest): DadataSuggestion<DadataFio>[];
  bank(req: SuggestBankRequest): DadataSuggestion<DadataBank>[];
  fms_unit(req: SuggestFmsUnitRequest): DadataSuggestion<DadataFmsUnit>[];
  email(req: SuggestEmailRequest): DadataSuggestion<DadataEmail>[];
  /** Builds every index now (otherwise each is built on its first call); returns the sizes. */
  warm(): Record<string, unknown>;
}

export function createOfflineSuggest(dataDirHints: (string | undefined)[] = []): OfflineSuggest {
  let dir: string | null = null;
  const dataDir = () => (dir ??= findDataDir(dataDirHints));
  const lazy = <T>(build: () => T) => {
    let value: T | null = null;
    return () => (value ??= build());
  };
  const cities = lazy(() => loadCities(dataDir()));
  const regions = lazy(() => loadRegions(dataDir()));
  const address = lazy<AddressIndex>(() => buildAddressIndex(regions(), cities(), loadStreets(dataDir())));
  const fio = lazy<FioIndex>(() => buildFioIndex(loadNames(dataDir()), loadPatronymics(dataDir()), loadSurnames(dataDir())));
  const bank = lazy<BankIndex>(() => {
    const byName = new Map(cities().map((c) => [c.name, c]));
    const regionByCode = new Map(regions().map((r) => [r.code, r]));
    return buildBankIndex(loadBanks(dataDir()), (name) => {
      const c = byName.get(name);
      const r = c ? regionByCode.get(c.regionCode) : undefined;
      const city = `г ${name}`;
      if (!c || !r || c.capital === 2) return { value: city, unrestricted: city };
      return { value: c.capital ? city : `${r.withType}, ${city}`, unrestricted: `${c.postalCode}, ${r.withType}, ${city}` };
    });
  });
  const fms = lazy<FmsIndex>(() => buildFmsIndex(loadFmsUnits(dataDir())));
  const email = lazy<EmailIndex>(() => buildEmailIndex(loadEmailDomains(dataDir())));

  return {
    address: (req) => address().suggest(req),
    fio: (req) => fio().suggest(req),
    bank: (req) => bank().suggest(req),
    fms_unit: (req) => fms().suggest(req),
    email: (req) => email().suggest(req),
    warm: () => ({ dataDir: dataDir(), address: address().size, fio: fio().size, banks: bank().size, fmsUnits: fms().size, emailDomains: email().size }),
  };
}
