/** Demo data, inserted on first start (and never over changes made since, such as a new password). */
import type { Db } from './db';
import { hashPassword } from './passwords';

export interface DemoPerson {
  nationalId: string;
  fullName: string;
  email: string | null;
  phone: string | null;
  password: string | null;
  isUser: boolean;
  suspended?: boolean;
  strongAuthRequired?: boolean;
  codeResetBlocked?: boolean;
  /** Business persons: may sign in for a business, and may use the admin entry. */
  businessAccess?: boolean;
  admin?: boolean;
  kind: 'PRIVATE' | 'BUSINESS';
}

export const demoPassword = 'Sommerfugl-42';

export const demoPersons: DemoPerson[] = [
  { nationalId: '01817010055', fullName: 'Kari Nordmann', email: 'kari@example.no', phone: '41234567', password: demoPassword, isUser: true, kind: 'PRIVATE' },
  {
    nationalId: '02827110186',
    fullName: 'Ola Nordmann',
    email: 'ola@example.no',
    phone: '41234568',
    password: demoPassword,
    isUser: true,
    suspended: true,
    kind: 'PRIVATE',
  },
  {
    nationalId: '03837210045',
    fullName: 'Nina Sterk',
    email: 'nina@example.no',
    phone: '41234569',
    password: demoPassword,
    isUser: true,
    strongAuthRequired: true,
    kind: 'PRIVATE',
  },
  {
    nationalId: '04847310095',
    fullName: 'Per Sperret',
    email: 'per@example.no',
    phone: '41234570',
    password: demoPassword,
    isUser: true,
    codeResetBlocked: true,
    kind: 'PRIVATE',
  },
  { nationalId: '05857410035', fullName: 'Anne Ukjent', email: null, phone: null, password: null, isUser: false, kind: 'PRIVATE' },
  {
    nationalId: '06867510085',
    fullName: 'Bjørn Bedrift',
    email: 'bjorn@example.no',
    phone: null,
    password: null,
    isUser: true,
    businessAccess: true,
    kind: 'BUSINESS',
  },
  { nationalId: '07877610026', fullName: 'Siv Utentilgang', email: 'siv@example.no', phone: null, password: null, isUser: true, kind: 'BUSINESS' },
  { nationalId: '08887710049', fullName: 'Ada Admin', email: 'ada@example.no', phone: null, password: null, isUser: true, admin: true, kind: 'BUSINESS' },
];

/** Idempotent: a person already there is left alone, and a second server seeding at once changes nothing. */
export function seed(db: Db) {
  const exists = db.prepare<[string], { national_id: string }>('SELECT national_id FROM persons WHERE national_id = ?');
  const insert = db.prepare(
    `INSERT OR IGNORE INTO persons (national_id, full_name, email, phone, password_hash, is_user, suspended, strong_auth_required, code_reset_blocked, business_access, admin, kind)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const person of demoPersons) {
    if (exists.get(person.nationalId)) continue;
    insert.run(
      person.nationalId,
      person.fullName,
      person.email,
      person.phone,
      person.password ? hashPassword(person.password) : null,
      person.isUser ? 1 : 0,
      person.suspended ? 1 : 0,
      person.strongAuthRequired ? 1 : 0,
      person.codeResetBlocked ? 1 : 0,
      person.businessAccess ? 1 : 0,
      person.admin ? 1 : 0,
      person.kind,
    );
  }
}
