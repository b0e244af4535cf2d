import { isLanguage, type Language } from '../../src/contract/languages';
import type { Db } from './db';

export interface Person {
  nationalId: string;
  fullName: string;
  email: string | null;
  phone: string | null;
  passwordHash: string | null;
  isUser: boolean;
  suspended: boolean;
  strongAuthRequired: boolean;
  codeResetBlocked: boolean;
  businessAccess: boolean;
  admin: boolean;
  kind: 'PRIVATE' | 'BUSINESS';
  /** The language the person reads the service in: the emails they are sent are written in it. */
  language: Language;
}

interface PersonRow {
  national_id: string;
  full_name: string;
  email: string | null;
  phone: string | null;
  password_hash: string | null;
  is_user: number;
  suspended: number;
  strong_auth_required: number;
  code_reset_blocked: number;
  business_access: number;
  admin: number;
  kind: 'PRIVATE' | 'BUSINESS';
  language: string;
}

function fromRow(row: PersonRow): Person {
  return {
    nationalId: row.national_id,
    fullName: row.full_name,
    email: row.email,
    phone: row.phone,
    passwordHash: row.password_hash,
    isUser: row.is_user === 1,
    suspended: row.suspended === 1,
    strongAuthRequired: row.strong_auth_required === 1,
    codeResetBlocked: row.code_reset_blocked === 1,
    businessAccess: row.business_access === 1,
    admin: row.admin === 1,
    kind: row.kind,
    language: isLanguage(row.language) ? row.language : 'nb',
  };
}

export function createPersonStore(db: Db) {
  const byId = db.prepare<[string], PersonRow>('SELECT * FROM persons WHERE national_id = ?');
  const byKind = db.prepare<[string], PersonRow>('SELECT * FROM persons WHERE kind = ? ORDER BY full_name');
  const setHash = db.prepare('UPDATE persons SET password_hash = ? WHERE national_id = ?');
  const insert = db.prepare(
    `INSERT INTO persons (national_id, full_name, email, phone, password_hash, is_user, kind, language) VALUES (?, ?, ?, ?, ?, 1, 'PRIVATE', ?)`,
  );
  return {
    find(nationalId: string): Person | null {
      const row = byId.get(nationalId);
      return row ? fromRow(row) : null;
    },
    ofKind(kind: Person['kind']): Person[] {
      return byKind.all(kind).map(fromRow);
    },
    setPasswordHash(nationalId: string, hash: string) {
      setHash.run(hash, nationalId);
    },
    /** An ordinary private user, for demos and tests that must not share state. */
    add(person: { nationalId: string; fullName: string; email: string; phone: string; passwordHash: string; language?: Language }) {
      insert.run(person.nationalId, person.fullName, person.email, person.phone, person.passwordHash, person.language ?? 'nb');
    },
  };
}

export type PersonStore = ReturnType<typeof createPersonStore>;
