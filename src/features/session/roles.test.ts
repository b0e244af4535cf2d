import { describe, expect, it } from 'vitest';
import { accountKind, decideRole, roleHome } from './roles';

describe('accountKind', () => {
  it('counts REGISTRERING as private only at eID level 103 or 104', () => {
    expect(accountKind('REGISTRERING', 103)).toBe('PRIVAT');
    expect(accountKind('REGISTRERING', 104)).toBe('PRIVAT');
    expect(accountKind('REGISTRERING', 102)).toBe('VIRKSOMHET');
    expect(accountKind('REGISTRERING')).toBe('VIRKSOMHET');
  });

  it('keeps the other roles as they are', () => {
    expect(accountKind('PRIVAT')).toBe('PRIVAT');
    expect(accountKind('VIRKSOMHET', 104)).toBe('VIRKSOMHET');
    expect(accountKind('ADMIN')).toBe('ADMIN');
  });
});

describe('roleHome', () => {
  it('maps each role to its home', () => {
    expect(roleHome('PRIVAT')).toBe('/postkasse/');
    expect(roleHome('VIRKSOMHET')).toBe('/virksomhetsadmin/');
    expect(roleHome('ADMIN')).toBe('/admin/');
    expect(roleHome('REGISTRERING', 104)).toBe('/postkasse/');
    expect(roleHome('REGISTRERING')).toBe('/virksomhetsadmin/');
  });
});

describe('decideRole', () => {
  it.each([
    ['PRIVAT', {}, { kind: 'stay' }],
    ['VIRKSOMHET', {}, { kind: 'stay' }],
    ['PRIVAT', { role: 'VIRKSOMHET' }, { kind: 'wrong-role', signedInAs: 'VIRKSOMHET' }],
    ['VIRKSOMHET', { role: 'PRIVAT' }, { kind: 'wrong-role', signedInAs: 'PRIVAT' }],
    ['PRIVAT', { role: 'PRIVAT' }, { kind: 'redirect', to: '/postkasse/' }],
    ['VIRKSOMHET', { role: 'VIRKSOMHET' }, { kind: 'redirect', to: '/virksomhetsadmin/' }],
    ['PRIVAT', { role: 'ADMIN' }, { kind: 'redirect', to: '/admin/' }],
    ['VIRKSOMHET', { role: 'ADMIN' }, { kind: 'redirect', to: '/admin/' }],
    ['PRIVAT', { role: 'REGISTRERING', authenticationlevelIdporten: 104 }, { kind: 'stay' }],
    ['VIRKSOMHET', { role: 'REGISTRERING', authenticationlevelIdporten: 103 }, { kind: 'wrong-role', signedInAs: 'PRIVAT' }],
    ['VIRKSOMHET', { role: 'REGISTRERING' }, { kind: 'stay' }],
    ['PRIVAT', { role: 'REGISTRERING' }, { kind: 'wrong-role', signedInAs: 'VIRKSOMHET' }],
  ] as const)('on the %s page with %o: %o', (page, root, decision) => {
    expect(decideRole(page, root)).toEqual(decision);
  });
});
