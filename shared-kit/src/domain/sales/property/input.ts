/**
 * What the agent types in the property calculators — apartment (new-ifl, product ifl) and house
 * (new-ifl_house, product ifl_house) — and its check, with Russian messages naming the field path.
 * Sums in integer kopecks; a part not insured is left out (or 0).
 */
import * as yup from 'yup';
import type { FieldError } from '../../validation';
import { fields, validateInput } from '../ratingKit';

export const PROPERTY_KINDS = ['apartment', 'house'] as const;
export type PropertyKind = (typeof PROPERTY_KINDS)[number];
/** The contract product of each kind (spec §2: new-ifl, new-ifl_house). */
export const PROPERTY_PRODUCTS: Record<PropertyKind, 'ifl' | 'ifl_house'> = { apartment: 'ifl', house: 'ifl_house' };

export const APARTMENT_CONSTRUCTIONS = ['panel', 'brick', 'monolith', 'wooden'] as const;
export type ApartmentConstruction = (typeof APARTMENT_CONSTRUCTIONS)[number];
export const APARTMENT_CONSTRUCTION_TITLES: Record<ApartmentConstruction, string> = { panel: 'Панельный', brick: 'Кирпичный', monolith: 'Монолитный', wooden: 'Деревянный' };

export const HOUSE_WALLS = ['brick_stone', 'wooden_frame'] as const;
export type HouseWalls = (typeof HOUSE_WALLS)[number];
export const HOUSE_WALL_TITLES: Record<HouseWalls, string> = { brick_stone: 'Кирпич или камень', wooden_frame: 'Дерево или каркас' };

export const HOUSE_HEATING = ['stove_fireplace', 'other'] as const;
export type HouseHeating = (typeof HOUSE_HEATING)[number];
export const HOUSE_HEATING_TITLES: Record<HouseHeating, string> = { stove_fireplace: 'Печь или камин', other: 'Другое (газовое, электрическое, центральное)' };

export const PROPERTY_PARTS = ['structure', 'finishing', 'contents', 'liability'] as const;
export type PropertyPart = (typeof PROPERTY_PARTS)[number];
export const PROPERTY_PART_TITLES: Record<PropertyPart, string> = {
  structure: 'Конструктив',
  finishing: 'Отделка и инженерное оборудование',
  contents: 'Движимое имущество',
  liability: 'Гражданская ответственность перед соседями',
};

/** A part's sum, kopecks: up to 100 000 000 ₽ (the calculator's bound, ours). */
export const PROPERTY_SUM_MAX = 100_000_000_00;
export const PROPERTY_MAX_OUTBUILDINGS = 10;

export interface Outbuilding {
  /** «Баня», «Гараж». */
  name: string;
  walls: HouseWalls;
  /** Kopecks. */
  sum: number;
}

export interface PropertyCalculateRequest {
  kind: PropertyKind;
  /** One suggestion of /suggest/address as it came (its text is what the policy prints). */
  address: { value: string; data?: Record<string, unknown> };
  /** Whole square metres. */
  area: number;
  yearBuilt: number;
  /** Apartment: the building's construction. */
  construction?: ApartmentConstruction;
  /** Apartment: its floor and the building's floors. */
  floor?: number;
  floors?: number;
  /** What is covered, each with its sum (kopecks); at least one above 0. */
  cover: Partial<Record<PropertyPart, number>>;
  /** Fire-safety measures (extinguishers, detectors) are in place. */
  fireSafety: boolean;
  /** An alarm with monitoring. */
  alarm: boolean;
  /** House: walls, heating, seasonal occupancy, outbuildings. */
  walls?: HouseWalls;
  heating?: HouseHeating;
  seasonal?: boolean;
  outbuildings?: Outbuilding[];
  startDate: string; // YYYY-MM-DD
}

const sum = (path: string) => fields.int(path, 0, PROPERTY_SUM_MAX);
const isHouse = (kind: unknown) => kind === 'house';
const whenApartment = <S extends yup.Schema>(s: S, path: string) =>
  s.when('kind', { is: 'apartment', then: (x: yup.Schema) => x.required(fields.required(path)), otherwise: (x: yup.Schema) => x.strip() });
const whenHouse = <S extends yup.Schema>(s: S, path: string) =>
  s.when('kind', { is: isHouse, then: (x: yup.Schema) => x.required(fields.required(path)), otherwise: (x: yup.Schema) => x.strip() });

export const propertyCalculateSchema = yup
  .object({
    kind: fields.oneOf('kind', PROPERTY_KINDS).required(fields.required('kind')),
    address: yup
      .object({
        value: fields.text('address.value', 500).required(fields.required('address.value')),
        data: yup.object().label('address.data'),
      })
      .required(fields.required('address'))
      .label('address'),
    area: fields.int('area', 1, 10_000).required(fields.required('area')),
    yearBuilt: fields.int('yearBuilt', 1800, 2100).required(fields.required('yearBuilt')),
    construction: whenApartment(fields.oneOf('construction', APARTMENT_CONSTRUCTIONS), 'construction'),
    floor: whenApartment(fields.int('floor', 1, 200), 'floor'),
    floors: whenApartment(fields.int('floors', 1, 200), 'floors'),
    cover: yup
      .object({
        structure: sum('cover.structure'),
        finishing: sum('cover.finishing'),
        contents: sum('cover.contents'),
        liability: sum('cover.liability'),
      })
      .required(fields.required('cover'))
      .label('cover'),
    fireSafety: fields.bool('fireSafety').required(fields.required('fireSafety')),
    alarm: fields.bool('alarm').required(fields.required('alarm')),
    walls: whenHouse(fields.oneOf('walls', HOUSE_WALLS), 'walls'),
    heating: whenHouse(fields.oneOf('heating', HOUSE_HEATING), 'heating'),
    seasonal: whenHouse(fields.bool('seasonal'), 'seasonal'),
    outbuildings: yup
      .array(
        yup.object({
          name: fields.text('outbuildings[].name', 100).required(fields.required('outbuildings[].name')),
          walls: fields.oneOf('outbuildings[].walls', HOUSE_WALLS).required(fields.required('outbuildings[].walls')),
          sum: fields.int('outbuildings[].sum', 1, PROPERTY_SUM_MAX).required(fields.required('outbuildings[].sum')),
        }),
      )
      .max(PROPERTY_MAX_OUTBUILDINGS, `Поле «outbuildings»: не больше ${PROPERTY_MAX_OUTBUILDINGS} построек`)
      .label('outbuildings'),
    startDate: fields.date('startDate').required(fields.required('startDate')),
  })
  .test('something-covered', 'Укажите хотя бы одну сумму страхования (cover)', function (v) {
    const any = !v?.cover || PROPERTY_PARTS.some((p) => (v.cover[p] ?? 0) > 0) || (v.outbuildings ?? []).length > 0;
    return any || this.createError({ path: 'cover' });
  })
  .test('floor-of-floors', 'Поле «floor»: этаж больше этажности дома (floors)', function (v) {
    return !v || v.kind !== 'apartment' || !v.floor || !v.floors || v.floor <= v.floors || this.createError({ path: 'floor' });
  })
  .test('outbuildings-of-a-house', 'Поле «outbuildings»: постройки страхуются только с домом', function (v) {
    return !v || v.kind === 'house' || !(v.outbuildings ?? []).length || this.createError({ path: 'outbuildings' });
  })
  .test('built-before-start', 'Поле «yearBuilt»: год постройки позже даты начала полиса', function (v) {
    return !v?.yearBuilt || !v.startDate || v.yearBuilt <= Number(v.startDate.slice(0, 4)) || this.createError({ path: 'yearBuilt' });
  });

/** Every problem of a property calculation input (empty when it can be rated). */
export const validatePropertyInput = (v: unknown): FieldError[] => validateInput(propertyCalculateSchema, v);
