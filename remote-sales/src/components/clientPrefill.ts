import type { Client, ClientCard, ContractPerson, EosagoContractDetails, Vehicle } from '@oyster/shared-kit/domain';

/**
 * What a picked client or vehicle record (issue 25, «Выбрать клиента» / «Выбрать автомобиль») puts into
 * the e-OSAGO documents: the calculator's and the contract steps' forms fill from it. Only what the record
 * knows is set; the rest of the form stays as the agent typed it.
 */
type Details = Partial<EosagoContractDetails>;

/** A person of the contract from a client record (a company has no passport: its name goes to the surname line). */
export function personFromClient(c: Client): Partial<ContractPerson> {
  const defined = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v != null && v !== '')) as Partial<T>;
  return defined({
    lastName: c.kind === 'company' ? c.companyName : c.lastName,
    firstName: c.firstName,
    middleName: c.middleName,
    birthDate: c.birthDate,
    address: c.address?.value ?? null,
    passport: c.passport?.number
      ? ({ series: c.passport.series ?? '', number: c.passport.number, issuedAt: c.passport.issuedAt ?? '', issuer: c.passport.issuer ?? '' } as ContractPerson['passport'])
      : null,
  }) as Partial<ContractPerson>;
}

/** The contract's vehicle from a vehicle record. */
export function vehicleFromRecord(v: Vehicle): Partial<EosagoContractDetails['vehicle']> {
  return {
    plate: v.plate,
    vin: v.vin,
    bodyNumber: v.bodyNumber,
    make: v.make ?? '',
    model: v.model ?? '',
    ...(v.year ? { year: v.year } : {}),
    ...(v.document?.type ? { document: { type: v.document.type, series: v.document.series, number: v.document.number ?? '', issuedAt: v.document.issuedAt ?? '' } } : {}),
  };
}

/** Any product's details with a picked client as `who` (their contacts too, when the record has them): e-OSAGO's owner or insurant, e-KASKO's insurant. */
export function withPerson<D extends { contacts?: { phone?: string | null; email?: string | null } | null }>(d: D, client: Client, who: keyof D & string): D {
  const next = { ...d, [who]: { ...((d[who] as object | null | undefined) ?? {}), ...personFromClient(client) } } as D;
  if (client.phone || client.email) next.contacts = { phone: client.phone ?? d.contacts?.phone ?? '', email: client.email ?? d.contacts?.email ?? '' } as D['contacts'];
  return next;
}

/** The documents with a picked client as `who` (withPerson); their only vehicle as the vehicle when `withVehicle`. */
export function withClient(d: Details, card: ClientCard, who: 'owner' | 'insurant', withVehicle = false): Details {
  const next = withPerson(d, card.client, who);
  if (withVehicle && card.vehicles.length === 1) next.vehicle = { ...(d.vehicle ?? {}), ...vehicleFromRecord(card.vehicles[0]) } as EosagoContractDetails['vehicle'];
  return next;
}

export function withVehicle(d: Details, v: Vehicle): Details {
  return { ...d, vehicle: { ...(d.vehicle ?? {}), ...vehicleFromRecord(v) } as EosagoContractDetails['vehicle'] };
}

/** The calculator's owner address from the record: the suggestion as it was chosen (the rating needs its region code), else only the text. */
export function addressSuggestionOf(c: Client): { value: string; data: Record<string, unknown> } | null {
  return c.address?.data?.region_kladr_id ? { value: c.address.value, data: c.address.data } : null;
}
