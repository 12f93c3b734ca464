/** Offline address suggestions: regions, cities, streets of the largest cities and generated houses. */
import type { AddressBound, DadataAddress, DadataSuggestion, SuggestAddressRequest } from '@oyster/shared-kit/domain';
import { hash32, syntheticFiasId, type CityRow, type RegionRow, type StreetRow } from './data.js';
import { TYPO_MIN_LENGTH, TokenDictionary, queryWords, tokensOf, typoPrefix } from './text.js';

type Level = 'region' | 'city' | 'street';

/** DaData fias_level numbers of the bounds. */
const BOUND_LEVEL: Record<AddressBound, number> = { country: 0, region: 1, area: 3, city: 4, settlement: 6, street: 7, house: 8, flat: 9 };

interface Region {
  row: RegionRow;
  kladr: string;
  fias: string;
  population: number;
}
interface City {
  row: CityRow;
  region: Region;
  kladr: string;
  fias: string;
  withType: string;
}
interface Street {
  city: City;
  withType: string;
  type: string;
  typeFull: string;
  name: string;
  kladr: string;
  fias: string;
  postalCode: string;
  maxHouse: number;
}
interface Entity {
  id: number;
  level: Level;
  /** Lowest and highest fias level this entity stands for (Москва is a region and a city). */
  levels: [number, number];
  region: Region;
  city: City | null;
  street: Street | null;
  population: number;
  /** Tokens that name the entity itself; a suggestion needs one of them to be typed. */
  own: Set<string>;
  /** Names for the location filter (folded). */
  regionNames: string[];
  cityName: string | null;
}

/** Street types: short (as DaData writes them) → full. */
const STREET_TYPES: Record<string, string> = {
  ул: 'улица',
  'пр-кт': 'проспект',
  пер: 'переулок',
  'б-р': 'бульвар',
  ш: 'шоссе',
  наб: 'набережная',
  пл: 'площадь',
  проезд: 'проезд',
  тракт: 'тракт',
  дамба: 'дамба',
  аллея: 'аллея',
};
const REGION_TYPE_FULL: Record<string, string> = { обл: 'область', край: 'край', Респ: 'республика', г: 'город', АО: 'автономный округ', Аобл: 'автономная область' };

/** Words a person types around names that say nothing about which place is meant. */
const NOISE = new Set([
  'г', 'гор', 'город', 'ул', 'улица', 'пр', 'пр-кт', 'пр-т', 'просп', 'проспект', 'пер', 'переулок', 'б-р', 'бул', 'бульвар', 'ш', 'шоссе',
  'наб', 'набережная', 'пл', 'площадь', 'проезд', 'обл', 'область', 'респ', 'республика', 'край', 'р-н', 'район', 'д', 'дом', 'к', 'корп',
  'корпус', 'стр', 'строение', 'кв', 'квартира', 'офис', 'оф', 'россия', 'рф', 'ао', 'аобл',
]);

/** Short names people type for the largest cities (DaData understands them too). */
const CITY_ABBREVIATIONS: Record<string, string> = {
  мск: 'москва',
  спб: 'санкт-петербург',
  питер: 'санкт-петербург',
  екб: 'екатеринбург',
  нск: 'новосибирск',
};

/** What follows the last name word: the house, its block and the flat, as typed. */
interface HouseQuery {
  number: string;
  block: { type: 'к' | 'стр'; value: string } | null;
  flat: { type: 'кв' | 'офис'; value: string } | null;
}

const BLOCK_WORDS: Record<string, 'к' | 'стр'> = { к: 'к', корп: 'к', корпус: 'к', стр: 'стр', строение: 'стр' };
const FLAT_WORDS: Record<string, 'кв' | 'офис'> = { кв: 'кв', квартира: 'кв', оф: 'офис', офис: 'офис' };

/** '7', '7а', '7/2', '7к1', '7 к 1', '7 стр 2', '7, кв. 12' → the house query; null without a house number. */
function parseHouse(tail: string[]): HouseQuery | null {
  let house: HouseQuery | null = null;
  let expect: { kind: 'block'; type: 'к' | 'стр' } | { kind: 'flat'; type: 'кв' | 'офис' } | null = null;
  for (const word of tail) {
    if (BLOCK_WORDS[word]) {
      expect = { kind: 'block', type: BLOCK_WORDS[word] };
      continue;
    }
    if (FLAT_WORDS[word]) {
      expect = { kind: 'flat', type: FLAT_WORDS[word] };
      continue;
    }
    if (!house) {
      const m = /^(\d+[а-я]?(?:\/\d+)?)(?:(к|корп|стр)(\d+))?$/.exec(word);
      if (m) house = { number: m[1], block: m[2] ? { type: BLOCK_WORDS[m[2]], value: m[3] } : null, flat: null };
      expect = null;
      continue;
    }
    if (expect && /^\d+[а-я]?$/.test(word)) {
      if (expect.kind === 'block') house.block = { type: expect.type, value: word };
      else house.flat = { type: expect.type, value: word };
    }
    expect = null;
  }
  return house;
}

export interface AddressIndex {
  suggest(req: SuggestAddressRequest): DadataSuggestion<DadataAddress>[];
  size: { regions: number; cities: number; streets: number; tokens: number };
}

export function buildAddressIndex(regionRows: RegionRow[], cityRows: CityRow[], streetRows: StreetRow[]): AddressIndex {
  const regions = new Map<string, Region>();
  for (const row of regionRows) regions.set(row.code, { row, kladr: `${row.code}00000000000`, fias: syntheticFiasId(`region:${row.code}`), population: 0 });

  const cities = new Map<string, City>();
  const perRegionSeq = new Map<string, number>();
  for (const row of cityRows) {
    const region = regions.get(row.regionCode);
    if (!region) throw new Error(`cities.tsv: unknown region ${row.regionCode} of ${row.name}`);
    region.population += row.population;
    let kladr: string;
    let fias: string;
    if (row.capital === 2) {
      kladr = region.kladr;
      fias = region.fias;
    } else if (row.capital === 1) {
      kladr = `${row.regionCode}00000100000`;
      fias = syntheticFiasId(`city:${row.regionCode}:${row.name}`);
    } else {
      const seq = (perRegionSeq.get(row.regionCode) ?? 1) + 1;
      perRegionSeq.set(row.regionCode, seq);
      kladr = `${row.regionCode}000${String(seq).padStart(3, '0')}00000`;
      fias = syntheticFiasId(`city:${row.regionCode}:${row.name}`);
    }
    cities.set(row.name, { row, region, kladr, fias, withType: `г ${row.name}` });
  }

  const streets: Street[] = [];
  const perCitySeq = new Map<string, number>();
  for (const row of streetRows) {
    const city = cities.get(row.city);
    if (!city) throw new Error(`streets.tsv: unknown city ${row.city}`);
    const parts = row.withType.split(' ');
    let type = 'ул';
    let name = row.withType;
    if (STREET_TYPES[parts[0]] && parts.length > 1) {
      type = parts[0];
      name = parts.slice(1).join(' ');
    } else if (STREET_TYPES[parts[parts.length - 1]] && parts.length > 1) {
      type = parts[parts.length - 1];
      name = parts.slice(0, -1).join(' ');
    }
    const seq = (perCitySeq.get(row.city) ?? 0) + 1;
    perCitySeq.set(row.city, seq);
    const h = hash32(`${row.city}|${row.withType}`);
    streets.push({
      city,
      withType: row.withType,
      type,
      typeFull: STREET_TYPES[type],
      name,
      kladr: `${city.kladr.slice(0, 11)}${String(seq * 7 + (h % 7)).padStart(4, '0')}00`,
      fias: syntheticFiasId(`street:${city.kladr}:${row.withType}`),
      postalCode: `${city.row.postalCode.slice(0, 3)}${String(h % 1000).padStart(3, '0')}`,
      maxHouse: 20 + (h % 130),
    });
  }

  // ─── entities and the token dictionary ────────────────────────────────────────────────────────
  const entities: Entity[] = [];
  const dict = new TokenDictionary();
  const regionTokens = (r: Region) => tokensOf(r.row.name).filter((t) => !NOISE.has(t));
  const add = (e: Omit<Entity, 'id'>, parentTokens: string[]) => {
    const id = entities.length;
    entities.push({ ...e, id });
    for (const t of e.own) dict.add(t, id);
    for (const t of parentTokens) if (!e.own.has(t)) dict.add(t, id);
  };
  for (const region of regions.values()) {
    const city = region.row.type === 'г' ? cities.get(region.row.name) ?? null : null;
    if (city) continue; // the city entity stands for the region too
    add(
      { level: 'region', levels: [1, 1], region, city: null, street: null, population: region.population, own: new Set(regionTokens(region)), regionNames: [region.row.name, region.row.withType].map(foldName), cityName: null },
      [],
    );
  }
  for (const city of cities.values()) {
    const isRegion = city.row.capital === 2;
    add(
      {
        level: 'city',
        levels: isRegion ? [1, 4] : [4, 4],
        region: city.region,
        city,
        street: null,
        population: city.row.population,
        own: new Set(tokensOf(city.row.name)),
        regionNames: [city.region.row.name, city.region.row.withType].map(foldName),
        cityName: foldName(city.row.name),
      },
      regionTokens(city.region),
    );
  }
  for (const street of streets) {
    const own = new Set(tokensOf(street.name));
    add(
      {
        level: 'street',
        levels: [7, 7],
        region: street.city.region,
        city: street.city,
        street,
        // Streets rank after places; among streets the bigger city first.
        population: street.city.row.population,
        own,
        regionNames: [street.city.region.row.name, street.city.region.row.withType].map(foldName),
        cityName: foldName(street.city.row.name),
      },
      [...tokensOf(street.city.row.name), ...regionTokens(street.city.region)],
    );
  }

  const levelRank: Record<Level, number> = { region: 0, city: 0, street: 1 };

  function suggest(req: SuggestAddressRequest): DadataSuggestion<DadataAddress>[] {
    const count = req.count ?? 10;
    const typed = queryWords(req.query).map((w) => CITY_ABBREVIATIONS[w] ?? w);
    // The last word that names a place (not a noise word, not a house like '7к1'); what follows it is the house.
    const lastNameAt = typed.reduce((at, w, i) => (!NOISE.has(w) && /^[a-zа-я]/.test(w) ? i : at), -1);
    if (lastNameAt < 0) return [];
    const nameWords = typed.slice(0, lastNameAt + 1).filter((w) => !NOISE.has(w));
    const house = parseHouse(typed.slice(lastNameAt + 1));

    // Every typed word must name the entity or its city/region; one of them must name the entity itself.
    let scores: Map<number, { score: number; own: number }> | null = null;
    for (const word of nameWords) {
      const numeric = /^\d+$/.test(word);
      const matches = dict.match(word, { prefix: !numeric, typo: numeric ? false : 'fallback' });
      if (numeric && matches.size === 0) continue; // a stray number is not a reason to find nothing
      const next = new Map<number, { score: number; own: number }>();
      for (const [id, q] of matches) {
        const prev: { score: number; own: number } | undefined = scores ? scores.get(id) : { score: 0, own: 0 };
        if (!prev) continue;
        next.set(id, { score: prev.score + q, own: prev.own + ownQuality(entities[id], word) });
      }
      scores = next;
      if (!scores.size) return [];
    }
    if (!scores) return [];

    const from = req.from_bound ? BOUND_LEVEL[req.from_bound.value as AddressBound] : 0;
    const to = req.to_bound ? BOUND_LEVEL[req.to_bound.value as AddressBound] : 9;
    const locations = (req.locations ?? []).filter((l) => Object.values(l).some((v) => typeof v === 'string' && v.trim()));

    const wantHouses = !!house && from <= 8 && to >= 8;
    const inBounds = (e: Entity) => e.levels[1] >= from && e.levels[0] <= to;
    const found: { e: Entity; score: number; own: number }[] = [];
    for (const [id, s] of scores) {
      if (s.own === 0) continue;
      const e = entities[id];
      if (!(wantHouses && e.street) && !inBounds(e)) continue;
      if (locations.length && !locations.some((l) => inLocation(e, l))) continue;
      found.push({ e, score: s.score, own: s.own });
    }
    // Best match first; then what the words name themselves (not their city); places before streets; bigger first.
    found.sort((a, b) => b.score - a.score || b.own - a.own || levelRank[a.e.level] - levelRank[b.e.level] || b.e.population - a.e.population || a.e.id - b.e.id);

    const out: DadataSuggestion<DadataAddress>[] = [];
    for (const { e } of found) {
      if (out.length >= count) break;
      if (wantHouses && e.street) {
        const houses = housesFor(e.street, house!);
        for (const h of houses) {
          if (out.length >= count) break;
          // The typed flat goes with the house exactly as typed (flats are not listed offline).
          if (house!.flat && to >= 9 && h.exact) out.push(flatSuggestion(e.street, h, house!.flat));
          else out.push(houseSuggestion(e.street, h));
        }
        if (houses.length) continue;
      }
      if (inBounds(e)) out.push(entitySuggestion(e));
    }
    return out;
  }

  /** How well the word names the entity itself (one of its own tokens), not only its city or region: 0 not at all. */
  function ownQuality(e: Entity, word: string): number {
    const numeric = /^\d+$/.test(word);
    let best = 0;
    for (const t of e.own) {
      if (t === word) return 3;
      if (numeric) continue;
      if (t.startsWith(word)) best = Math.max(best, 2);
      else if (word.length >= TYPO_MIN_LENGTH && typoPrefix(word, t)) best = Math.max(best, 1);
    }
    return best;
  }

  return {
    suggest,
    size: { regions: regions.size, cities: cities.size, streets: streets.length, tokens: dict.size },
  };
}

function foldName(s: string): string {
  return s.toLowerCase().replace(/ё/g, 'е').trim();
}

type Location = NonNullable<SuggestAddressRequest['locations']>[number];

function inLocation(e: Entity, l: Location): boolean {
  const checks: boolean[] = [];
  if (l.country) checks.push(/^(россия|russia|ru)$/i.test(l.country.trim()));
  if (l.region) checks.push(e.regionNames.some((n) => n === foldName(l.region!) || n.startsWith(`${foldName(l.region!)} `) || n.endsWith(` ${foldName(l.region!)}`)));
  if (l.city) checks.push(e.cityName === foldName(l.city));
  if (l.street) checks.push(!!e.street && foldName(e.street.name) === foldName(l.street));
  if (l.kladr_id) {
    const k = l.kladr_id.replace(/0+$/, '');
    const own = e.street?.kladr ?? e.city?.kladr ?? e.region.kladr;
    checks.push(k.length > 0 && own.startsWith(k));
  }
  if (l.region_fias_id) checks.push(e.region.fias === l.region_fias_id);
  if (l.city_fias_id) checks.push(!!e.city && e.city.fias === l.city_fias_id);
  if (l.street_fias_id) checks.push(!!e.street && e.street.fias === l.street_fias_id);
  if (l.area || l.settlement || l.settlement_fias_id) checks.push(false); // no districts or settlements offline
  return checks.length > 0 && checks.every(Boolean);
}

// ─── houses ───────────────────────────────────────────────────────────────────────────────────────
interface House {
  number: string;
  blockType: 'к' | 'стр' | null;
  block: string | null;
  /** The house exactly as typed (number, letter and block), where a typed flat belongs. */
  exact: boolean;
}

/**
 * Houses of a street for a typed number: the exact one (with the typed block, or its letters and
 * blocks), then longer numbers. A number past the street's last house gives none.
 */
function housesFor(street: Street, typed: HouseQuery): House[] {
  const m = /^(\d+)([а-я]?)(?:\/(\d+))?$/.exec(typed.number);
  if (!m) return [];
  const n = Number(m[1]);
  const out: House[] = [];
  const exists = (k: number) => k >= 1 && k <= street.maxHouse;
  if (!exists(n)) return out;
  const number = `${n}${m[2] ? m[2].toUpperCase() : ''}${m[3] ? `/${m[3]}` : ''}`;
  if (typed.block) return [{ number, blockType: typed.block.type, block: typed.block.value, exact: true }];
  out.push({ number, blockType: null, block: null, exact: true });
  if (typed.flat) return out;
  if (!m[2] && !m[3]) {
    const h = hash32(`${street.fias}:${n}`);
    if (h % 3 === 0) out.push({ number: String(n), blockType: 'к', block: '1', exact: false }, { number: String(n), blockType: 'к', block: '2', exact: false });
    if (h % 4 === 1) out.push({ number: String(n), blockType: 'стр', block: '1', exact: false });
    if (h % 5 === 2) out.push({ number: `${n}А`, blockType: null, block: null, exact: false });
    for (let k = n * 10; k < n * 10 + 10; k++) if (exists(k)) out.push({ number: String(k), blockType: null, block: null, exact: false });
  }
  return out;
}

// ─── DaData shapes ────────────────────────────────────────────────────────────────────────────────
const ADDRESS_KEYS = [
  'postal_code', 'country', 'country_iso_code', 'federal_district', 'region_fias_id', 'region_kladr_id', 'region_iso_code', 'region_with_type', 'region_type', 'region_type_full', 'region',
  'area_fias_id', 'area_kladr_id', 'area_with_type', 'area_type', 'area_type_full', 'area', 'city_fias_id', 'city_kladr_id', 'city_with_type', 'city_type', 'city_type_full', 'city',
  'settlement_fias_id', 'settlement_kladr_id', 'settlement_with_type', 'settlement_type', 'settlement_type_full', 'settlement', 'street_fias_id', 'street_kladr_id', 'street_with_type',
  'street_type', 'street_type_full', 'street', 'house_fias_id', 'house_kladr_id', 'house_type', 'house_type_full', 'house', 'block_type', 'block_type_full', 'block', 'flat_type',
  'flat_type_full', 'flat', 'fias_id', 'fias_level', 'kladr_id', 'capital_marker', 'okato', 'oktmo', 'tax_office', 'timezone', 'geo_lat', 'geo_lon', 'qc_geo',
] as const;
const EMPTY_ADDRESS: Readonly<DadataAddress> = Object.freeze({
  ...(Object.fromEntries(ADDRESS_KEYS.map((k) => [k, null])) as DadataAddress),
  country: 'Россия',
  country_iso_code: 'RU',
});

/** Every DaData address field, null unless known. */
function baseData(): DadataAddress {
  return { ...EMPTY_ADDRESS };
}

function regionPart(d: DadataAddress, r: Region) {
  d.federal_district = r.row.federalDistrict;
  d.region_fias_id = r.fias;
  d.region_kladr_id = r.kladr;
  d.region_with_type = r.row.withType;
  d.region_type = r.row.type;
  d.region_type_full = REGION_TYPE_FULL[r.row.type] ?? r.row.type;
  d.region = r.row.name;
}

function cityPart(d: DadataAddress, c: City) {
  d.city_fias_id = c.fias;
  d.city_kladr_id = c.kladr;
  d.city_with_type = c.withType;
  d.city_type = 'г';
  d.city_type_full = 'город';
  d.city = c.row.name;
  d.capital_marker = c.row.capital === 2 ? '0' : c.row.capital === 1 ? '2' : '0';
}

/** 'г Казань' for a regional centre or a city-region, 'Московская обл, г Химки' otherwise. */
function cityLabel(c: City): string {
  return c.row.capital ? c.withType : `${c.region.row.withType}, ${c.withType}`;
}
function fullCityLabel(c: City): string {
  return c.row.capital === 2 ? c.withType : `${c.region.row.withType}, ${c.withType}`;
}

function entitySuggestion(e: Entity): DadataSuggestion<DadataAddress> {
  const d = baseData();
  regionPart(d, e.region);
  if (e.level === 'region') {
    d.fias_id = e.region.fias;
    d.kladr_id = e.region.kladr;
    d.fias_level = '1';
    return { value: e.region.row.withType, unrestricted_value: e.region.row.withType, data: d };
  }
  const c = e.city!;
  cityPart(d, c);
  if (e.level === 'city') {
    d.fias_id = c.fias;
    d.kladr_id = c.kladr;
    d.fias_level = c.row.capital === 2 ? '1' : '4';
    return { value: cityLabel(c), unrestricted_value: fullCityLabel(c), data: d };
  }
  const s = e.street!;
  streetPart(d, s);
  d.fias_id = s.fias;
  d.kladr_id = s.kladr;
  d.fias_level = '7';
  d.postal_code = s.postalCode;
  return { value: `${cityLabel(c)}, ${s.withType}`, unrestricted_value: `${s.postalCode}, ${fullCityLabel(c)}, ${s.withType}`, data: d };
}

function streetPart(d: DadataAddress, s: Street) {
  d.street_fias_id = s.fias;
  d.street_kladr_id = s.kladr;
  d.street_with_type = s.withType;
  d.street_type = s.type;
  d.street_type_full = s.typeFull;
  d.street = s.name;
}

/** A flat in a house: the house's address with «кв 12» (fias level 9). */
function flatSuggestion(s: Street, h: House, flat: NonNullable<HouseQuery['flat']>): DadataSuggestion<DadataAddress> {
  const house = houseSuggestion(s, h);
  const d = house.data;
  d.flat_type = flat.type;
  d.flat_type_full = flat.type === 'кв' ? 'квартира' : 'офис';
  d.flat = flat.value;
  d.fias_id = syntheticFiasId(`flat:${d.house_fias_id}:${flat.type} ${flat.value}`);
  d.fias_level = '9';
  const tail = `, ${flat.type} ${flat.value}`;
  return { value: house.value + tail, unrestricted_value: house.unrestricted_value + tail, data: d };
}

function houseSuggestion(s: Street, h: House): DadataSuggestion<DadataAddress> {
  const d = baseData();
  regionPart(d, s.city.region);
  cityPart(d, s.city);
  streetPart(d, s);
  const houseKey = `${h.number}${h.blockType ? ` ${h.blockType} ${h.block}` : ''}`;
  const fias = syntheticFiasId(`house:${s.fias}:${houseKey}`);
  const kladr = `${s.kladr.slice(0, 15)}${String(hash32(houseKey) % 10000).padStart(4, '0')}`;
  d.house_fias_id = fias;
  d.house_kladr_id = kladr;
  d.house_type = 'д';
  d.house_type_full = 'дом';
  d.house = h.number;
  if (h.blockType) {
    d.block_type = h.blockType;
    d.block_type_full = h.blockType === 'к' ? 'корпус' : 'строение';
    d.block = h.block;
  }
  d.fias_id = fias;
  d.kladr_id = kladr;
  d.fias_level = '8';
  d.postal_code = s.postalCode;
  const tail = `д ${h.number}${h.blockType ? ` ${h.blockType} ${h.block}` : ''}`;
  return { value: `${cityLabel(s.city)}, ${s.withType}, ${tail}`, unrestricted_value: `${s.postalCode}, ${fullCityLabel(s.city)}, ${s.withType}, ${tail}`, data: d };
}
