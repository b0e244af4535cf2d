import { describe, expect, it } from 'vitest';
import { redact, redactUrl } from './redact';

describe('redact', () => {
  it('replaces national ID numbers, with or without spaces', () => {
    expect(redact('id 01817010055 end')).toBe('id [national-id] end');
    expect(redact('018170 10055')).toBe('[national-id]');
    expect(redact('018 170 100 55')).toBe('[national-id]');
  });

  it('replaces phone numbers, with or without +47', () => {
    expect(redact('call 91234567')).toBe('call [phone]');
    expect(redact('call +47 912 34 567 now')).toBe('call [phone] now');
    expect(redact('+4791234567')).toBe('[phone]');
  });

  it('leaves shorter and longer digit runs that are neither alone', () => {
    expect(redact('level 103')).toBe('level 103');
    expect(redact('year 2024')).toBe('year 2024');
  });

  it('replaces email addresses, also URL-encoded', () => {
    expect(redact('mail kari.nordmann@example.no please')).toBe('mail [email] please');
    expect(redactUrl('/x?to=kari%40example.no')).toBe('/x?to=[email]');
  });

  it('replaces tokens in mobile paths', () => {
    expect(redactUrl('/innlogging/mobileLogin/abc-123/password')).toBe('/innlogging/mobileLogin/[token]/password');
    expect(redactUrl('/innlogging/en/mobileSuccess/xyz')).toBe('/innlogging/en/mobileSuccess/[token]');
    expect(redactUrl('https://h/innlogging/mobileSuccessWithIDportenLogout/t0k?x=1')).toBe('https://h/innlogging/mobileSuccessWithIDportenLogout/[token]?x=1');
    expect(redactUrl('mobileLogin/secret')).toBe('mobileLogin/[token]');
  });

  it('replaces token, code, state and kode query values and keeps the rest', () => {
    expect(redactUrl('/a?token=s3cret&lang=en&code=abc&state=st#h')).toBe('/a?token=[token]&lang=en&code=[token]&state=[token]#h');
    expect(redactUrl('/innlogging/loginError?kode=IKKE_AUTORISERT')).toBe('/innlogging/loginError?kode=[token]');
    expect(redactUrl('/a?Token=x')).toBe('/a?Token=[token]');
  });

  it('leaves harmless text alone', () => {
    expect(redact('eid')).toBe('eid');
    expect(redact('/innlogging/en/')).toBe('/innlogging/en/');
  });
});
