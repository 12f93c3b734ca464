/**
 * What the insurer needs after the offer is chosen (the property calculators' «Страхователь» step): the
 * insurant with a passport, contacts, whether the insurant owns the property, and — optional — the
 * cadastral number. Saved on the server as the agent goes (PATCH …/details); checked before
 * «Отправить страховщику».
 */
import { formatDate } from '../../format';
import type { SummaryBlock } from '../products';

export interface PropertyInsurant {
  lastName?: string | null;
  firstName?: string | null;
  middleName?: string | null;
  birthDate?: string | null;
  passport?: { series?: string | null; number?: string | null; issuedAt?: string | null; issuer?: string | null } | null;
  address?: string | null;
}

export interface PropertyContractDetails {
  insurant: PropertyInsurant;
  contacts: { phone?: string | null; email?: string | null };
  /** The insurant owns the property (else: rents it or insures it for the owner). */
  insurantIsOwner: boolean | null;
  /** Кадастровый номер, when the agent has it. */
  cadastralNumber: string | null;
}

/** The first thing missing before «Отправить страховщику» (its field and a Russian message), or null. */
export function missingPropertyDetail(d: Partial<PropertyContractDetails>): { field: string; message: string } | null {
  const p = d.insurant ?? {};
  const checks: [unknown, string, string][] = [
    [p.lastName, 'details.insurant.lastName', 'Укажите фамилию страхователя'],
    [p.firstName, 'details.insurant.firstName', 'Укажите имя страхователя'],
    [p.birthDate, 'details.insurant.birthDate', 'Укажите дату рождения страхователя'],
    [p.passport?.series, 'details.insurant.passport.series', 'Укажите серию паспорта страхователя'],
    [p.passport?.number, 'details.insurant.passport.number', 'Укажите номер паспорта страхователя'],
    [p.passport?.issuedAt, 'details.insurant.passport.issuedAt', 'Укажите дату выдачи паспорта страхователя'],
    [d.contacts?.phone, 'details.contacts.phone', 'Укажите телефон страхователя'],
    [d.insurantIsOwner, 'details.insurantIsOwner', 'Укажите, является ли страхователь собственником'],
  ];
  const miss = checks.find(([v]) => v === undefined || v === null || v === '');
  return miss ? { field: miss[1], message: miss[2] } : null;
}

/** «Смирнова Анна Петровна», or null before the name is typed. */
export function propertyClientName(d: Partial<PropertyContractDetails>): string | null {
  const p = d.insurant;
  const name = [p?.lastName, p?.firstName, p?.middleName].filter(Boolean).join(' ').trim();
  return name || null;
}

/** The insurant's block of the contract page and the PDFs. */
export function propertyInsurantBlock(d: Partial<PropertyContractDetails>): SummaryBlock {
  const p = d.insurant ?? {};
  const pass = p.passport;
  return {
    title: 'Страхователь',
    rows: [
      { label: 'ФИО', value: propertyClientName(d) ?? '—' },
      { label: 'Дата рождения', value: p.birthDate ? formatDate(p.birthDate) : '—' },
      { label: 'Паспорт', value: pass?.number ? `${pass.series ?? ''} ${pass.number}${pass.issuedAt ? ` от ${formatDate(pass.issuedAt)}` : ''}`.trim() : '—' },
      { label: 'Телефон', value: d.contacts?.phone || '—' },
      { label: 'Собственник', value: d.insurantIsOwner == null ? '—' : d.insurantIsOwner ? 'страхователь' : 'другое лицо' },
      ...(d.cadastralNumber ? [{ label: 'Кадастровый номер', value: d.cadastralNumber }] : []),
    ],
  };
}
