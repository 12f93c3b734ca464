import { setIn } from 'formik';
import { PROPERTY_PARTS, formatDate, moscowCalendarDay, toIsoDate, validatePropertyInput, type Outbuilding, type PropertyCalculateRequest, type PropertyKind, type PropertyPart } from '@oyster/shared-kit/domain';

/** The property calculator's form: the request's fields as the kit's inputs hold them (sums in kopecks, null when empty). */
export interface PropertyValues {
  address: string;
  addressSuggestion: { value: string; data?: Record<string, unknown> } | null;
  area: number | null;
  yearBuilt: number | null;
  construction: string;
  floor: number | null;
  floors: number | null;
  walls: string;
  heating: string;
  seasonal: boolean;
  outbuildings: { name: string; walls: string; sum: number | null }[];
  cover: Record<PropertyPart, number | null>;
  fireSafety: boolean;
  alarm: boolean;
  startDate: string;
}

/** The kit's DateInput holds dd.mm.yyyy; the api takes YYYY-MM-DD. */
export const isoFromRu = (text: string) => toIsoDate(text) ?? text;
const tomorrow = () => formatDate(moscowCalendarDay(new Date(), 1));

export const initialPropertyValues = (): PropertyValues => ({
  address: '',
  addressSuggestion: null,
  area: null,
  yearBuilt: null,
  construction: '',
  floor: null,
  floors: null,
  walls: '',
  heating: '',
  seasonal: false,
  outbuildings: [],
  cover: { structure: null, finishing: null, contents: null, liability: null },
  fireSafety: true,
  alarm: false,
  startDate: tomorrow(),
});

/** The form → the api's calculation (only the kind's fields; empty parts left out). */
export function toPropertyRequest(v: PropertyValues, kind: PropertyKind): PropertyCalculateRequest {
  const cover = Object.fromEntries(PROPERTY_PARTS.filter((p) => (v.cover[p] ?? 0) > 0).map((p) => [p, v.cover[p]])) as PropertyCalculateRequest['cover'];
  const common = {
    kind,
    address: v.addressSuggestion && v.addressSuggestion.value === v.address ? v.addressSuggestion : { value: v.address },
    area: v.area as number,
    yearBuilt: v.yearBuilt as number,
    cover,
    fireSafety: v.fireSafety,
    alarm: v.alarm,
    startDate: isoFromRu(v.startDate),
  };
  return kind === 'apartment'
    ? { ...common, construction: (v.construction || undefined) as PropertyCalculateRequest['construction'], floor: v.floor ?? undefined, floors: v.floors ?? undefined }
    : {
        ...common,
        walls: (v.walls || undefined) as PropertyCalculateRequest['walls'],
        heating: (v.heating || undefined) as PropertyCalculateRequest['heating'],
        seasonal: v.seasonal,
        outbuildings: v.outbuildings.map((o) => ({ name: o.name, walls: o.walls, sum: o.sum }) as Outbuilding),
      };
}

/** A stored calculation (a renewal's) → the form. */
export function propertyValuesOf(c: PropertyCalculateRequest): PropertyValues {
  const empty = initialPropertyValues();
  return {
    ...empty,
    address: c.address.value,
    addressSuggestion: c.address,
    area: c.area,
    yearBuilt: c.yearBuilt,
    construction: c.construction ?? '',
    floor: c.floor ?? null,
    floors: c.floors ?? null,
    walls: c.walls ?? '',
    heating: c.heating ?? '',
    seasonal: !!c.seasonal,
    outbuildings: (c.outbuildings ?? []).map((o) => ({ ...o })),
    cover: { ...empty.cover, ...c.cover },
    fireSafety: c.fireSafety,
    alarm: c.alarm,
    startDate: formatDate(c.startDate),
  };
}

/** The fields as the form labels them: shared-kit's messages name the api's field, the agent reads the label. */
const FIELD_LABELS: Record<string, string> = {
  address: 'Адрес',
  'address.value': 'Адрес',
  area: 'Площадь, м²',
  yearBuilt: 'Год постройки',
  construction: 'Тип дома',
  floor: 'Этаж',
  floors: 'Этажей в доме',
  walls: 'Материал стен',
  heating: 'Отопление',
  startDate: 'Дата начала',
  cover: 'Что страхуем',
  'cover.structure': 'Конструктив',
  'cover.finishing': 'Отделка и инженерное оборудование',
  'cover.contents': 'Движимое имущество',
  'cover.liability': 'Гражданская ответственность перед соседями',
  outbuildings: 'Постройки',
  'outbuildings[].name': 'Что это',
  'outbuildings[].walls': 'Материал стен',
  'outbuildings[].sum': 'Страховая сумма',
};
/** «Поле «floor»: этаж больше этажности дома (floors)» → «Поле «Этаж»: этаж больше этажности дома («Этажей в доме»)». */
export const labelled = (message: string) =>
  message.replace(/«([\w.[\]]+)»/g, (m, k: string) => (FIELD_LABELS[k] ? `«${FIELD_LABELS[k]}»` : m)).replace(/\((\w+)\)$/, (m, k: string) => (FIELD_LABELS[k] ? `(«${FIELD_LABELS[k]}»)` : m));

/** The form's errors from shared-kit's check (the same the api makes), placed on the form's fields, in the form's words. */
export function propertyErrors(v: PropertyValues, kind: PropertyKind): Record<string, unknown> {
  let errors: Record<string, unknown> = {};
  for (const e of validatePropertyInput(toPropertyRequest(v, kind))) {
    const path = e.path === 'address.value' || e.path === 'address' ? 'address' : e.path.replace(/\[(\d+)\]/g, '.$1');
    if (!getPath(errors, path)) errors = setIn(errors, path, labelled(e.message));
  }
  return errors;
}
const getPath = (o: Record<string, unknown>, path: string) => path.split('.').reduce<unknown>((x, k) => (x && typeof x === 'object' ? (x as Record<string, unknown>)[k] : undefined), o);

/** The fields each calculation step asks (checked at «Далее»). */
export const STEP_FIELDS: Record<string, readonly string[]> = {
  object: ['address', 'area', 'yearBuilt', 'construction', 'floor', 'floors', 'walls', 'heating', 'seasonal', 'fireSafety', 'alarm', 'startDate'],
  outbuildings: ['outbuildings'],
  cover: ['cover'],
};
