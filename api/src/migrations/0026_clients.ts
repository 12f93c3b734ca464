import type { Migration } from '../platform/migrations.js';

/**
 * Migration 26: the client and the vehicle, typed once (issue 25; api/src/sales/clients).
 * - clients: an agent's client, a person (name, birth date, passport with its issuing unit's code) or a
 *   company (name, INN, KPP, OGRN, contact person); the address as its suggestion gave it (jsonb: value and
 *   the parts the rating reads); phone and email. agent_id is the scope module's column (whose client);
 *   created_by who typed it.
 *   `name_key` (the name upper-cased, Ё as Е) and `phone_key` (the phone's 10 national digits) are the
 *   search keys, in the "C" collation so a prefix LIKE and the list's order use one btree each, for the
 *   agent (agent_id first) and for staff who see everyone. Keyset pages by (name_key, id).
 *   One person per passport and one company per INN + KPP in an agent's book (unique, partial): the
 *   «typed once» rule holds even for two saves at once.
 * - vehicles: a client's vehicle (make, model, year, VIN or body number, plate, power, category, the
 *   STS/PTS/EPTS with its number and date). agent_id = its owner's (kept with it: scope and the plate's
 *   index without a join). One vehicle per VIN in an agent's book. A client deleted takes their vehicles.
 * - contracts.client_id / vehicle_id: the records a contract was typed into (ON DELETE RESTRICT: a client
 *   or a vehicle with contracts is never deleted — the api says so first with a 409).
 * Shipped: never edit.
 */
const SQL = String.raw`
CREATE TABLE clients (
  id char(24) PRIMARY KEY,
  agent_id char(24) NOT NULL REFERENCES users(id),
  created_by char(24) REFERENCES users(id),
  kind text NOT NULL CHECK (kind IN ('person', 'company')),
  last_name text,
  first_name text,
  middle_name text,
  birth_date date,
  passport_series text,
  passport_number text,
  passport_issued_at date,
  passport_issuer text,
  passport_unit_code text,
  company_name text,
  inn text,
  kpp text,
  ogrn text,
  contact_person text,
  address jsonb,
  phone text,
  email text,
  name text NOT NULL,
  name_key text COLLATE "C" NOT NULL,
  phone_key text COLLATE "C",
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX clients_agent_name_idx ON clients(agent_id, name_key, id);
CREATE INDEX clients_name_idx ON clients(name_key, id);
CREATE INDEX clients_agent_phone_idx ON clients(agent_id, phone_key) WHERE phone_key IS NOT NULL;
CREATE INDEX clients_phone_idx ON clients(phone_key) WHERE phone_key IS NOT NULL;
CREATE UNIQUE INDEX clients_agent_passport_idx ON clients(agent_id, passport_series, passport_number) WHERE passport_number IS NOT NULL;
CREATE UNIQUE INDEX clients_agent_inn_idx ON clients(agent_id, inn, coalesce(kpp, '')) WHERE inn IS NOT NULL;

CREATE TABLE vehicles (
  id char(24) PRIMARY KEY,
  agent_id char(24) NOT NULL REFERENCES users(id),
  client_id char(24) NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  make text,
  model text,
  year int,
  vin text COLLATE "C",
  body_number text,
  plate text COLLATE "C",
  power_hp int,
  category text,
  doc_type text CHECK (doc_type IN ('STS', 'PTS', 'EPTS')),
  doc_series text,
  doc_number text,
  doc_issued_at date,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX vehicles_client_idx ON vehicles(client_id, id);
CREATE INDEX vehicles_agent_plate_idx ON vehicles(agent_id, plate) WHERE plate IS NOT NULL;
CREATE INDEX vehicles_plate_idx ON vehicles(plate, id) WHERE plate IS NOT NULL;
CREATE INDEX vehicles_vin_idx ON vehicles(vin, id) WHERE vin IS NOT NULL;
CREATE UNIQUE INDEX vehicles_agent_vin_idx ON vehicles(agent_id, vin) WHERE vin IS NOT NULL;

ALTER TABLE contracts ADD COLUMN client_id char(24) REFERENCES clients(id) ON DELETE RESTRICT;
ALTER TABLE contracts ADD COLUMN vehicle_id char(24) REFERENCES vehicles(id) ON DELETE RESTRICT;
CREATE INDEX contracts_client_idx ON contracts(client_id, created_at DESC, id DESC) WHERE client_id IS NOT NULL;
CREATE INDEX contracts_vehicle_idx ON contracts(vehicle_id, created_at DESC, id DESC) WHERE vehicle_id IS NOT NULL;
`;

export const migration: Migration = { version: 26, name: 'clients', sql: SQL };
