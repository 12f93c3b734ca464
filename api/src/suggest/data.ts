/** Reads the offline data set (api/data/suggest, see its README.md). */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createHash } from 'node:crypto';

/** Where the data folder is: SUGGEST_DATA_DIR, or api/data/suggest below the repo root or the working folder. */
export function findDataDir(hints: (string | undefined)[] = []): string {
  const candidates = [
    process.env.SUGGEST_DATA_DIR,
    ...hints.flatMap((h) => (h ? [join(h, 'api', 'data', 'suggest'), join(h, 'data', 'suggest')] : [])),
    join(process.cwd(), 'api', 'data', 'suggest'),
    join(process.cwd(), 'data', 'suggest'),
    join(process.cwd(), '..', 'api', 'data', 'suggest'),
  ].filter((c): c is string => !!c);
  for (const c of candidates) if (existsSync(join(c, 'regions.tsv'))) return resolve(c);
  throw new Error(`offline suggestion data not found (looked in ${candidates.join(', ')}); set SUGGEST_DATA_DIR`);
}

/** Rows of a TSV file without comments and blank lines. */
export function readTsv(dir: string, file: string): string[][] {
  return readFileSync(join(dir, file), 'utf8')
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => l.replace(/\r$/, '').split('\t'));
}

/** A stable number from a text (FNV-1a, 32 bits). */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A UUID-shaped id derived from a path of names (NOT a real FIAS GUID; see the data README). */
export function syntheticFiasId(path: string): string {
  const h = createHash('sha1').update(`oyster-fias:${path}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16], 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

// ─── typed rows ───────────────────────────────────────────────────────────────────────────────────
export interface RegionRow {
  code: string;
  withType: string;
  type: string;
  name: string;
  federalDistrict: string;
}
export interface CityRow {
  name: string;
  regionCode: string;
  population: number;
  postalCode: string;
  /** 1 regional centre, 2 the city is the region (Москва, Санкт-Петербург, Севастополь). */
  capital: 0 | 1 | 2;
}
export interface StreetRow {
  city: string;
  withType: string;
}
export interface NameRow {
  text: string;
  gender: 'MALE' | 'FEMALE' | 'UNKNOWN';
}
export interface PatronymicRow {
  male: string;
  female: string;
}
export interface SurnameRow {
  male: string;
  female: string;
}
export interface BankRow {
  bic: string;
  correspondentAccount: string;
  kpp: string | null;
  inn: string | null;
  payment: string;
  short: string;
  city: string;
  aliases: string[];
}
export interface FmsRow {
  code: string;
  name: string;
  regionCode: string;
  type: string;
}

const genderOf = (g: string): NameRow['gender'] => (g === 'M' ? 'MALE' : g === 'F' ? 'FEMALE' : 'UNKNOWN');
const orNull = (v: string | undefined) => (v && v.trim() ? v.trim() : null);

export function loadRegions(dir: string): RegionRow[] {
  return readTsv(dir, 'regions.tsv').map(([code, withType, type, name, federalDistrict]) => ({ code, withType, type, name, federalDistrict }));
}
export function loadCities(dir: string): CityRow[] {
  return readTsv(dir, 'cities.tsv').map(([name, regionCode, pop, postalCode, capital]) => ({
    name,
    regionCode,
    population: Number(pop),
    postalCode,
    capital: (Number(capital) || 0) as 0 | 1 | 2,
  }));
}
export function loadStreets(dir: string): StreetRow[] {
  return readTsv(dir, 'streets.tsv').map(([city, withType]) => ({ city, withType }));
}
export function loadNames(dir: string): NameRow[] {
  return readTsv(dir, 'names.tsv').map(([text, g]) => ({ text, gender: genderOf(g) }));
}
export function loadPatronymics(dir: string): PatronymicRow[] {
  return readTsv(dir, 'patronymics.tsv').map(([male, female]) => ({ male, female }));
}
export function loadSurnames(dir: string): SurnameRow[] {
  return readTsv(dir, 'surnames.tsv').map(([male, female]) => ({ male, female: female || male }));
}
export function loadBanks(dir: string): BankRow[] {
  return readTsv(dir, 'banks.tsv').map(([bic, correspondentAccount, kpp, inn, payment, short, city, aliases]) => ({
    bic,
    correspondentAccount,
    kpp: orNull(kpp),
    inn: orNull(inn),
    payment,
    short,
    city,
    aliases: (aliases ?? '').split(',').map((a) => a.trim()).filter(Boolean),
  }));
}
export function loadFmsUnits(dir: string): FmsRow[] {
  return readTsv(dir, 'fms_units.tsv').map(([code, name, regionCode, type]) => ({ code, name, regionCode, type }));
}
export function loadEmailDomains(dir: string): string[] {
  return readFileSync(join(dir, 'email_domains.txt'), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
}
